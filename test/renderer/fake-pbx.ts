import type { About, DemoStatus, PbxApi } from '@contract/bridge'
import { CAPABILITIES, checkInput, type SystemInfo } from '@contract/pbx'
import { PbxProfileFieldsSchema, ProfilesFileSchema, type PbxProfile, type SessionState } from '@contract/profiles'
import type { BridgeError, BridgeResult } from '@contract/result'
import { vi, type Mock } from 'vitest'

/** A `window.pbx` for renderer tests: each operation a vitest mock answering BridgeResult values. */
export type FakePbx = { [N in keyof PbxApi]: Mock<PbxApi[N]> } & {
  /** what the fake keeps in memory; tests may look at it or change it between steps */
  state: FakeState
}

/** The fake's memory: saved PBXs, sessions, and the passwords its PBXs accept. */
export type FakeState = {
  profiles: PbxProfile[]
  sessions: Record<string, SessionState>
  /** the password each saved PBX accepts (by profile id) */
  passwords: Record<string, string>
  /** the password remembered in the "keychain" (by profile id) */
  remembered: Record<string, string>
}

export const ok = <T>(value: T): BridgeResult<T> => ({ ok: true, value })

export const fail = (code: BridgeError['code'], message: string, more: Partial<BridgeError> = {}): BridgeResult<never> => ({
  ok: false,
  error: { code, message, ...more },
})

export const sampleAbout: About = {
  name: 'PBX Provisioner',
  version: '0.1.0',
  versions: { node: '22.20.0', electron: '45.4.1', chrome: '142.0.0.0' },
  platform: 'linux',
  keychain: 'available',
}

export const sampleDemo: DemoStatus = {
  baseUrl: 'http://127.0.0.1:40123',
  accounts: [
    { username: 'admin', password: 'admin', domain: '', role: 'SystemAdmin' },
    { username: 'manager', password: 'manager', domain: 'demo.pbx.example', role: 'Admin' },
    { username: '1001', password: '1001', domain: 'demo.pbx.example', role: 'StandardUser' },
  ],
  profileIds: ['demo-tenant', 'demo-system'],
}

/** What the demo PBX answers at GET /api/info (electron/demo-pbx/README.md). */
export const sampleInfo: SystemInfo = {
  web_domain: 'pbx.demo.example',
  private_ipv4: '192.168.1.10',
  public_ipv4: '203.0.113.10',
  enable_ipv6: true,
  private_ipv6: 'fd00::10',
  public_ipv6: '2001:db8::10',
  primary_dns_server: '192.168.1.1',
  secondary_dns_server: '9.9.9.9',
  enable_dataflow: false,
}

/** A saved PBX with every field filled; pass what differs. */
export function sampleProfile(more: Partial<PbxProfile> & Pick<PbxProfile, 'id' | 'label'>): PbxProfile {
  return {
    baseUrl: 'https://pbx.example.com:8887',
    username: 'manager',
    domain: 'tenant.pbx.example',
    signInMethod: 'sign_in',
    customer: '',
    tags: [],
    notes: '',
    createdAt: '2025-01-10T09:00:00.000Z',
    lastUsedAt: null,
    rememberPassword: false,
    trustedCertificate: null,
    demo: false,
    ...more,
  }
}

/** A tenant admin's PBX (Acme) and a system administrator's (Globex): the fake's default list. */
export const acmeProfile = sampleProfile({
  id: 'p-acme',
  label: 'Acme HQ',
  baseUrl: 'https://pbx.acme.example:8887',
  username: 'manager',
  domain: 'acme.pbx.example',
  customer: 'Acme Corp',
  tags: ['retail', 'priority'],
  lastUsedAt: '2025-03-01T08:00:00.000Z',
})
export const globexProfile = sampleProfile({
  id: 'p-globex',
  label: 'Globex hosting',
  baseUrl: 'https://pbx.globex.example',
  username: 'admin',
  domain: '',
  customer: 'Globex Ltd',
  tags: ['hosting'],
  signInMethod: 'oauth',
})

/** GET /api/auth/user of the demo PBX's roles (README "Roles and capabilities"). */
const TENANT_ADMIN_CAPABILITIES = CAPABILITIES.filter((c) => !c.startsWith('ivr_servers') && !c.startsWith('notification'))
const SYSTEM_ADMIN_CAPABILITIES = CAPABILITIES.filter((c) => c.startsWith('ivr_servers') || c.startsWith('notification'))

