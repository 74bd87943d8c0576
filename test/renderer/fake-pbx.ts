import { bridge, type About, type DemoStatus, type PbxApi } from '@contract/bridge'
import type { UiState } from '@contract/bridge-desktop'
import { CAPABILITIES, checkInput, type SystemInfo } from '@contract/pbx'
import { CERTIFICATE_CHANGED_SESSION_MESSAGE, PbxProfileFieldsSchema, ProfilesFileSchema, type PbxProfile, type RecoveryState, type SessionState } from '@contract/profiles'
import type { BridgeError, BridgeResult, CertificateInfo } from '@contract/result'
import { OPERATION_NAMES, type OperationName } from '@contract/operations'
import { vi, type Mock } from 'vitest'
import { createBatchFakes, type BatchFakeState } from './fake-batches'
import { createProfileListFakes } from './fake-profile-list'
// the DECT push, QR codes and phones block (end of file)
import { batchStateOfTallies } from '@contract/batch-state'
import type { Batch, PhoneQr, PushProgress } from '@contract/dect'
import type { DectPhone } from '@contract/pbx'
// the fleet block (end of file)
import type { FleetEntry, FleetStatus } from '@contract/fleet'

/** A `window.pbx` for renderer tests: each operation a vitest mock answering BridgeResult values. */
export type FakePbx = { [N in keyof PbxApi]: Mock<PbxApi[N]> } & {
  /** what the fake keeps in memory; tests may look at it or change it between steps */
  state: FakeState
  /**
   * The user opens the mailed reset link on this computer: it comes back to the app, which asks
   * for the one-time code (the recovery moves to `code_sent`). False when no link is awaited.
   */
  openResetLink: (profileId: string) => boolean
  /**
   * The user finishes on the identity provider's page: the waiting `signInWithIdp` answers a
   * session (or `error`, e.g. the provider refused). False when no sign-in is waiting.
   */
  finishIdpSignIn: (profileId: string, error?: BridgeError) => boolean
  /** whether a `signInWithIdp` of that PBX is waiting for the browser */
  idpWaiting: (profileId: string) => boolean
  /** the DECT push, QR codes and phones (see `createDectFake`) */
  dect: FakeDect
  /** the fleet's kept figures and its background refresh (see `createFleetFake`) */
  fleet: FakeFleet
}

/** The fake's memory: saved PBXs, sessions, and the passwords its PBXs accept. */
export type FakeState = {
  profiles: PbxProfile[]
  sessions: Record<string, SessionState>
  /** the password each saved PBX accepts (by profile id) */
  passwords: Record<string, string>
  /** the password remembered in the "keychain" (by profile id) */
  remembered: Record<string, string>
  /**
   * two-factor PBXs: the one-time code each accepts (by profile id). Their sign-in answers
   * `code_required`, and `verifySignInCode` takes that code alone.
   */
  codes: Record<string, string>
  /** how many times the code was mailed (by profile id), the first sign-in included */
  codesSent: Record<string, number>
  /**
   * the certificate an address presents when this computer's system trust does not cover it (by
   * base URL): every call to it answers UNTRUSTED_CERTIFICATE until that fingerprint is trusted,
   * and CERTIFICATE_CHANGED when another one is
   */
  certificates: Record<string, PresentedCertificate>
  /** users who must set a new password (by profile id): their session has `password_force_reset` */
  forceReset: Record<string, boolean>
  /** tenants (by domain) whose identity provider is enabled, with their names */
  idpTenants: Record<string, string>
  /** password recoveries under way (by profile id) */
  recoveries: Record<string, RecoveryState>
  /** the reset link the "mail" of each recovery holds (by profile id) */
  resetLinks: Record<string, string>
  /** the one-time code each PBX mails during a recovery (by profile id; RECOVERY_CODE unless set) */
  recoveryCodes: Record<string, string>
  /** DECT batches on "this computer", and the MACs already on each PBX (fake-batches.ts) */
  batches: BatchFakeState
}

/** A certificate as a PBX presents it (what UNTRUSTED_CERTIFICATE says, less the reason). */
export type PresentedCertificate = Omit<CertificateInfo, 'reason' | 'trustedFingerprint256'>

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
  profileIds: ['demo-tenant'],
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
    group: '',
    colour: '',
    favourite: false,
    createdAt: '2025-01-10T09:00:00.000Z',
    lastUsedAt: null,
    rememberPassword: false,
    trustedCertificate: null,
    systemAdmin: null,
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

/** Two-factor sign-in (demo README "Two-factor sign-in"): the installer account of a tenant. */
export const installerProfile = sampleProfile({
  id: 'p-installer',
  label: 'Initech site',
  baseUrl: 'https://pbx.initech.example:8887',
  username: 'installer',
  domain: 'initech.pbx.example',
  customer: 'Initech Inc',
})
export const INSTALLER_CODE = '246810'
export const WRONG_CODE_MESSAGE = 'Wrong or expired code: the PBX refused the code (401)'

/** A PBX with a self-signed certificate nobody trusted yet. */
export const umbrellaProfile = sampleProfile({
  id: 'p-umbrella',
  label: 'Umbrella branch',
  baseUrl: 'https://pbx.umbrella.example:8887',
  username: 'manager',
  domain: 'umbrella.pbx.example',
})
export const selfSignedCertificate: PresentedCertificate = {
  fingerprint256: 'A1:B2:C3:D4:E5:F6:07:18:29:3A:4B:5C:6D:7E:8F:90:01:12:23:34:45:56:67:78:89:9A:AB:BC:CD:DE:EF:F0',
  subject: 'CN=pbx.umbrella.example, O=Umbrella',
  issuer: 'CN=pbx.umbrella.example, O=Umbrella',
  validFrom: 'Jan  1 00:00:00 2025 GMT',
  validTo: 'Dec 31 23:59:59 2034 GMT',
}

