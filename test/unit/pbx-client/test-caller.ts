import type { PbxCaller } from '../../../electron/services/pbx-client/caller'
import { pbxRequest, type PbxResponse, type RequestOptions } from '../../../electron/services/pbx-client/request'

/**
 * A minimal PbxCaller for the resource client tests: one fixed token, no refresh. It records the
 * paths it was asked for, so a test can check what was sent.
 */
export interface TestCaller extends PbxCaller {
  readonly calls: { method: string; path: string; query?: RequestOptions['query']; json?: unknown }[]
}

export function testCaller(baseUrl: string, token?: string): TestCaller {
  const calls: TestCaller['calls'] = []
  return {
    baseUrl,
    calls,
    call(path: string, options: Omit<RequestOptions, 'token'> = {}): Promise<PbxResponse> {
      calls.push({ method: options.method ?? 'GET', path, query: options.query, json: options.json })
      return pbxRequest(baseUrl, path, { ...options, token })
    },
  }
}

export type Who = 'manager' | 'admin'

/** Signs in to the demo PBX with a raw fetch: `manager` of demo.pbx.example, or `admin`. */
export async function signIn(baseUrl: string, who: Who): Promise<string> {
  const body = who === 'admin' ? { username: 'admin', password: 'admin' } : { username: 'manager', password: 'manager', domain: 'demo.pbx.example' }
  const response = await fetch(`${baseUrl}/api/auth/sign_in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  })
  if (response.status !== 200) throw new Error(`sign-in as ${who} failed: ${response.status} ${await response.text()}`)
  const json = (await response.json()) as { access_token: string }
  return json.access_token
}

/** A caller signed in to the demo PBX as `who`. */
export async function signedInCaller(baseUrl: string, who: Who): Promise<TestCaller> {
  return testCaller(baseUrl, await signIn(baseUrl, who))
}
