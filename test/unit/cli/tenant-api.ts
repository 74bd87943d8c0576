import type { DemoPbx } from '../../../electron/demo-pbx'

// The demo PBX's API as a tenant's manager, beside the command line: the config tests set up a
// source rule through it and check on the PBX itself what the command line wrote.

/** A tenant's API as its manager, for setting up and checking what the command line did. */
export async function tenantApi(pbx: DemoPbx, domain: string) {
  const signIn = await fetch(`${pbx.url}/api/auth/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'manager', password: 'manager', domain }),
  })
  const { access_token: token } = (await signIn.json()) as { access_token: string }
  const call = async <T>(path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${pbx.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
    const text = await response.text()
    return (text ? JSON.parse(text) : undefined) as T
  }
  type Named = { id: string; name: string }
  type Rule = Named & { holidays: Named[]; routes: { provider_id: string }[] }
  return {
    call,
    providers: async () => (await call<{ items: Named[] }>('/api/providers')).items,
    holidays: async () => (await call<{ items: Named[] }>('/api/holidays')).items,
    /** a rule by name, in full (a list leaves out the routes) */
    rule: async (name: string) => {
      const listed = (await call<{ items: Named[] }>('/api/outbound_rules')).items.find((rule) => rule.name === name)
      return listed && call<Rule>(`/api/outbound_rules/${listed.id}`)
    },
  }
}
