import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startDemoPbx } from '../../../electron/demo-pbx'
import type { Services } from '../../../electron/services'
import { invoker, type BridgeFailure } from '../invoke'
import { testServices } from '../test-services'

type Demo = Awaited<ReturnType<typeof startDemoPbx>>
let pbx: Demo
let dir: string
let services: Services
let call: ReturnType<typeof invoker>

beforeEach(async () => {
  pbx = await startDemoPbx({ port: 0 })
  dir = mkdtempSync(join(tmpdir(), 'pbx-recovery-'))
  services = testServices(dir)
  call = invoker(services.handlers)
})
afterEach(async () => {
  await services.dispose()
  await pbx.stop()
  rmSync(dir, { recursive: true, force: true })
})

const save = (username: string, domain = 'demo.pbx.example') =>
  call('saveProfile', { fields: { label: username, baseUrl: pbx.url, username, domain } })
const mail = (kind: 'password_reset' | 'otp', username: string) => pbx.outbox.filter((m) => m.kind === kind && m.username === username).at(-1)

async function failure(promise: Promise<unknown>): Promise<BridgeFailure> {
  const error = await promise.then(() => undefined, (e: unknown) => e)
  expect(error).toHaveProperty('code')
  return error as BridgeFailure
}

async function until<T>(look: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await look()
    if (done(value)) return value
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error('gave up waiting')
}

describe('forgot password, through the seed recovery flow', () => {
  it('opening the mailed link comes back to the app, which asks for the code; then a new password signs in', async () => {
    const profile = await save('manager')
    expect(await call('requestPasswordReset', { profileId: profile.id })).toEqual({ profileId: profile.id, step: 'waiting_for_link', reason: 'forgotten' })
    const link = mail('password_reset', 'manager')?.link
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/[0-9a-f]+\?token=/)

    // the user opens the link from the mail in a browser on this computer
    const page = await fetch(link!)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('go back to PBX Provisioner')
    await until(() => call('getRecoveryState', { profileId: profile.id }), (s) => s?.step === 'code_sent')

    const code = mail('otp', 'manager')!.code!
    const wrong = code === '000000' ? '111111' : '000000'
    expect(await failure(call('verifyRecoveryCode', { profileId: profile.id, code: wrong }))).toMatchObject({ field: 'code', status: 401 })
    expect(await call('verifyRecoveryCode', { profileId: profile.id, code })).toMatchObject({ step: 'verified' })
    expect((await failure(call('resetPassword', { profileId: profile.id, newPassword: 'short' }))).field).toBe('newPassword')
    expect(await call('resetPassword', { profileId: profile.id, newPassword: 'New-pass-2026', remember: false })).toMatchObject({ status: 'signed_in' })

    await call('signOut', { profileId: profile.id })
    expect(await failure(call('signIn', { profileId: profile.id, password: 'manager' }))).toMatchObject({ status: 401 })
    expect(await call('signIn', { profileId: profile.id, password: 'New-pass-2026' })).toMatchObject({ status: 'signed_in' })
    expect(await call('getRecoveryState', { profileId: profile.id })).toBeNull()
  })

  it('takes the link pasted from a mail read elsewhere; refuses something that is not the link', async () => {
    const profile = await save('manager')
    await call('requestPasswordReset', { profileId: profile.id })
    expect((await failure(call('submitResetLink', { profileId: profile.id, link: 'https://example.com/nothing' }))).field).toBe('link')
    expect(await call('submitResetLink', { profileId: profile.id, link: mail('password_reset', 'manager')!.link! })).toMatchObject({ step: 'code_sent' })
    expect(mail('otp', 'manager')?.code).toMatch(/^\d{6}$/)
    // the loopback address is closed once the link was pasted
    await expect(fetch(mail('password_reset', 'manager')!.link!)).rejects.toThrow()
  })

  it('the system administrator has no tenant: recovery is refused naming the domain', async () => {
    const profile = await save('admin', '')
    expect(await failure(call('requestPasswordReset', { profileId: profile.id }))).toMatchObject({ code: 'INVALID_INPUT', field: 'domain' })
  })

  it('a PBX that requires a new password: the sign-in says so, and the recovery sets it', async () => {
    const profile = await save('trainee')
    const signedIn = await call('signIn', { profileId: profile.id, password: 'trainee' })
    expect(signedIn.user?.password_force_reset).toBe(true)
    expect(await call('requestPasswordReset', { profileId: profile.id })).toMatchObject({ reason: 'forced' })
    await call('submitResetLink', { profileId: profile.id, link: mail('password_reset', 'trainee')!.link! })
    await call('verifyRecoveryCode', { profileId: profile.id, code: mail('otp', 'trainee')!.code! })
    const after = await call('resetPassword', { profileId: profile.id, newPassword: 'Trainee-2026!', remember: true })
    expect(after).toMatchObject({ status: 'signed_in', user: { password_force_reset: false } })
    expect((await call('listProfiles'))[0]).toMatchObject({ rememberPassword: true })
  })
})