/** A PBX whose certificate was trusted, and which now presents another one (reinstalled). */
export const OLD_WAYNE_FINGERPRINT = '11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF:00'
export const wayneProfile = sampleProfile({
  id: 'p-wayne',
  label: 'Wayne tower',
  baseUrl: 'https://pbx.wayne.example',
  username: 'admin',
  domain: '',
  trustedCertificate: { fingerprint256: OLD_WAYNE_FINGERPRINT, subject: 'CN=pbx.wayne.example', validTo: 'Jun  1 00:00:00 2026 GMT' },
})
export const renewedCertificate: PresentedCertificate = {
  fingerprint256: 'FE:DC:BA:98:76:54:32:10:FE:DC:BA:98:76:54:32:10:FE:DC:BA:98:76:54:32:10:FE:DC:BA:98:76:54:32:10',
  subject: 'CN=pbx.wayne.example',
  issuer: 'CN=pbx.wayne.example',
  validFrom: 'Mar  1 00:00:00 2025 GMT',
  validTo: 'Mar  1 00:00:00 2035 GMT',
}

/** What UNTRUSTED_CERTIFICATE says about `presented` when `trusted` (a fingerprint, if any) is not it. */
export function untrustedCertificate(presented: PresentedCertificate, trusted?: string): CertificateInfo {
  return trusted === undefined
    ? { ...presented, reason: 'DEPTH_ZERO_SELF_SIGNED_CERT' }
    : { ...presented, reason: 'CERTIFICATE_CHANGED', trustedFingerprint256: trusted }
}

/** The session main keeps of a signed-in PBX once a call met a changed certificate (pbx-session.ts). */
export const certificateChangedSession = (profileId: string): SessionState => ({
  profileId,
  status: 'signed_out',
  ended: { reason: 'certificate_changed', message: CERTIFICATE_CHANGED_SESSION_MESSAGE },
})

/**
 * Wayne's PBX now presents its renewed certificate: main has ended the session, and the next
 * DECT phone list a screen asks for answers UNTRUSTED_CERTIFICATE, as main refuses the call.
 */
export function renewWayneCertificate(pbx: FakePbx): void {
  pbx.state.sessions['p-wayne'] = certificateChangedSession('p-wayne')
  pbx.listDectPhones.mockResolvedValueOnce(
    fail('UNTRUSTED_CERTIFICATE', 'The certificate of pbx.wayne.example has changed since you trusted it.', {
      certificate: untrustedCertificate(renewedCertificate, OLD_WAYNE_FINGERPRINT),
    }),
  )
}

export const WRONG_PASSWORD_MESSAGE = 'The PBX refused the sign-in: invalid username or password (401)'

/** A tenant admin who must set a new password (demo README: `trainee`), on an IdP-enabled tenant. */
export const traineeProfile = sampleProfile({
  id: 'p-trainee',
  label: 'Stark training',
  baseUrl: 'https://pbx.stark.example:8887',
  username: 'trainee',
  domain: 'stark.pbx.example',
  customer: 'Stark Industries',
})
/** A tenant whose identity provider is enabled (demo README: `demo.pbx.example`). */
export const starkProfile = sampleProfile({
  id: 'p-stark',
  label: 'Stark HQ',
  baseUrl: 'https://pbx.stark.example:8887',
  username: 'manager',
  domain: 'stark.pbx.example',
  customer: 'Stark Industries',
})
export const STARK_TENANT_NAME = 'Stark Industries'
/** The one-time code every fake PBX mails during a password recovery (unless `recoveryCodes` says another). */
export const RECOVERY_CODE = '135790'
export const NOT_A_RESET_LINK_MESSAGE = 'link: this is not the reset link from the email (it has no token).'
export const NO_RECOVERY_MESSAGE = 'No password reset is under way for this PBX. Start again with "Forgot password".'
export const IDP_CANCELLED_MESSAGE = 'The sign-in through the identity provider was cancelled.'

function demoProfiles(baseUrl: string): PbxProfile[] {
  return [
    sampleProfile({
      id: 'demo-tenant',
      label: 'Demo PBX · Demo Company',
      baseUrl,
      username: 'manager',
      domain: 'demo.pbx.example',
      customer: 'Demo Company',
      tags: ['demo'],
      demo: true,
      systemAdmin: { username: 'admin', rememberPassword: true },
    }),
  ]
}

/**
 * An in-memory `window.pbx`: saved PBXs (Acme and Globex unless `state.profiles` says otherwise),
 * sessions, sign-in with the passwords of `state.passwords` (default: each user name is its own
 * password), a keychain of remembered passwords; two-factor sign-in for the PBXs of `state.codes`
 * (the installer's), and untrusted certificates at the addresses of `state.certificates`
 * (Umbrella's self-signed one, Wayne's changed one) until trusted. Users of `state.forceReset` (the
 * trainee's) must set a new password: their session says `password_force_reset`. Password
 * recovery for tenant PBXs: a reset link "mailed" (`state.resetLinks`), which the test opens with
 * `openResetLink` or pastes, then the code RECOVERY_CODE, then the new password, which signs in
 * and replaces the old one. The identity provider of the tenants of `state.idpTenants` (Stark's):
 * `signInWithIdp` waits until `finishIdpSignIn`, or `cancelIdpSignIn` answers it CANCELLED.
 * Pass implementations to change one operation, or use the mocks' `mockResolvedValueOnce` for one answer.
 */
