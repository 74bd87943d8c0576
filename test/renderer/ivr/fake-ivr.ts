import { bridge, type PbxApi } from '@contract/bridge'
import type { IvrServer, IvrStatus } from '@contract/pbx'
import { fail, ok } from '../fake-pbx'

/**
 * The IVR servers of fake PBXs, for `createFakePbx(createIvrFake(...).operations)`: the list
 * searched (name, ipv4, ipv6, case-insensitive), sorted (name, type: INTERNAL first ascending)
 * and paged as the demo PBX does it, reachability (enabled and not in 192.0.2.0/24), switching,
 * deleting (never the INTERNAL server) and adding, with the contract's input checks.
 */

export const IVR_OPERATIONS = [
  'listIvrServers',
  'ivrServerStatuses',
  'getIvrServer',
  'createIvrServer',
  'setIvrServerEnabled',
  'deleteIvrServer',
] as const satisfies readonly (keyof PbxApi)[]
type IvrOperation = (typeof IVR_OPERATIONS)[number]

export type FakeIvrState = {
  /** the servers of each PBX (by profile id), in creation order */
  servers: Record<string, IvrServer[]>
  /** PBXs whose status endpoint answers 404 (by profile id): `supported: false` */
  noStatus: Record<string, boolean>
  /** PBXs that do not offer deleting (by profile id): NOT_SUPPORTED */
  noDelete: Record<string, boolean>
  /** servers the PBX refuses to switch (by server id), with the PBX's message */
  refuseSwitch: Record<string, string>
}

export const CHECKED_AT = '2025-03-01T08:00:00.000Z'
export const FAKE_NO_DELETE = 'The PBX does not offer deleting IVR servers (404 on POST /api/ivr_servers/{id}/destroy).'

export const internalServer = (): IvrServer => ({ id: 'ivr-1', name: 'Built-in IVR', enabled: true, type: 'INTERNAL', ipv4: '127.0.0.1' })

/** The built-in server and `externals` EXTERNAL ones: "Branch n", 10.0.0.n; every third also IPv6; "Lab n" in TEST-NET-1 every fifth. */
export function fakeIvrServers(externals: number): IvrServer[] {
  const list = [internalServer()]
  for (let n = 1; n <= externals; n++) {
    const lab = n % 5 === 0
    list.push({
      id: `ivr-${n + 1}`,
      name: lab ? `Lab ${n}` : `Branch ${n}`,
      enabled: true,
      type: 'EXTERNAL',
      ipv4: lab ? `192.0.2.${n}` : `10.0.0.${n}`,
      ...(n % 3 === 0 ? { ipv6: `2001:db8::${n}` } : {}),
    })
  }
  return list
}

const inTestNet = (address: string | undefined) => address !== undefined && address.startsWith('192.0.2.')

export function reachable(server: IvrServer): boolean {
  if (server.type === 'INTERNAL') return server.enabled === true
  return server.enabled === true && !inTestNet(server.ipv4)
}

export function createIvrFake(isSignedIn: (profileId: string) => boolean): { operations: Pick<PbxApi, IvrOperation>; state: FakeIvrState } {
  const state: FakeIvrState = { servers: {}, noStatus: {}, noDelete: {}, refuseSwitch: {} }
  let nextId = 100
  const notSignedIn = () => fail('NOT_SIGNED_IN', 'Sign in to the PBX first.')
  const noServer = (serverId: string) => fail('PBX_ERROR', `The PBX has no IVR server ${serverId} (404).`, { status: 404 })
  const find = (profileId: string, serverId: string) => state.servers[profileId]?.find((server) => server.id === serverId)
  /** the contract's input check, as main does it before any service runs */
  const invalid = <N extends IvrOperation>(name: N, input: unknown) => {
    const checked = bridge[name].input.safeParse(input)
    if (checked.success) return null
    const problem = checked.error.issues[0]
    const field = problem?.path.map(String).join('.') ?? ''
    return fail('INVALID_INPUT', `${field}: ${problem?.message}`, { field })
  }

  const operations: Pick<PbxApi, IvrOperation> = {
    listIvrServers: async (input) => {
      const bad = invalid('listIvrServers', input)
      if (bad) return bad
      const { profileId, query } = bridge.listIvrServers.input.parse(input)
      if (!isSignedIn(profileId)) return notSignedIn()
      let list = [...(state.servers[profileId] ?? [])]
      const search = query.search?.toLowerCase()
      if (search) list = list.filter((s) => [s.name, s.ipv4, s.ipv6].some((value) => value?.toLowerCase().includes(search)))
      if (query.orderby) {
        const [field, direction] = query.orderby.split(' ')
        const rank = (s: IvrServer) => (field === 'type' ? (s.type === 'INTERNAL' ? '0' : '1') : (s.name ?? ''))
        list.sort((a, b) => rank(a).localeCompare(rank(b)) * (direction === 'desc' ? -1 : 1))
      }
      return ok(structuredClone({ count: list.length, items: list.slice(query.skip, query.skip + query.top) }))
    },
    ivrServerStatuses: async (input) => {
      const bad = invalid('ivrServerStatuses', input)
      if (bad) return bad
      const { profileId, serverIds } = input
      if (!isSignedIn(profileId)) return notSignedIn()
      if (state.noStatus[profileId]) return ok({ supported: false, statuses: [] })
      const statuses: (IvrStatus & { id: string })[] = []
      for (const id of serverIds) {
        const server = find(profileId, id)
        if (server) statuses.push({ id, reachable: reachable(server), checked_at: CHECKED_AT })
      }
      return ok({ supported: true, statuses })
    },
    getIvrServer: async ({ profileId, serverId }) => {
      if (!isSignedIn(profileId)) return notSignedIn()
      const server = find(profileId, serverId)
      return server ? ok(structuredClone(server)) : noServer(serverId)
    },
    createIvrServer: async (input) => {
      const bad = invalid('createIvrServer', input)
      if (bad) return bad
      const { profileId, server } = bridge.createIvrServer.input.parse(input)
      if (!isSignedIn(profileId)) return notSignedIn()
      const created: IvrServer = { id: `ivr-${nextId++}`, type: 'EXTERNAL', ...server }
      state.servers[profileId] = [...(state.servers[profileId] ?? []), created]
      return ok(structuredClone(created))
    },
    setIvrServerEnabled: async ({ profileId, serverId, enabled }) => {
      if (!isSignedIn(profileId)) return notSignedIn()
      const server = find(profileId, serverId)
      if (!server) return noServer(serverId)
      const refused = state.refuseSwitch[serverId]
      if (refused !== undefined) return fail('PBX_ERROR', refused, { status: 403 })
      server.enabled = enabled
      return ok(structuredClone(server))
    },
    deleteIvrServer: async ({ profileId, serverId }) => {
      if (!isSignedIn(profileId)) return notSignedIn()
      if (state.noDelete[profileId]) return fail('NOT_SUPPORTED', FAKE_NO_DELETE)
      const server = find(profileId, serverId)
      if (!server) return noServer(serverId)
      if (server.type === 'INTERNAL') return fail('PBX_ERROR', 'The built-in IVR server cannot be deleted (403).', { status: 403 })
      state.servers[profileId] = (state.servers[profileId] ?? []).filter((s) => s.id !== serverId)
      return ok({ deleted: true as const })
    },
  }
  return { operations, state }
}
