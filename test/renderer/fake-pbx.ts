// The renderer tests' stand-in for `window.pbx` (the main process's services), one file an area in
// fake-pbx/: each area's operations are built there and composed here, in `createFakePbx`. The
// tests import everything from this module.
import type { PbxApi } from '@contract/bridge'
import { OPERATION_NAMES, type OperationName } from '@contract/operations'
import { vi, type Mock } from 'vitest'
import { createBatchFakes } from './fake-batches'
import { fail } from './fake-pbx/answers'
import { createAppFake } from './fake-pbx/app'
import { certificateChecks, createCertificateFake, renewedCertificate, selfSignedCertificate, umbrellaProfile, wayneProfile } from './fake-pbx/certificates'
import { createDectFake, type FakeDect } from './fake-pbx/dect'
import { fakePhoneQrs } from './fake-pbx/dect-samples'
import { createFleetFake, type FakeFleet } from './fake-pbx/fleet'
import { createIdpFake, STARK_TENANT_NAME, starkProfile, type FakeIdp } from './fake-pbx/idp'
import { createPbxInfoFake } from './fake-pbx/pbx-info'
import { acmeProfile, createProfilesFake, globexProfile } from './fake-pbx/profiles'
import { createRecoveryFake, traineeProfile, type FakeRecovery } from './fake-pbx/recovery'
import { createSessionFake, INSTALLER_CODE, installerProfile } from './fake-pbx/session'
import { fakeContext, type FakeState } from './fake-pbx/state'

export * from './fake-pbx/answers'
export * from './fake-pbx/app'
export * from './fake-pbx/certificates'
export * from './fake-pbx/dect'
export * from './fake-pbx/dect-samples'
export * from './fake-pbx/fleet'
export * from './fake-pbx/idp'
export * from './fake-pbx/pbx-info'
export * from './fake-pbx/profiles'
export * from './fake-pbx/recovery'
export * from './fake-pbx/session'
export * from './fake-pbx/state'

/** A `window.pbx` for renderer tests: each operation a vitest mock answering BridgeResult values. */
export type FakePbx = { [N in keyof PbxApi]: Mock<PbxApi[N]> } & FakeIdp & FakeRecovery & {
  /** what the fake keeps in memory; tests may look at it or change it between steps */
  state: FakeState
  /** the DECT push, QR codes and phones (see `createDectFake`) */
  dect: FakeDect
  /** the fleet's kept figures and its background refresh (see `createFleetFake`) */
  fleet: FakeFleet
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
  const batchFakes = createBatchFakes(initial.batches)
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
    batches: batchFakes.state,
  }
  const context = fakeContext(state)
  const checks = certificateChecks(state)
  const session = createSessionFake(context, checks)
  const idp = createIdpFake(context, checks, session.signIn)
  const recovery = createRecoveryFake(context, checks, session.passwordAccepted)
  const dect = createDectFake((profileId) => context.sessionOf(profileId).status === 'signed_in')
  const fleet = createFleetFake(() => state.profiles.map((p) => p.id))

  const defaults: PbxApi = {
    // every operation the fake does not play (IVR, outbound rules, templates, notifications):
    // a test of those areas passes its own in `overrides`
    ...notSetUp(OPERATION_NAMES),
    ...createAppFake(context),
    ...createPbxInfoFake(state, checks),
    ...createProfilesFake(context),
    ...createCertificateFake(context),
    ...session.operations,
    ...idp.operations,
    ...recovery.operations,
    ...batchFakes.operations,
    ...dect.operations,
    ...fleet.operations,
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
    ...recovery.helpers,
    ...idp.helpers,
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

/** A fake PBX installed with the QR codes of `count` phones pushed from batch b1. */
export function installWithQrCodes(count: number): FakePbx {
  const pbx = installFakePbx(createFakePbx())
  pbx.dect.state.qrCodes.b1 = fakePhoneQrs(count)
  return pbx
}