export function createFakePbx(overrides: Partial<PbxApi> = {}, initial: Partial<FakeState> = {}): FakePbx {
  const profiles = structuredClone(initial.profiles ?? [acmeProfile, globexProfile])
  const state: FakeState = {
    profiles,
    sessions: { ...initial.sessions },
    passwords: { ...Object.fromEntries(profiles.map((p) => [p.id, p.username])), ...initial.passwords },
    remembered: { ...initial.remembered },
    codes: { [installerProfile.id]: INSTALLER_CODE, ...initial.codes },
    codesSent: { ...initial.codesSent },
    certificates: {
      [umbrellaProfile.baseUrl]: selfSignedCertificate,
      [wayneProfile.baseUrl]: renewedCertificate,
      ...initial.certificates,
    },
    forceReset: { [traineeProfile.id]: true, ...initial.forceReset },
    idpTenants: { [starkProfile.domain]: STARK_TENANT_NAME, ...initial.idpTenants },
    recoveries: { ...initial.recoveries },
    resetLinks: { ...initial.resetLinks },
    recoveryCodes: { ...initial.recoveryCodes },
    batches: { batches: [], lastMapping: {}, pbxMacs: {} },
  }
  const batchFakes = createBatchFakes(initial.batches)
  state.batches = batchFakes.state
  let nextId = 1
  /** the sign-ins through the identity provider waiting for the browser (by profile id) */
  const idpWaits = new Map<string, (answer: BridgeResult<SessionState>) => void>()

  const sessionOf = (profileId: string): SessionState => state.sessions[profileId] ?? { profileId, status: 'signed_out' }
  const find = (profileId: string) => state.profiles.find((p) => p.id === profileId)
  const notFound = () => fail('NOT_FOUND', 'This saved PBX no longer exists. Reload the list.')
  /** UNTRUSTED_CERTIFICATE when `baseUrl` presents a certificate other than the one `trusted` names */
  const certificateCheck = (baseUrl: string, trusted: string | undefined): BridgeResult<never> | null => {
    const presented = state.certificates[baseUrl]
    if (!presented || presented.fingerprint256 === trusted) return null
    const host = new URL(baseUrl).host
    const info = untrustedCertificate(presented, trusted)
    const message =
      info.reason === 'CERTIFICATE_CHANGED'
        ? `The certificate of ${host} has changed since you trusted it. Trust the new certificate only if you know why it changed.`
        : `The certificate of ${host} is not trusted by this computer (${info.reason}).`
    return fail('UNTRUSTED_CERTIFICATE', message, { certificate: info })
  }
  const profileCertificateCheck = (profile: PbxProfile) => certificateCheck(profile.baseUrl, profile.trustedCertificate?.fingerprint256)
  /** a right password: signed in, or (two-factor) a code mailed */
  const passwordAccepted = (profile: PbxProfile): SessionState => {
    if (state.codes[profile.id] === undefined) return signIn(profile)
    state.codesSent[profile.id] = (state.codesSent[profile.id] ?? 0) + 1
    state.sessions[profile.id] = { profileId: profile.id, status: 'code_required' }
    return state.sessions[profile.id]!
  }
  const signIn = (profile: PbxProfile): SessionState => {
    const session = signedIn(profile)
    if (state.forceReset[profile.id] && session.user) session.user.password_force_reset = true
    state.sessions[profile.id] = session
    profile.lastUsedAt = new Date().toISOString()
    return session
  }

  /** GET /api/info, with the tenant's metadata when a domain is given (demo README "System metadata") */
  const infoOf = (domain: string | undefined): SystemInfo => {
    if (domain === undefined) return sampleInfo
    const idpName = state.idpTenants[domain]
    const name = idpName ?? domain.split('.')[0]!.replace(/^./, (first) => first.toUpperCase())
    return {
      ...sampleInfo,
      name,
      domain,
      website: `https://www.${domain}`,
      avatar_url: '',
      enable_idp365_integration: idpName !== undefined,
      idp365_authorization_endpoint: idpName === undefined ? '' : `https://idp.example/authorize?tenant=${domain}`,
    }
  }
  const recoveryOf = (profileId: string): RecoveryState | BridgeResult<never> =>
    state.recoveries[profileId] ?? fail('NOT_FOUND', NO_RECOVERY_MESSAGE)
  const isFailure = (value: RecoveryState | BridgeResult<never>): value is BridgeResult<never> => 'ok' in value

  const dect = createDectFake((profileId) => sessionOf(profileId).status === 'signed_in')
  const fleet = createFleetFake(() => state.profiles.map((p) => p.id))

  const uiState: UiState = { lastProfileId: null, lastPath: null }

  const defaults: PbxApi = {
    // every operation the fake does not play (IVR, outbound rules, templates, notifications):
    // a test of those areas passes its own in `overrides`
    ...notSetUp(OPERATION_NAMES),
    ...dect.operations,
    ...fleet.operations,
    ...batchFakes.operations,
    // "Add many…": a list of PBXs (fake-profile-list.ts); each PBX added takes its user name as password
    ...createProfileListFakes(state, (fields) => {
      const profile = sampleProfile({ id: `p-list-${nextId++}`, label: fields.label, baseUrl: fields.address, username: fields.user, domain: fields.tenant, customer: fields.customer, group: fields.group, tags: fields.tags })
      state.passwords[profile.id] = profile.username
      return profile
    }),
    getUiState: async () => ok({ ...uiState }),
    saveUiState: async (changes) => ok(Object.assign(uiState, changes)),
    getAbout: async () => ok(sampleAbout),
    probePbx: async ({ baseUrl, domain, trustedFingerprint256 }) => certificateCheck(baseUrl, trustedFingerprint256) ?? ok(infoOf(domain)),
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
    savedPbxsNotice: async () => ok(null),
    saveProfile: async (input) => {
      const checked = checkInput(PbxProfileFieldsSchema, input.fields)
      if (!checked.success) {
        const problem = checked.problems[0]
        return fail('INVALID_INPUT', `fields.${problem?.path}: ${problem?.message}`, { field: `fields.${problem?.path}` })
      }
      const fields = checked.data
      const trust = input.trustedCertificate === undefined ? {} : { trustedCertificate: input.trustedCertificate }
      if (input.id !== undefined) {
        const profile = find(input.id)
        if (!profile) return notFound()
        Object.assign(profile, fields, trust)
        return ok(structuredClone(profile))
      }
      const profile = sampleProfile({ ...fields, ...trust, id: `p-new-${nextId++}`, createdAt: new Date().toISOString() })
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
      const untrusted = profileCertificateCheck(profile)
      if (untrusted) return untrusted
      if (state.remembered[profileId] === state.passwords[profileId]) return ok(passwordAccepted(profile))
      return fail('NOT_SIGNED_IN', `Sign in to ${profile.label} first.`)
    },
    signIn: async ({ profileId, password, remember }) => {
      const profile = find(profileId)
      if (!profile) return notFound()
      const typed = password ?? state.remembered[profileId]
      if (typed === undefined) return fail('NOT_SIGNED_IN', `Sign in to ${profile.label} first.`)
      const untrusted = profileCertificateCheck(profile)
      if (untrusted) return untrusted
      if (typed !== state.passwords[profileId]) return fail('PBX_ERROR', WRONG_PASSWORD_MESSAGE, { status: 401, pbxCode: 'UNAUTHORIZED' })
      if (remember && password !== undefined) {
        state.remembered[profileId] = password
        profile.rememberPassword = true
      }
      return ok(passwordAccepted(profile))
    },
    verifySignInCode: async ({ profileId, code }) => {
      const profile = find(profileId)
      if (!profile) return notFound()
      if (sessionOf(profileId).status !== 'code_required') return fail('NOT_SIGNED_IN', 'No sign-in is waiting for a code. Sign in again.')
      if (code.trim() !== state.codes[profileId]) {
        return fail('PBX_ERROR', WRONG_CODE_MESSAGE, { status: 401, pbxCode: 'UNAUTHORIZED', field: 'code' })
      }
      return ok(signIn(profile))
    },
    resendSignInCode: async ({ profileId }) => {
      if (!find(profileId)) return notFound()
      if (sessionOf(profileId).status !== 'code_required') return fail('NOT_SIGNED_IN', 'No sign-in is waiting for a code. Sign in again.')
      state.codesSent[profileId] = (state.codesSent[profileId] ?? 0) + 1
      return ok(sessionOf(profileId))
    },
    // the built-in demo shows the code it "mailed"; any other PBX's stays in the mail
    demoSignInCode: async ({ profileId }) => {
      const profile = find(profileId)
      if (!profile) return notFound()
      const code = state.codes[profileId]
      return ok(profile.demo && code !== undefined && sessionOf(profileId).status === 'code_required' ? { code } : null)
    },
    // the identity provider: the sign-in waits until the test says the user finished in the browser
    signInWithIdp: async ({ profileId }) => {
      const profile = find(profileId)
      if (!profile) return notFound()
      if (profile.domain === '') {
        return fail('INVALID_INPUT', "domain: sign-in through the identity provider is for a tenant's users; this saved PBX has no tenant domain. Sign in with the password.", { field: 'domain' })
      }
      const untrusted = profileCertificateCheck(profile)
      if (untrusted) return untrusted
      if (state.idpTenants[profile.domain] === undefined) {
        return fail('NOT_SUPPORTED', `The identity provider is not enabled for this tenant on ${new URL(profile.baseUrl).host}.`)
      }
      // a second sign-in of the same PBX cancels the first, as main does
      idpWaits.get(profileId)?.(fail('CANCELLED', IDP_CANCELLED_MESSAGE))
      return new Promise<BridgeResult<SessionState>>((answer) => idpWaits.set(profileId, answer))
    },
    cancelIdpSignIn: async ({ profileId }) => {
      const answer = idpWaits.get(profileId)
      idpWaits.delete(profileId)
      answer?.(fail('CANCELLED', IDP_CANCELLED_MESSAGE))
      return ok({ cancelled: answer !== undefined })
    },
    // password recovery (demo README "Password recovery"): a link mailed, then a code, then the new password
    requestPasswordReset: async ({ profileId }) => {
      const profile = find(profileId)
      if (!profile) return notFound()
      if (profile.domain === '') {
        return fail('INVALID_INPUT', 'domain: password recovery is for tenant users; the system administrator resets the password on the PBX itself.', { field: 'domain' })
      }
      const untrusted = profileCertificateCheck(profile)
      if (untrusted) return untrusted
      const forced = sessionOf(profileId).user?.password_force_reset === true
      state.recoveries[profileId] = { profileId, step: 'waiting_for_link', reason: forced ? 'forced' : 'forgotten' }
      state.resetLinks[profileId] = `http://127.0.0.1:45678/reset?token=reset-${profileId}-${nextId++}`
      return ok({ ...state.recoveries[profileId] })
    },
    submitResetLink: async ({ profileId, link }) => {
      const flow = recoveryOf(profileId)
      if (isFailure(flow)) return flow
      if (!/[?&]token=[^&]+/.test(link)) return fail('INVALID_INPUT', NOT_A_RESET_LINK_MESSAGE, { field: 'link' })
      if (link.trim() !== state.resetLinks[profileId]) {
        return fail('PBX_ERROR', 'The PBX refused the reset link: it is expired or already used (401). Email a new link.', { status: 401, pbxCode: 'UNAUTHORIZED' })
      }
      if (flow.step === 'waiting_for_link') flow.step = 'code_sent'
      return ok({ ...flow })
    },
    getRecoveryState: async ({ profileId }) => ok(state.recoveries[profileId] ? { ...state.recoveries[profileId] } : null),
    verifyRecoveryCode: async ({ profileId, code }) => {
      const flow = recoveryOf(profileId)
      if (isFailure(flow)) return flow
      if (flow.step === 'waiting_for_link') return fail('INVALID_INPUT', 'code: open or paste the reset link from the email first.', { field: 'code' })
      if (code.trim() !== (state.recoveryCodes[profileId] ?? RECOVERY_CODE)) {
        return fail('PBX_ERROR', WRONG_CODE_MESSAGE, { status: 401, pbxCode: 'UNAUTHORIZED', field: 'code' })
      }
      flow.step = 'verified'
      return ok({ ...flow })
    },
    resetPassword: async (input) => {
      const checked = bridge.resetPassword.input.safeParse(input)
      if (!checked.success) {
        const problem = checked.error.issues[0]
        const field = String(problem?.path[0] ?? '')
        return fail('INVALID_INPUT', `${field}: ${problem?.message}`, { field })
      }
      const { profileId, newPassword, remember } = checked.data
      const profile = find(profileId)
      if (!profile) return notFound()
      const flow = recoveryOf(profileId)
      if (isFailure(flow)) return flow
      if (flow.step !== 'verified') return fail('INVALID_INPUT', 'code: enter the one-time code from the email first.', { field: 'code' })
      delete state.recoveries[profileId]
      delete state.resetLinks[profileId]
      state.passwords[profileId] = newPassword
      state.forceReset[profileId] = false
      delete state.remembered[profileId]
      profile.rememberPassword = false
      if (remember) {
        state.remembered[profileId] = newPassword
        profile.rememberPassword = true
      }
      return ok(passwordAccepted(profile))
    },
    signOut: async ({ profileId }) => {
      if (!find(profileId)) return notFound()
      state.sessions[profileId] = { profileId, status: 'signed_out' }
      return ok(state.sessions[profileId])
    },
  }

  // what crosses the real bridge is structured-cloned: a reactive proxy passed in fails here as it would there
  const mock = <N extends keyof PbxApi>(name: N): Mock<PbxApi[N]> => {
    const unanswered = async () => fail('NOT_SUPPORTED', `The fake PBX does not answer ${name}: pass an implementation to createFakePbx.`)
    const implementation = (overrides[name] ?? defaults[name] ?? unanswered) as (...args: unknown[]) => ReturnType<PbxApi[N]>
    return vi.fn<PbxApi[N]>(((...args: unknown[]) => implementation(...args.map((arg) => structuredClone(arg)))) as PbxApi[N])
  }
  const mocks = Object.fromEntries(OPERATION_NAMES.map((name) => [name, mock(name)])) as { [N in OperationName]: Mock<PbxApi[N]> }

  return {
    state,
    openResetLink: (profileId) => {
      const flow = state.recoveries[profileId]
      if (flow?.step !== 'waiting_for_link') return false
      flow.step = 'code_sent'
      return true
    },
    finishIdpSignIn: (profileId, error) => {
      const answer = idpWaits.get(profileId)
      const profile = find(profileId)
      if (!answer || !profile) return false
      idpWaits.delete(profileId)
      answer(error ? { ok: false, error } : ok(signIn(profile)))
      return true
    },
    idpWaiting: (profileId) => idpWaits.has(profileId),
    ...mocks,
    dect: dect.helpers,
    fleet: fleet.helpers,
  }
}

