import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EMAIL_TEMPLATE_NAMES } from '../../../electron/contract/pbx'
import { startDemoPbx, type DemoPbx } from '../../../electron/demo-pbx'
import { failure, startMailTestApp, type MailTestApp } from './mail-setup'
import { startRecordingProxy, type RecordingProxy } from './recording-proxy'

// Custom email templates through the Bridge, against the demo PBX (seen through a recording
// proxy, so the test sees which request each save used and what the PBX answered).

let pbx: DemoPbx
let proxy: RecordingProxy
let app: MailTestApp
let demo: string
let other: string

beforeAll(async () => {
  pbx = await startDemoPbx({ port: 0 })
  proxy = await startRecordingProxy(pbx.url)
  app = startMailTestApp()
  demo = await app.signedIn(proxy.url, 'manager@demo')
  other = await app.signedIn(proxy.url, 'manager@other')
})
afterAll(async () => {
  await app.dispose()
  await proxy.stop()
  await pbx.stop()
})

/** The template requests seen since `from`, as `METHOD path status`. */
const templateRequests = (from: number) =>
  proxy.seen
    .slice(from)
    .filter((r) => r.path.startsWith('/api/custom_email_templates'))
    .map((r) => `${r.method} ${r.path} ${r.status}`)

describe('email templates through the Bridge', () => {
  it('lists the 14 kinds in the seed order, the seeded two customised with their template, the rest default', async () => {
    const entries = await app.call('listEmailTemplates', { profileId: demo })
    expect(Array.isArray(entries)).toBe(true)
    expect(entries.map((e) => e.name)).toEqual([...EMAIL_TEMPLATE_NAMES])
    const customised = entries.filter((e) => e.customised)
    expect(customised.map((e) => e.name)).toEqual(['USER_CREATION', 'VOICEMAIL_RECEIVED'])
    expect(customised[1]?.template).toMatchObject({ name: 'VOICEMAIL_RECEIVED', from: expect.any(String), subject: expect.any(String), body: expect.any(String) })
    for (const entry of entries.filter((e) => !e.customised)) expect(entry.template).toBeUndefined()
  })

  it('saving a kind not customised creates it (POST, 201); saving it again updates it (POST on the name, 200); both read back', async () => {
    const before = (await app.call('listEmailTemplates', { profileId: demo })).find((e) => e.name === 'DISK_LOW')
    expect(before).toEqual({ name: 'DISK_LOW', customised: false })

    let mark = proxy.seen.length
    const created = await app.call('saveEmailTemplate', {
      profileId: demo,
      name: 'DISK_LOW',
      template: { from: 'alerts@demo.example', subject: 'Disk at {{disk_usage}}', body: 'The disk of {{server}} is {{disk_usage}} full.' },
    })
    expect(templateRequests(mark)).toEqual([
      'GET /api/custom_email_templates/DISK_LOW 404',
      'POST /api/custom_email_templates 201',
      'GET /api/custom_email_templates/DISK_LOW 200',
    ])
    expect(created).toEqual({
      name: 'DISK_LOW',
      customised: true,
      template: { name: 'DISK_LOW', from: 'alerts@demo.example', subject: 'Disk at {{disk_usage}}', body: 'The disk of {{server}} is {{disk_usage}} full.' },
    })

    mark = proxy.seen.length
    const updated = await app.call('saveEmailTemplate', { profileId: demo, name: 'DISK_LOW', template: { subject: 'Disk almost full' } })
    expect(templateRequests(mark)).toEqual([
      'GET /api/custom_email_templates/DISK_LOW 200',
      'POST /api/custom_email_templates/DISK_LOW 200',
      'GET /api/custom_email_templates/DISK_LOW 200',
    ])
    // the fields left out keep their value (an update sends only what it is given)
    expect(updated.template).toEqual({ name: 'DISK_LOW', from: 'alerts@demo.example', subject: 'Disk almost full', body: 'The disk of {{server}} is {{disk_usage}} full.' })
    expect(proxy.seen.at(-2)?.body).toEqual({ subject: 'Disk almost full' })

    const listed = (await app.call('listEmailTemplates', { profileId: demo })).find((e) => e.name === 'DISK_LOW')
    expect(listed).toEqual(updated)
  })

  it('refuses a sender that is not an email address before anything is sent, naming the field', async () => {
    const mark = proxy.seen.length
    const error = await failure(app.call('saveEmailTemplate', { profileId: demo, name: 'RECHARGE', template: { from: 'not an address' } }))
    expect(error).toMatchObject({ code: 'INVALID_INPUT', field: 'template.from' })
    expect(error.message).toMatch(/email address/)
    expect(proxy.seen.length).toBe(mark)
  })

  it('copies a kind to the same kind on another PBX: created there first, updated the second time', async () => {
    const source = (await app.call('listEmailTemplates', { profileId: demo })).find((e) => e.name === 'VOICEMAIL_RECEIVED')
    expect((await app.call('listEmailTemplates', { profileId: other })).find((e) => e.name === 'VOICEMAIL_RECEIVED')?.customised).toBe(false)

    const first = await app.call('copyEmailTemplate', { fromProfileId: demo, toProfileId: other, name: 'VOICEMAIL_RECEIVED' })
    expect(first.created).toBe(true)
    expect(first.entry).toEqual(source)
    expect((await app.call('listEmailTemplates', { profileId: other })).find((e) => e.name === 'VOICEMAIL_RECEIVED')).toEqual(source)

    const changed = await app.call('saveEmailTemplate', { profileId: demo, name: 'VOICEMAIL_RECEIVED', template: { subject: 'Voicemail from {{caller}}' } })
    const mark = proxy.seen.length
    const second = await app.call('copyEmailTemplate', { fromProfileId: demo, toProfileId: other, name: 'VOICEMAIL_RECEIVED' })
    expect(second).toEqual({ created: false, entry: changed })
    expect(templateRequests(mark)).toContain('POST /api/custom_email_templates/VOICEMAIL_RECEIVED 200')
    // the tenant it came from is unchanged by the copy
    expect((await app.call('listEmailTemplates', { profileId: demo })).find((e) => e.name === 'VOICEMAIL_RECEIVED')).toEqual(changed)
  })

  it('refuses to copy a kind the source PBX has not customised, and a copy to the same PBX', async () => {
    const nothing = await failure(app.call('copyEmailTemplate', { fromProfileId: demo, toProfileId: other, name: 'TRUNK_CONNECTED' }))
    expect(nothing).toMatchObject({ code: 'INVALID_INPUT', field: 'name' })
    expect(nothing.message).toMatch(/nothing to copy/)
    expect(nothing.message).toContain('Trunk connected')
    expect((await app.call('listEmailTemplates', { profileId: other })).find((e) => e.name === 'TRUNK_CONNECTED')?.customised).toBe(false)

    const same = await failure(app.call('copyEmailTemplate', { fromProfileId: demo, toProfileId: demo, name: 'USER_CREATION' }))
    expect(same).toMatchObject({ code: 'INVALID_INPUT', field: 'toProfileId' })
  })

  it('answers NOT_SIGNED_IN for a PBX not signed in, and the PBX 403 for the system administrator', async () => {
    const saved = await app.call('saveProfile', { fields: { label: 'Not signed in', baseUrl: proxy.url, username: 'manager', domain: 'demo.pbx.example' } })
    expect((await failure(app.call('listEmailTemplates', { profileId: saved.id }))).code).toBe('NOT_SIGNED_IN')
    const copyTo = await failure(app.call('copyEmailTemplate', { fromProfileId: demo, toProfileId: saved.id, name: 'USER_CREATION' }))
    expect(copyTo.code).toBe('NOT_SIGNED_IN')

    const admin = await app.signedIn(proxy.url, 'admin')
    expect(await failure(app.call('listEmailTemplates', { profileId: admin }))).toMatchObject({ code: 'PBX_ERROR', status: 403 })
  })
})
