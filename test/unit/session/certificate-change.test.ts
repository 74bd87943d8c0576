import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startDemoPbx } from '../../../electron/demo-pbx'
import { CERTIFICATE_CHANGED_SESSION_MESSAGE } from '../../../electron/contract/profiles'
import type { Services } from '../../../electron/services'
import { selfSignedCertificate } from '../../support/self-signed'
import { failure, invoker } from '../invoke'
import { testServices } from '../test-services'

const first = selfSignedCertificate('pbx.first.example')
const second = selfSignedCertificate('pbx.second.example')
const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

describe('a signed-in PBX that starts presenting another certificate', () => {
  it('ends the session at once: the list says signed out and why, nothing is sent, a new trust signs in again', async () => {
    const original = await startDemoPbx({ port: 0, tls: first })
    let current = original
    cleanups.push(() => current.stop())
    const dir = mkdtempSync(join(tmpdir(), 'pbx-cert-change-'))
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
    const services: Services = testServices(dir)
    cleanups.push(() => services.dispose())
    const call = invoker(services.handlers)

    const trusted = { fingerprint256: first.fingerprint256, subject: 'CN=pbx.first.example', validTo: '' }
    const profile = await call('saveProfile', {
      fields: { label: 'Self-signed', baseUrl: original.url, username: 'manager', domain: 'demo.pbx.example' },
      trustedCertificate: trusted,
    })
    expect(await call('signIn', { profileId: profile.id, password: 'manager' })).toMatchObject({ status: 'signed_in' })
    expect(await call('listDectPhones', { profileId: profile.id })).toEqual(expect.any(Array))

    // the same address now answers with another certificate (replaced, or someone in between)
    await original.stop()
    current = await startDemoPbx({ port: Number(new URL(original.url).port), tls: second })
    expect(current.url).toBe(original.url)

    const refused = await failure(call('listDectPhones', { profileId: profile.id }))
    expect(refused).toMatchObject({ code: 'UNTRUSTED_CERTIFICATE', certificate: { reason: 'CERTIFICATE_CHANGED', fingerprint256: second.fingerprint256 } })
    expect(await call('listSessions')).toEqual([
      { profileId: profile.id, status: 'signed_out', ended: { reason: 'certificate_changed', message: CERTIFICATE_CHANGED_SESSION_MESSAGE } },
    ])
    expect(CERTIFICATE_CHANGED_SESSION_MESSAGE).toMatch(/certificate changed — sign in again after checking it/)
    // the next call does not go out either, and says why
    const after = await failure(call('listDectPhones', { profileId: profile.id }))
    expect(after).toMatchObject({ code: 'NOT_SIGNED_IN', message: CERTIFICATE_CHANGED_SESSION_MESSAGE })
    expect(current.requests).toBe(0)

    // the user checked the new certificate and trusts it: a sign-in works and the mark is gone
    await call('trustCertificate', { profileId: profile.id, certificate: { ...trusted, fingerprint256: second.fingerprint256 } })
    expect(await call('signIn', { profileId: profile.id, password: 'manager' })).toMatchObject({ status: 'signed_in' })
    const [state] = await call('listSessions')
    expect(state?.status).toBe('signed_in')
    expect(state?.ended).toBeUndefined()
  })
})