/** Answers INTERNAL naming the operation: a screen that calls one the test did not set up shows an error. */
function notSetUp<N extends OperationName>(names: readonly N[]): Pick<PbxApi, N> {
  return Object.fromEntries(
    names.map((name) => [name, async () => fail('INTERNAL', `${name} is not set up in this test`)]),
  ) as unknown as Pick<PbxApi, N>
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

// =================================================================================================
// DECT push, QR codes, labels and the phones on a PBX (push panel, QR walk, labels, phones panel).
// A block of its own: `createFakePbx` takes its operations from `createDectFake` and exposes its
// helpers as `fake.dect`. The batches themselves (getBatch, ...) are the batch operations' part.
// =================================================================================================

/** The operations this block answers. */
export const DECT_FAKE_OPERATIONS = [
  'startPush',
  'getPushProgress',
  'pausePush',
  'cancelPush',
  'retryFailedRows',
  'batchQrCodes',
  'exportLabelsPdf',
  'exportResultsCsv',
  'listDectPhones',
  'listBaseMembers',
  'updateDectPhone',
  'deleteDectPhone',
  'qrCode',
] as const satisfies readonly (keyof PbxApi)[]
type DectFakeOperation = (typeof DECT_FAKE_OPERATIONS)[number]

/** What this block keeps in memory. */
export type FakeDectState = {
  /** where the push of each batch stands (by batch id); a batch without one answers NOT_FOUND */
  pushes: Record<string, PushProgress>
  /** the pushed phones of each batch with their QR codes (by batch id) */
  qrCodes: Record<string, PhoneQr[]>
  /** the DECT phones on each PBX (by profile id) */
  phones: Record<string, DectPhone[]>
  /** PBXs that do not offer deleting phones (by profile id): delete answers NOT_SUPPORTED */
  noDelete: Record<string, boolean>
}

/** The helpers a test drives the fake push with. */
export type FakeDect = {
  state: FakeDectState
  /** rows of a running push (here, or `elsewhere`) reach the PBX: moved from pending; the push ends when none is left */
  advancePush: (batchId: string, rows: { created?: number; matched?: number; failed?: number; etaMs?: number | null }) => PushProgress
  /** the push stops by itself (network lost, signed out, ...), saying why */
  stopPush: (batchId: string, reason: string) => PushProgress
}

export const FAKE_PAUSED_REASON = 'Paused by you'
export const FAKE_CANCELLED_REASON = 'Cancelled by you'
export const FAKE_PUSHED_ELSEWHERE = 'The batch is being pushed by a command line or another window. Wait until that push ends (or pause it there), then try again.'
export const FAKE_NOT_SUPPORTED_DELETE = 'The PBX does not offer deleting DECT phones (405 on DELETE /api/dect_phones/{id}).'

/** The progress with the state main derives from its counts and status (contract/batch-state.ts). */
export function withFakeState(progress: Omit<PushProgress, 'state'>): PushProgress {
  const handsets = progress.handsets ?? { enrolled: 0, matched: 0, failed: 0, pending: 0, withErrors: 0 }
  return { ...progress, state: batchStateOfTallies(progress.status, progress, handsets) }
}

/** A push that has not run yet: `total` valid rows, all pending; pass what differs. */
export function fakePushProgress(batchId: string, more: Omit<Partial<PushProgress>, 'state'> = {}): PushProgress {
  const total = more.total ?? 150
  return withFakeState({
    batchId,
    status: 'draft',
    running: false,
    total,
    done: 0,
    created: 0,
    matched: 0,
    failed: 0,
    pending: total,
    withErrors: 0,
    startedAt: null,
    etaMs: null,
    ...more,
  })
}

/** A tiny SVG standing for the QR code of `text`. */
export const fakeQrSvg = (text: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2" data-text="${encodeURIComponent(text)}"><rect width="1" height="1"/></svg>`

const fakeMac = (n: number): string => `001565${n.toString(16).toUpperCase().padStart(6, '0')}`

/** `count` pushed phones: "Handset n", MAC 001565000001…, extension 100+n, each with its QR code. */
export function fakePhoneQrs(count: number): PhoneQr[] {
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1
    const url = `https://pbx.acme.example/provisioning/${fakeMac(n)}.xml`
    return { rowId: `row-${n}`, row: n, name: `Handset ${n}`, mac: fakeMac(n), extension: String(100 + n), url, svg: fakeQrSvg(url) }
  })
}