export function signedIn(profile: Pick<PbxProfile, 'id' | 'username' | 'domain'>, role: 'Admin' | 'SystemAdmin' | 'StandardUser' = profile.domain === '' ? 'SystemAdmin' : 'Admin'): SessionState {
  const capabilities = role === 'Admin' ? [...TENANT_ADMIN_CAPABILITIES] : role === 'SystemAdmin' ? [...SYSTEM_ADMIN_CAPABILITIES] : []
  return {
    profileId: profile.id,
    status: 'signed_in',
    user: {
      username: profile.username,
      domain: profile.domain,
      role_id: role.toLowerCase(),
      role_name: role,
      capabilities,
      password_verified: true,
      password_force_reset: false,
    },
    expiresAt: '2099-01-01T00:00:00.000Z',
  }
}

export const WRONG_PASSWORD_MESSAGE = 'The PBX refused the sign-in: invalid username or password (401)'

function demoProfiles(baseUrl: string): PbxProfile[] {
  return [
    sampleProfile({ id: 'demo-tenant', label: 'Demo PBX (tenant admin)', baseUrl, username: 'manager', domain: 'demo.pbx.example', customer: 'Demo Company', tags: ['demo'], demo: true }),
    sampleProfile({ id: 'demo-system', label: 'Demo PBX (system administrator)', baseUrl, username: 'admin', domain: '', tags: ['demo'], demo: true }),
  ]
}

/**
 * An in-memory `window.pbx`: saved PBXs (Acme and Globex unless `state.profiles` says otherwise),
 * sessions, sign-in with the passwords of `state.passwords` (default: each user name is its own
 * password), a keychain of remembered passwords. Pass implementations to change one operation,
 * or use the mocks' `mockResolvedValueOnce` for one answer.
 */
