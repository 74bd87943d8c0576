import type { BridgeHandlers } from '../contract/bridge'
import type { SignInRole } from '../contract/profiles'
import { ensureDemoProfiles } from './demo/demo-profiles'
import { createDemoService, type DemoPbxModule } from './demo/demo-service'
import { createDemoSignInCode } from './demo/demo-sign-in-code'
import { ServiceError } from './errors'
import { createPbxSecrets } from './keychain/pbx-secrets'
import type { KeychainState } from './keychain/secret-store'
import { getInfo } from './pbx-client/info'
import { createProfileStore } from './profiles/profile-store'
import { createProfileListService } from './profiles/profile-list'
import { createProfileMerge } from './profiles/profile-merge'
import { exportProfiles, importProfiles } from './profiles/profile-transfer'
import { createDectService } from './dect/dect-service'
import { createHandoverReport } from './dect/handsets/handover-report'
import { createHandoverSettings } from './dect/handsets/handover-settings'
import type { PrintLabels } from './dect/labels/label-print'
import { createConfigService } from './config/config-service'
import { createFleetService } from './fleet/fleet-service'
import { createUiStateService } from './desktop/ui-state'
import { createIvrService } from './ivr/ivr-service'
import { createMailService } from './mail/mail-service'
import { createOutboundService } from './outbound/outbound-service'
import { createIdpSignIn } from './session/idp-sign-in'
import { createPasswordRecovery } from './session/password-recovery'
import { createSessionManager, type RoleOption } from './session/session-manager'

export interface ServicesOptions {
  /** the app's data folder: saved PBXs and batches live here (never a secret) */
  dataDir: string
  /** the opened keychain (see keychain/keytar-store.ts), or an in-memory store in unit tests */
  keychain: KeychainState
  /** application name and version as the shell knows them */
  app: { name: string; version: string; versions: { node: string; electron?: string; chrome?: string }; platform: string }
  /** loads the demo PBX on first use */
  loadDemoPbx?: () => Promise<DemoPbxModule>
  /** opens an http(s) address in the user's browser (identity-provider sign-in); absent: not offered */
  openExternal?: (url: string) => Promise<void>
  /** shows a file in the system's file manager (a damaged batch file); Electron's shell in the app, absent: not offered */
  showItemInFolder?: (path: string) => void
  /** prints a label sheet through the system's print dialog (a hidden window holding the PDF, in the app); absent: not offered */
  print?: PrintLabels
}

export interface Services {
  /** every Bridge operation, taking input already checked against the contract */
  handlers: BridgeHandlers
  /** the fleet's background refresh: `idle()` waits for it (the command line, tests) */
  fleet: Pick<ReturnType<typeof createFleetService>, 'idle'>
  /** rollouts of a configuration run in the background: `idle()` waits for them */
  config: Pick<ReturnType<typeof createConfigService>, 'idle'>
  /** signs out of every PBX and stops what the services started (the demo PBX) */
  dispose(): Promise<void>
}

/**
 * Builds the whole behaviour of the app as plain Node objects. The Electron shell binds
 * `handlers` to IPC; the tests call the same object directly or through the Chromium harness.
 */
/** the session manager's option of an IPC input's `as` (absent: the entry's own sign-in) */
const roleOf = (as: SignInRole | undefined): RoleOption => (as === undefined ? {} : { role: as })