/** A fake PBX installed with the QR codes of `count` phones pushed from batch b1. */
export function installWithQrCodes(count: number): FakePbx {
  const pbx = installFakePbx(createFakePbx())
  pbx.dect.state.qrCodes.b1 = fakePhoneQrs(count)
  return pbx
}

/** `count` DECT phones as a PBX answers them: "Handset n" of Gigaset N670 IP PRO, every second one a Yealink W80B. */
export function fakeDectPhones(count: number): DectPhone[] {
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1
    const yealink = n % 2 === 0
    return {
      id: `ph-${n}`,
      name: `Handset ${n}`,
      mac: fakeMac(n),
      template: yealink ? 'yealink-w80b.xml' : 'gigaset-n670.xml',
      vendor: yealink ? 'Yealink' : 'Gigaset',
      model: yealink ? 'W80B' : 'N670 IP PRO',
      timezone: 'Europe/Berlin',
      region: 'Germany',
      language: 'GERMAN',
      handset_language: 'GERMAN',
      tone: 'Germany',
      rps: false,
      https: true,
      codecs: ['G722', 'PCMA'],
      lines: 8,
      interface: 'WEB_DOMAIN',
      preferred_transport: 'UDP',
      url: `https://pbx.acme.example/provisioning/${fakeMac(n)}.xml`,
    }
  })
}