export function createFakePbx(overrides: Partial<PbxApi> = {}, initial: Partial<FakeState> = {}): FakePbx {
  const profiles = structuredClone(initial.profiles ?? [acmeProfile, globexProfile])
  const state: FakeState = {
    profiles,
    sessions: { ...initial.sessions },
    passwords: { ...Object.fromEntries(profiles.map((p) => [p.id, p.username])), ...initial.passwords },
    remembered: { ...initial.remembered },
  }
  let nextId = 1

  const sessionOf = (profileId: string): SessionState => state.sessions[profileId] ?? { profileId, status: 'signed_out' }
  const find = (profileId: string) => state.profiles.find((p) => p.id === profileId)
  const notFound = () => fail('NOT_FOUND', 'This saved PBX no longer exists. Reload the list.')
  const signIn = (profile: PbxProfile): SessionState => {
    const session = signedIn(profile)
    state.sessions[profile.id] = session
    profile.lastUsedAt = new Date().toISOString()
    return session
  }

  const defaults: PbxApi = {
    getAbout: async () => ok(sampleAbout),
    probePbx: async () => ok(sampleInfo),
    startDemo: async () => {
      for (const profile of demoProfiles(sampleDemo.baseUrl)) {
        if (!find(profile.id)) {
          state.profiles.push(profile)
          state.passwords[profile.id] = profile.username
        }
      }
      return ok(sampleDemo)
    },
    listProfiles: async () => ok(structuredClone(state.profiles)),
    saveProfile: async (input) => {
      const checked = checkInput(PbxProfileFieldsSchema, input.fields)
      if (!checked.success) {
        const problem = checked.problems[0]
        return fail('INVALID_INPUT', `fields.${problem?.path}: ${problem?.message}`, { field: `fields.${problem?.path}` })
      }
      const fields = checked.data
      if (input.id !== undefined) {
        const profile = find(input.id)
        if (!profile) return notFound()
        Object.assign(profile, fields)
        return ok(structuredClone(profile))
      }
      const profile = sampleProfile({ ...fields, id: `p-new-${nextId++}`, createdAt: new Date().toISOString() })
      state.profiles.unshift(profile)
      state.passwords[profile.id] = profile.username
      return ok(structuredClone(profile))
    },
    removeProfile: async ({ profileId }) => {
      if (!find(profileId)) return notFound()
      state.profiles = state.profiles.filter((p) => p.id !== profileId)
      delete state.sessions[profileId]
      delete state.remembered[profileId]
      return ok({ removed: true as const })
    },
    exportProfiles: async () =>
      ok({ fileName: 'pbx-profiles.json', json: JSON.stringify({ version: 1, profiles: state.profiles }, null, 2) }),
    importProfiles: async ({ json }) => {
      let document: unknown
      try {
        document = JSON.parse(json)
      } catch {
        return fail('INVALID_INPUT', 'The file is not JSON: choose a file exported from PBX Provisioner', { field: 'json' })
      }
      const parsed = ProfilesFileSchema.safeParse(document)
      if (!parsed.success) return fail('INVALID_INPUT', 'The file is not a list of saved PBXs exported from PBX Provisioner', { field: 'json' })
      const skipped: string[] = []
      let added = 0
      for (const incoming of parsed.data.profiles) {
        const same = state.profiles.some(
          (p) => p.baseUrl === incoming.baseUrl && p.username === incoming.username && p.domain === incoming.domain,
        )
        if (same) skipped.push(incoming.label)
        else {
          state.profiles.push({ ...incoming, id: `p-imported-${nextId++}` })
          added++
        }
      }
      return ok({ added, skipped })
    },
    trustCertificate: async ({ profileId, certificate }) => {
      const profile = find(profileId)
      if (!profile) return notFound()
      profile.trustedCertificate = certificate
      state.sessions[profileId] = { profileId, status: 'signed_out' }
      return ok(structuredClone(profile))
    },
    listSessions: async () => ok(state.profiles.map((p) => sessionOf(p.id))),
    openPbx: async ({ profileId }) => {
      const profile = find(profileId)
      if (!profile) return notFound()
      if (sessionOf(profileId).status === 'signed_in') return ok(sessionOf(profileId))
      if (state.remembered[profileId] === state.passwords[profileId]) return ok(signIn(profile))
      return fail('NOT_SIGNED_IN', `Sign in to ${profile.label} first.`)
    },
    signIn: async ({ profileId, password, remember }) => {
      const profile = find(profileId)
      if (!profile) return notFound()
      const typed = password ?? state.remembered[profileId]
      if (typed === undefined) return fail('NOT_SIGNED_IN', `Sign in to ${profile.label} first.`)
      if (typed !== state.passwords[profileId]) return fail('PBX_ERROR', WRONG_PASSWORD_MESSAGE, { status: 401, pbxCode: 'UNAUTHORIZED' })
      if (remember && password !== undefined) {
        state.remembered[profileId] = password
        profile.rememberPassword = true
      }
      return ok(signIn(profile))
    },
    verifySignInCode: async ({ profileId }) => {
      const profile = find(profileId)
      if (!profile) return notFound()
      return ok(signIn(profile))
    },
    resendSignInCode: async ({ profileId }) => {
      if (!find(profileId)) return notFound()
      return ok({ profileId, status: 'code_required' as const })
    },
    signOut: async ({ profileId }) => {
      if (!find(profileId)) return notFound()
      state.sessions[profileId] = { profileId, status: 'signed_out' }
      return ok(state.sessions[profileId])
    },
  }

  const mock = <N extends keyof PbxApi>(name: N): Mock<PbxApi[N]> =>
    vi.fn<PbxApi[N]>((overrides[name] ?? defaults[name]) as PbxApi[N])

  return {
    state,
    getAbout: mock('getAbout'),
    probePbx: mock('probePbx'),
    startDemo: mock('startDemo'),
    listProfiles: mock('listProfiles'),
    saveProfile: mock('saveProfile'),
    removeProfile: mock('removeProfile'),
    exportProfiles: mock('exportProfiles'),
    importProfiles: mock('importProfiles'),
    trustCertificate: mock('trustCertificate'),
    listSessions: mock('listSessions'),
    openPbx: mock('openPbx'),
    signIn: mock('signIn'),
    verifySignInCode: mock('verifySignInCode'),
    resendSignInCode: mock('resendSignInCode'),
    signOut: mock('signOut'),
  }
}

/** Installs `fake` as `window.pbx` (declared read-only for the app, hence defineProperty). */
export function installFakePbx(fake: FakePbx = createFakePbx()): FakePbx {
  Object.defineProperty(window, 'pbx', { value: fake, configurable: true, writable: true })
  return fake
}

/** Removes `window.pbx`, as when the renderer is opened outside the app. */
export function removePbx(): void {
  Reflect.deleteProperty(window, 'pbx')
}

/** A promise resolved from outside, to hold an operation in flight while a test looks. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((done) => {
    resolve = done
  })
  return { promise, resolve }
}
