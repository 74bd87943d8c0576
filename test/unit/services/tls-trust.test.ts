import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoPbx } from '../../../electron/demo-pbx'
import { getInfo } from '../../../electron/services/pbx-client/info'
import { selfSignedCertificate } from '../../support/self-signed'
import { invoker, type BridgeFailure } from '../invoke'
import { testServices } from '../test-services'

type Demo = Awaited<ReturnType<typeof startDemoPbx>>
const first = selfSignedCertificate('pbx.first.example')
const second = selfSignedCertificate('pbx.second.example')
let pbx: Demo
let dir: string

beforeAll(async () => {
  pbx = await startDemoPbx({ port: 0, tls: first })
  dir = mkdtempSync(join(tmpdir(), 'pbx-tls-'))
})
afterAll(async () => {
  await pbx.stop()
  rmSync(dir, { recursive: true, force: true })
})

async function failure(promise: Promise<unknown>): Promise<BridgeFailure> {
  const error = await promise.then(() => undefined, (e: unknown) => e)
  expect(error).toHaveProperty('code')
  return error as BridgeFailure
}

describe('a PBX with a self-signed certificate', () => {
  it('is refused by default, showing the certificate and its SHA-256 fingerprint', async () => {
    expect(pbx.url).toMatch(/^https:\/\/127\.0\.0\.1:/)
    const error = await failure(getInfo(pbx.url))
    expect(error).toMatchObject({
      code: 'UNTRUSTED_CERTIFICATE',
      certificate: { fingerprint256: first.fingerprint256, reason: 'DEPTH_ZERO_SELF_SIGNED_CERT', subject: expect.stringContaining('pbx.first.example') },
    })
    expect(error.message).toMatch(/fingerprint/)
  })

  it('answers once its fingerprint is trusted for that PBX', async () => {
    expect(await getInfo(pbx.url, { trustedFingerprint256: first.fingerprint256 })).toMatchObject({ web_domain: 'pbx.demo.example' })
  })

  it('refuses a changed certificate before sending anything', async () => {
    const other = await startDemoPbx({ port: 0, tls: second })
    try {
      const error = await failure(getInfo(other.url, { trustedFingerprint256: first.fingerprint256 }))
      expect(error.code).toBe('UNTRUSTED_CERTIFICATE')
      expect(error.certificate).toMatchObject({ reason: 'CERTIFICATE_CHANGED', fingerprint256: second.fingerprint256, trustedFingerprint256: first.fingerprint256 })
      expect(error.message).toMatch(/changed since you trusted it/)
      expect(other.requests).toBe(0)
    } finally {
      await other.stop()
    }
  })

  it('a saved PBX trusted by fingerprint signs in and works; trusting another certificate ends its session', async () => {
    const services = testServices(mkdtempSync(join(dir, 'd-')))
    const call = invoker(services.handlers)
    const untrusted = await failure(call('probePbx', { baseUrl: pbx.url }))
    const certificate = { fingerprint256: untrusted.certificate!.fingerprint256, subject: untrusted.certificate!.subject, validTo: untrusted.certificate!.validTo }
    expect(await call('probePbx', { baseUrl: pbx.url, trustedFingerprint256: certificate.fingerprint256 })).toMatchObject({ web_domain: 'pbx.demo.example' })

    const profile = await call('saveProfile', {
      fields: { label: 'Self-signed', baseUrl: pbx.url, username: 'manager', domain: 'demo.pbx.example' },
      trustedCertificate: certificate,
    })
    expect(profile.trustedCertificate).toEqual(certificate)
    expect(await call('signIn', { profileId: profile.id, password: 'manager' })).toMatchObject({ status: 'signed_in' })

    await call('trustCertificate', { profileId: profile.id, certificate: { ...certificate, fingerprint256: second.fingerprint256 } })
    expect((await call('listSessions'))[0]?.status).toBe('signed_out')
    expect((await failure(call('signIn', { profileId: profile.id, password: 'manager' }))).certificate?.reason).toBe('CERTIFICATE_CHANGED')
    await services.dispose()
  })
})