/**
 * A batch as getBatch answers it, for the push panel: `rows` valid rows, the first `failed` of
 * them failed with the PBX's message, the next `done` created; the rest pending.
 */
export function fakePushBatch(
  id: string,
  options: { rows?: number; failed?: number; done?: number; targetProfileId?: string | null; concurrency?: number } = {},
): Batch {
  const { rows = 150, failed = 0, done = 0, targetProfileId = null, concurrency = 4 } = options
  return {
    version: 1,
    id,
    name: `Batch ${id}`,
    createdAt: '2025-03-01T08:00:00.000Z',
    updatedAt: '2025-03-01T08:00:00.000Z',
    source: 'handsets.csv',
    targetProfileId,
    defaults: {},
    handsets: [],
    status: failed > 0 ? 'partly_failed' : 'draft',
    concurrency,
    rows: Array.from({ length: rows }, (_, i) => {
      const n = i + 1
      const state = n <= failed ? 'failed' : n <= failed + done ? 'created' : 'pending'
      return {
        id: `row-${n}`,
        row: n,
        values: { name: `Handset ${n}`, mac: fakeMac(n), extension: String(100 + n) },
        problems: [],
        outcome:
          state === 'failed'
            ? { state, error: `The PBX refused the phone: mac ${fakeMac(n)} already exists (409)` }
            : state === 'created'
              ? { state, phoneId: `ph-${n}` }
              : { state },
      }
    }),
  }
}

/**
 * The fake's DECT part. `isSignedIn` says whether a saved PBX has a session (pushes and the
 * phones need one: NOT_SIGNED_IN otherwise).
 */