export function createServices(options: ServicesOptions): Services {
  const demo = createDemoService(
    options.loadDemoPbx ?? (async () => (await import('../demo-pbx/index')) as DemoPbxModule),
  )
  const keychain = options.keychain
  const secrets = createPbxSecrets(keychain)
  const profiles = createProfileStore(options.dataDir)
  const sessions = createSessionManager(profiles, secrets)
  const idp = options.openExternal ? createIdpSignIn({ profiles, sessions, openExternal: options.openExternal }) : undefined
  const recovery = createPasswordRecovery(profiles, sessions)
  const dect = createDectService({
    dataDir: options.dataDir,
    sessions,
    labelOf: (profileId) => profiles.get(profileId).then((profile) => profile.label, () => undefined),
    ...(options.showItemInFolder ? { showItemInFolder: options.showItemInFolder } : {}),
    ...(options.print ? { print: options.print } : {}),
  })

  /**
   * A saved demo PBX points at the demo as it last ran; the demo runs inside the app, on a new port
   * each start. Before such a PBX is opened or signed in to, start the demo and point it there.
   */
  async function demoReady(profileId: string): Promise<void> {
    const profile = await profiles.get(profileId)
    if (!profile.demo) return
    const server = await demo.start()
    if (profile.baseUrl !== server.baseUrl) await ensureDemoProfiles(server.baseUrl, server.accounts, profiles, secrets, sessions)
  }

  const fleet = createFleetService({
    dataDir: options.dataDir,
    profiles,
    sessions,
    batches: { list: () => dect.handlers.listBatches(undefined), get: (batchId) => dect.handlers.getBatch({ batchId }) },
    beforeContact: demoReady,
  })
  const config = createConfigService({ dataDir: options.dataDir, profiles, sessions, beforeContact: demoReady })
  const profileList = createProfileListService({ profiles, sessions, keychain: keychain.available })

  const handlers: BridgeHandlers = {
    async getAbout() {
      return {
        name: options.app.name,
        version: options.app.version,
        versions: options.app.versions,
        platform: options.app.platform,
        keychain: keychain.available ? 'available' : 'unavailable',
        ...(keychain.available ? {} : { keychainMessage: keychain.reason }),
      }
    },
    probePbx: ({ baseUrl, domain, trustedFingerprint256 }) =>
      getInfo(baseUrl, { ...(domain ? { domain } : {}), ...(trustedFingerprint256 ? { trustedFingerprint256 } : {}) }),
    async startDemo() {
      const server = await demo.start()
      const profileIds = await ensureDemoProfiles(server.baseUrl, server.accounts, profiles, secrets, sessions)
      return { ...server, profileIds }
    },

    listProfiles: () => profiles.list(),
    savedPbxsNotice: async () => profiles.notice(),
    async saveProfile({ id, fields, trustedCertificate }) {
      const trust = trustedCertificate === undefined ? {} : { trustedCertificate }
      if (!id) return profiles.add(fields, trust)
      const { before, after } = await profiles.update(id, fields, trust)
      await sessions.profileChanged(before, after)
      return profiles.get(id)
    },
    async trustCertificate({ profileId, certificate }) {
      const before = await profiles.get(profileId)
      const after = await profiles.mark(profileId, { trustedCertificate: certificate })
      await sessions.profileChanged(before, after)
      return after
    },
    async removeProfile({ profileId }) {
      await profiles.get(profileId)
      await sessions.signOut(profileId)
      await secrets.forgetAll(profileId)
      await profiles.remove(profileId)
      return { removed: true as const }
    },
    exportProfiles: () => exportProfiles(profiles),
    importProfiles: ({ json }) => importProfiles(profiles, json),
    ...profileList,
    ...createProfileMerge({ profiles, sessions, secrets }),

    listSessions: () => sessions.states(),
    async openPbx({ profileId, touch, as }) {
      await demoReady(profileId)
      return sessions.open(profileId, { ...(touch === undefined ? {} : { touch }), ...roleOf(as) })
    },
    async signIn({ profileId, password, remember, as, username }) {
      await demoReady(profileId)
      if (as === 'system' && username !== undefined) return sessions.signInAsSystem(profileId, username, password, remember)
      return sessions.signIn(profileId, password, remember, roleOf(as))
    },
    verifySignInCode: ({ profileId, code, as }) => sessions.verifyCode(profileId, code, roleOf(as)),
    resendSignInCode: ({ profileId, as }) => sessions.resendCode(profileId, roleOf(as)),
    ...createDemoSignInCode({ profiles, demo }),
    signOut: ({ profileId, as }) => sessions.signOut(profileId, roleOf(as)),
    async signInWithIdp({ profileId }) {
      if (!idp) throw new ServiceError('NOT_SUPPORTED', 'Sign-in through the identity provider opens a browser, and this build cannot open a browser. Sign in with the password.')
      return idp.signIn(profileId)
    },
    cancelIdpSignIn: async ({ profileId }) => ({ cancelled: idp?.cancel(profileId) ?? false }),

    requestPasswordReset: ({ profileId }) => recovery.request(profileId),
    submitResetLink: ({ profileId, link }) => recovery.submitLink(profileId, link),
    getRecoveryState: async ({ profileId }) => recovery.state(profileId),
    verifyRecoveryCode: ({ profileId, code }) => recovery.verify(profileId, code),
    resetPassword: ({ profileId, newPassword, remember }) => recovery.reset(profileId, newPassword, remember),

    ...dect.handlers,
    ...createHandoverReport({ getBatch: dect.handlers.getBatch, siteStatus: dect.handlers.siteStatus, profileOf: (id) => profiles.get(id), settings: createHandoverSettings(options.dataDir) }),
    ...fleet.handlers,
    ...config.handlers,
    ...createIvrService({ sessions }).handlers,
    ...createOutboundService({ sessions }).handlers,
    ...createMailService({ sessions }).handlers,
    ...createUiStateService({ dataDir: options.dataDir }).handlers,
  }

  return {
    handlers,
    fleet,
    config,
    async dispose() {
      await fleet.dispose()
      await dect.pauseAll()
      recovery.dispose()
      idp?.cancelAll()
      await sessions.signOutAll()
      await demo.stop()
    },
  }
}
