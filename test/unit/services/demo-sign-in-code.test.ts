import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Services } from '../../../electron/services'
import { profileFields } from '../../support/profile-fields'
import { invoker } from '../invoke'
import { testServices } from '../test-services'

// The demo's `installer` signs in with a one-time code the demo "mails" to an outbox nobody reads:
// the app shows that code in the demo's own notice (issue 40), for its built-in demo alone.
let dir: string
let services: Services
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'pbx-demo-code-'))
  services = testServices(dir)
})
afterAll(async () => {
  await services.dispose()
  rmSync(dir, { recursive: true, force: true })
})

const installer = (label: string, baseUrl: string) => profileFields(label, baseUrl, 'installer', { domain: 'demo.pbx.example', customer: 'Demo Company' })

describe('the demo PBX’s one-time code', () => {
  it('is offered for the demo’s saved PBX, from the demo’s outbox, and signs in', async () => {
    const call = invoker(services.handlers)
    const { baseUrl, profileIds } = await call('startDemo')
    const demoId = profileIds[0]!
    // the user signs in to the demo as its installer: the saved demo PBX with that user
    await call('saveProfile', { id: demoId, fields: installer('Demo PBX · Demo Company', baseUrl) })
    expect(await call('demoSignInCode', { profileId: demoId })).toBeNull() // nothing mailed yet

    expect((await call('signIn', { profileId: demoId, password: 'installer', remember: false })).status).toBe('code_required')
    const offered = await call('demoSignInCode', { profileId: demoId })
    expect(offered?.code).toMatch(/^\d{6}$/)
    expect(await call('verifySignInCode', { profileId: demoId, code: offered!.code })).toMatchObject({ status: 'signed_in', user: { username: 'installer' } })
  })

  it('is not offered for a saved PBX that is not the demo’s, on the same demo server', async () => {
    const call = invoker(services.handlers)
    const { baseUrl } = await call('startDemo')
    const plain = await call('saveProfile', { fields: installer('Same server, saved by hand', baseUrl) })
    expect(plain.demo).toBe(false)
    expect((await call('signIn', { profileId: plain.id, password: 'installer', remember: false })).status).toBe('code_required')
    expect(await call('demoSignInCode', { profileId: plain.id })).toBeNull()
    expect(await call('demoSignInCode', { profileId: plain.id, as: 'system' })).toBeNull()
  })
})