export function createDectFake(isSignedIn: (profileId: string) => boolean): {
  operations: Pick<PbxApi, DectFakeOperation>
  helpers: FakeDect
} {
  const state: FakeDectState = { pushes: {}, qrCodes: {}, phones: {}, noDelete: {} }
  const notSignedIn = () => fail('NOT_SIGNED_IN', 'Sign in to the PBX first.')
  const noPush = (batchId: string) => fail('NOT_FOUND', `There is no batch ${batchId} on this computer.`)
  const answer = (progress: PushProgress) => ok(withFakeState(structuredClone(progress)))
  // as main refuses a push of a batch another process pushes (services/dect/batch-sharing.ts)
  const pushedElsewhere = () => fail('BUSY', FAKE_PUSHED_ELSEWHERE)

  const operations: Pick<PbxApi, DectFakeOperation> = {
    startPush: async ({ batchId, profileId }) => {
      const push = state.pushes[batchId]
      if (!push) return noPush(batchId)
      if (!isSignedIn(profileId)) return notSignedIn()
      if (push.elsewhere) return pushedElsewhere()
      // rows, or handsets added after the bases' push
      if (push.pending > 0 || (push.handsets?.pending ?? 0) > 0) {
        Object.assign(push, { running: true, status: 'pushing', startedAt: new Date().toISOString(), etaMs: null })
        delete push.reason
      }
      return answer(push)
    },
    getPushProgress: async ({ batchId }) => (state.pushes[batchId] ? answer(state.pushes[batchId]) : noPush(batchId)),
    pausePush: async ({ batchId }) => {
      const push = state.pushes[batchId]
      if (!push) return noPush(batchId)
      if (push.running) Object.assign(push, { running: false, status: 'paused', etaMs: null, reason: FAKE_PAUSED_REASON })
      return answer(push)
    },
    cancelPush: async ({ batchId }) => {
      const push = state.pushes[batchId]
      if (!push) return noPush(batchId)
      if (push.running) Object.assign(push, { running: false, status: 'paused', etaMs: null, reason: FAKE_CANCELLED_REASON })
      return answer(push)
    },
    retryFailedRows: async ({ batchId, profileId }) => {
      const push = state.pushes[batchId]
      if (!push) return noPush(batchId)
      if (!isSignedIn(profileId)) return notSignedIn()
      if (push.elsewhere) return pushedElsewhere()
      if (push.failed > 0) {
        Object.assign(push, { running: true, status: 'pushing', pending: push.pending + push.failed, done: push.done - push.failed, failed: 0, etaMs: null })
        delete push.reason
      }
      return answer(push)
    },
    batchQrCodes: async ({ batchId }) => ok(structuredClone(state.qrCodes[batchId] ?? [])),
    exportLabelsPdf: async ({ batchId, size }) => {
      const labels = state.qrCodes[batchId]?.length ?? 0
      const perPage = { 'a4-21': 21, 'a4-14': 14, 'letter-30': 30, 'roll-89x36': 1 }[size]
      return ok({ fileName: `${batchId}-labels-${size}.pdf`, base64: btoa(`%PDF-1.7 labels ${size}`), labels, pages: Math.ceil(labels / perPage), warnings: [] })
    },
    exportResultsCsv: async ({ batchId }) => {
      const lines = (state.qrCodes[batchId] ?? []).map((code) => `base,${code.row},${code.mac},${code.name},,ph-${code.row},${code.url},done,created,,,,`)
      return ok({ fileName: `${batchId}-results.csv`, csv: ['kind,row,mac,name,extension,id,url,state,outcome,error,ipui,base_mac,handset_index', ...lines].join('\n') + '\n' })
    },
    listDectPhones: async ({ profileId }) => (isSignedIn(profileId) ? ok(structuredClone(state.phones[profileId] ?? [])) : notSignedIn()),
    // the fake's bases have no handsets yet; a base's lines are its model's (the phone's `lines`)
    listBaseMembers: async ({ profileId, phoneId }) => {
      if (!isSignedIn(profileId)) return notSignedIn()
      const phone = state.phones[profileId]?.find((p) => p.id === phoneId)
      if (!phone) return fail('NOT_FOUND', 'The PBX has no such DECT phone.', { status: 404 })
      return ok({ members: [], ...(phone.lines === undefined ? {} : { lines: phone.lines }) })
    },
    updateDectPhone: async (input) => {
      const checked = bridge.updateDectPhone.input.safeParse(input)
      if (!checked.success) {
        const problem = checked.error.issues[0]
        const field = String(problem?.path.at(-1) ?? '')
        return fail('INVALID_INPUT', `${field}: ${problem?.message}`, { field })
      }
      const { profileId, phoneId, changes } = checked.data
      if (!isSignedIn(profileId)) return notSignedIn()
      const phone = state.phones[profileId]?.find((p) => p.id === phoneId)
      if (!phone) return fail('PBX_ERROR', 'The PBX has no such DECT phone (404).', { status: 404 })
      const { password: _p, user_password: _u, engineer_password: _e, id: _id, ...fields } = changes
      Object.assign(phone, fields)
      return ok(structuredClone(phone))
    },
    deleteDectPhone: async ({ profileId, phoneId }) => {
      if (!isSignedIn(profileId)) return notSignedIn()
      if (state.noDelete[profileId]) return fail('NOT_SUPPORTED', FAKE_NOT_SUPPORTED_DELETE)
      const phones = state.phones[profileId] ?? []
      if (!phones.some((p) => p.id === phoneId)) return fail('PBX_ERROR', 'The PBX has no such DECT phone (404).', { status: 404 })
      state.phones[profileId] = phones.filter((p) => p.id !== phoneId)
      return ok({ deleted: true as const })
    },
    qrCode: async ({ text }) => ok({ svg: fakeQrSvg(text) }),
  }

  const pushOf = (batchId: string): PushProgress => {
    const push = state.pushes[batchId]
    if (!push) throw new Error(`no fake push for batch ${batchId}: set fake.dect.state.pushes first`)
    return push
  }

  const helpers: FakeDect = {
    state,
    advancePush: (batchId, { created = 0, matched = 0, failed = 0, etaMs }) => {
      const push = pushOf(batchId)
      const moved = Math.min(push.pending, created + matched + failed)
      push.created += created
      push.matched += matched
      push.failed += failed
      push.done += moved
      push.pending -= moved
      if (etaMs !== undefined) push.etaMs = etaMs
      if (push.pending === 0) {
        Object.assign(push, { running: false, status: push.failed > 0 ? 'partly_failed' : 'done', etaMs: null })
        delete push.elsewhere
      }
      return withFakeState(structuredClone(push))
    },
    stopPush: (batchId, reason) => {
      const push = pushOf(batchId)
      Object.assign(push, { running: false, status: 'paused', etaMs: null, reason })
      return withFakeState(structuredClone(push))
    },
  }

  return { operations, helpers }
}

