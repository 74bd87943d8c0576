import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoPbx, type DemoPbx } from '../../../electron/demo-pbx'
import { createEmailTemplatesClient, type EmailTemplatesClient } from '../../../electron/services/pbx-client/email-templates'
import { failure } from './helpers'
import { signedInCaller } from './test-caller'

describe('custom email templates client against the demo PBX', () => {
  let pbx: DemoPbx
  let templates: EmailTemplatesClient
  beforeAll(async () => {
    pbx = await startDemoPbx({ port: 0 })
    templates = createEmailTemplatesClient(await signedInCaller(pbx.url, 'manager'))
  })
  afterAll(async () => {
    await pbx.stop()
  })

  it('lists the customised kinds ({items}, no count) and gets one', async () => {
    const list = await templates.list()
    expect(list).not.toHaveProperty('count')
    expect(list.items.map((t) => t.name).sort()).toEqual(['USER_CREATION', 'VOICEMAIL_RECEIVED'])
    const one = await templates.get('VOICEMAIL_RECEIVED')
    expect(one.name).toBe('VOICEMAIL_RECEIVED')
    expect(typeof one.subject).toBe('string')
  })

  it('creates a template (201 {id}), updates it, reads it back and destroys it', async () => {
    const id = await templates.create({ name: 'DISK_LOW', from: 'pbx@demo.example', subject: 'Disk low', body: 'Free some space.' })
    expect(id).toBe('DISK_LOW')
    expect(await templates.get('DISK_LOW')).toEqual({ name: 'DISK_LOW', from: 'pbx@demo.example', subject: 'Disk low', body: 'Free some space.' })
    await templates.update('DISK_LOW', { subject: 'Disk space is low' })
    expect(await templates.get('DISK_LOW')).toMatchObject({ from: 'pbx@demo.example', subject: 'Disk space is low', body: 'Free some space.' })
    expect((await templates.list()).items.map((t) => t.name)).toContain('DISK_LOW')
    await templates.destroy('DISK_LOW')
    expect(await failure(templates.get('DISK_LOW'))).toMatchObject({ code: 'PBX_ERROR', status: 404 })
    expect(await failure(templates.destroy('DISK_LOW'))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'The custom email template DISK_LOW no longer exists on the PBX.',
    })
  })

  it("keeps the PBX's 409 for a kind already customised", async () => {
    expect(await failure(templates.create({ name: 'USER_CREATION', subject: 'again' }))).toMatchObject({
      code: 'PBX_ERROR',
      status: 409,
      pbxCode: 'CONFLICT',
    })
  })

  it('refuses a name outside the 14 kinds and bad fields before sending', async () => {
    const before = pbx.requests
    expect(await failure(templates.get('WELCOME' as never))).toMatchObject({ code: 'INVALID_INPUT', field: 'name' })
    expect(await failure(templates.update('WELCOME' as never, { subject: 'x' }))).toMatchObject({ code: 'INVALID_INPUT', field: 'name' })
    expect(await failure(templates.destroy('WELCOME' as never))).toMatchObject({ code: 'INVALID_INPUT', field: 'name' })
    expect(await failure(templates.create({ name: 'WELCOME' as never }))).toMatchObject({ code: 'INVALID_INPUT', field: 'name' })
    const from = await failure(templates.create({ name: 'RECHARGE', from: 'not an address' }))
    expect(from).toMatchObject({ code: 'INVALID_INPUT', field: 'from' })
    expect(from.message).toMatch(/^from: must be an email address/)
    expect(await failure(templates.update('USER_CREATION', { subject: 'x'.repeat(256) }))).toMatchObject({ code: 'INVALID_INPUT', field: 'subject' })
    expect(await failure(templates.update('USER_CREATION', { name: 'USER_CREATION' } as never))).toMatchObject({ code: 'INVALID_INPUT', field: 'name' })
    expect(pbx.requests).toBe(before)
  })
})