// =================================================================================================
// The fleet: the figures kept of every saved PBX and their background refresh. `createFakePbx`
// takes `fleetStatus` and `refreshFleet` from `createFleetFake` and exposes its helpers as
// `fake.fleet`. As in main, a refresh answers at once: the PBXs asked for stay pending (their
// entries `refreshing`) until the test finishes them with `fake.fleet.finish`.
// =================================================================================================

/** What the fleet block keeps in memory. */
export type FakeFleetState = {
  /** the kept figures of each saved PBX (by profile id); a PBX without any shows blank figures */
  entries: Record<string, FleetEntry>
  /** the PBXs being read or waiting their turn, in the order asked */
  pending: string[]
  /** the refresh under way, counted as main counts it (both 0 once nothing is pending) */
  run: { total: number; done: number }
  /** pending PBXs a background refresh asked for (the screen opening): dropped by cancelFleetRefresh */
  background: string[]
}

/** The helpers a test drives the fleet with. */
export type FakeFleet = {
  state: FakeFleetState
  /** Sets the kept figures of PBXs (replacing what was kept of each). */
  setEntries: (...entries: FleetEntry[]) => void
  /**
   * PBXs being refreshed are read: no longer pending, their figures `checkedAt` now, with
   * `changes` applied (by profile id). All pending PBXs without `profileIds`.
   */
  finish: (profileIds?: string[], changes?: Record<string, Partial<FleetEntry>>) => FleetStatus
}

/** Figures of one saved PBX as main keeps them; pass what differs. */
export function fakeFleetEntry(profileId: string, more: Partial<FleetEntry> = {}): FleetEntry {
  return { profileId, certificate: 'unknown', counts: {}, warnings: [], ...more }
}

/** The fleet part of the fake. `profileIds` answers the saved PBXs' ids, in the saved list's order. */
export function createFleetFake(profileIds: () => string[]): {
  operations: Pick<PbxApi, 'fleetStatus' | 'refreshFleet' | 'cancelFleetRefresh'>
  helpers: FakeFleet
} {
  const state: FakeFleetState = { entries: {}, pending: [], run: { total: 0, done: 0 }, background: [] }

  const status = (): FleetStatus => {
    const ids = profileIds()
    state.pending = state.pending.filter((id) => ids.includes(id))
    return structuredClone({
      entries: ids.map((id) => ({ ...(state.entries[id] ?? fakeFleetEntry(id)), refreshing: state.pending.includes(id) })),
      pending: state.pending.length,
      run: state.run,
    })
  }

  /** never read, or read longer ago than `ms` (as main decides it) */
  const olderThan = (id: string, ms: number | undefined) => {
    const checkedAt = state.entries[id]?.checkedAt
    return ms === undefined || checkedAt === undefined || Date.parse(checkedAt) < Date.now() - ms
  }

  const operations: Pick<PbxApi, 'fleetStatus' | 'refreshFleet' | 'cancelFleetRefresh'> = {
    fleetStatus: async () => ok(status()),
    refreshFleet: async (input) => {
      const checked = bridge.refreshFleet.input.safeParse(input)
      if (!checked.success) return fail('INVALID_INPUT', checked.error.issues[0]?.message ?? 'invalid input')
      const saved = profileIds()
      for (const id of checked.data.profileIds ?? saved) {
        if (!saved.includes(id) || !olderThan(id, checked.data.olderThanMs)) continue
        if (!checked.data.background) state.background = state.background.filter((other) => other !== id)
        if (state.pending.includes(id)) continue
        state.pending.push(id)
        if (checked.data.background) state.background.push(id)
        state.run.total++
      }
      return ok(status())
    },
    cancelFleetRefresh: async () => {
      const dropped = state.pending.filter((id) => state.background.includes(id))
      state.pending = state.pending.filter((id) => !dropped.includes(id))
      state.run.total -= dropped.length
      state.background = []
      if (state.pending.length === 0) state.run = { total: 0, done: 0 }
      return ok(status())
    },
  }

  const helpers: FakeFleet = {
    state,
    setEntries: (...entries) => {
      for (const entry of entries) state.entries[entry.profileId] = structuredClone(entry)
    },
    finish: (ids, changes = {}) => {
      const done = ids ?? [...state.pending]
      const at = new Date().toISOString()
      for (const id of done) {
        state.entries[id] = { ...(state.entries[id] ?? fakeFleetEntry(id)), checkedAt: at, ...changes[id] }
      }
      state.run.done += done.filter((id) => state.pending.includes(id)).length
      state.pending = state.pending.filter((id) => !done.includes(id))
      if (state.pending.length === 0) state.run = { total: 0, done: 0 }
      return status()
    },
  }

  return { operations, helpers }
}
