import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import type { Client, DemoPbx, Json } from './helpers'
import { TEMPLATE_KINDS, client, expectError, expectId, expectMessageMentions, expectNoBody, start } from './helpers'

const BASE = '/api/custom_email_templates'

describe('custom email templates', () => {
  let pbx: DemoPbx
  let c: Client
  let token = ''

  beforeAll(async () => {
    pbx = await start()
    c = client(pbx)
    token = await c.token('manager')
  })
  afterAll(async () => {
    await pbx.stop()
  })

  async function names(): Promise<string[]> {
    const res = await c.api('GET', BASE, { token })
    expect(res.status).toBe(200)
    return (res.body.items as Json[]).map((t) => t.name as string).sort()
  }

  it('lists only the customised kinds, {items} without count', async () => {
    const res = await c.api('GET', BASE, { token })
    expect(res.status).toBe(200)
    expect(res.body).not.toHaveProperty('count')
    expect((res.body.items as Json[]).map((t) => t.name).sort()).toEqual(['USER_CREATION', 'VOICEMAIL_RECEIVED'])
    for (const t of res.body.items) {
      for (const key of ['name', 'from', 'subject', 'body']) expect(t).toHaveProperty(key)
    }
  })

  it('reads a customised kind by name', async () => {
    const res = await c.api('GET', `${BASE}/VOICEMAIL_RECEIVED`, { token })
    expect(res.status).toBe(200)
    expect(res.body.name).toBe('VOICEMAIL_RECEIVED')
    expect(typeof res.body.from).toBe('string')
    expect(typeof res.body.subject).toBe('string')
    expect(typeof res.body.body).toBe('string')
  })

  it.each(TEMPLATE_KINDS.filter((k) => k !== 'USER_CREATION' && k !== 'VOICEMAIL_RECEIVED'))(
    'GET of the not customised kind %s answers 404',
    async (kind) => {
      expectError(await c.api('GET', `${BASE}/${kind}`, { token }), 404, 'NOT_FOUND')
    },
  )

  it.each(['NOT_A_KIND', 'voicemail_received', 'PASSWORD_RESET'])('GET of %s (outside the 14 kinds) answers 400', async (name) => {
    expectError(await c.api('GET', `${BASE}/${name}`, { token }), 400, 'VALIDATE_FAILED')
  })

  it('creates a customisation: 201 {id} where id is the name; reads back; listed', async () => {
    const res = await c.api('POST', BASE, {
      token,
      json: { name: 'QUEUE_SLA', from: 'pbx@demo.example', subject: 'SLA missed', body: 'Queue {queue} missed its SLA.' },
    })
    expect(expectId(res, 201)).toBe('QUEUE_SLA')
    const got = await c.api('GET', `${BASE}/QUEUE_SLA`, { token })
    expect(got.status).toBe(200)
    expect(got.body).toMatchObject({
      name: 'QUEUE_SLA',
      from: 'pbx@demo.example',
      subject: 'SLA missed',
      body: 'Queue {queue} missed its SLA.',
    })
    expect(await names()).toContain('QUEUE_SLA')
  })

  it('creates with the name only', async () => {
    expect(expectId(await c.api('POST', BASE, { token, json: { name: 'DISK_LOW' } }), 201)).toBe('DISK_LOW')
    expect((await c.api('GET', `${BASE}/DISK_LOW`, { token })).body.name).toBe('DISK_LOW')
  })

  it('accepts the boundary lengths: subject 255, body 65,536', async () => {
    const from = 'pbx@demo.example'
    const json = { name: 'RECHARGE', from, subject: 's'.repeat(255), body: 'b'.repeat(65_536) }
    expect(expectId(await c.api('POST', BASE, { token, json }), 201)).toBe('RECHARGE')
    const got = await c.api('GET', `${BASE}/RECHARGE`, { token })
    expect(got.body.from).toBe(from)
    expect(got.body.subject).toHaveLength(255)
    expect(got.body.body).toHaveLength(65_536)
  })

  it.each(['VOICEMAIL_RECEIVED', 'USER_CREATION'])('answers 409 CONFLICT for the already customised kind %s', async (name) => {
    expectError(await c.api('POST', BASE, { token, json: { name, subject: 'dup' } }), 409, 'CONFLICT')
  })

  it.each<[string, Record<string, unknown>, string]>([
    ['name missing', { subject: 'x' }, 'name'],
    ['name not one of the kinds', { name: 'BIRTHDAY' }, 'name'],
    ['name in lower case', { name: 'queue_callback' }, 'name'],
    ['name not a string', { name: 3 }, 'name'],
    ['from not an email address', { name: 'QUEUE_CALLBACK', from: 'not-an-email' }, 'from'],
    ['from of 256 characters', { name: 'QUEUE_CALLBACK', from: `pbx@${'a'.repeat(60)}.${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(61)}.example` }, 'from'],
    ['subject of 256 characters', { name: 'QUEUE_CALLBACK', subject: 's'.repeat(256) }, 'subject'],
    ['subject not a string', { name: 'QUEUE_CALLBACK', subject: 1 }, 'subject'],
    ['body of 65,537 characters', { name: 'QUEUE_CALLBACK', body: 'b'.repeat(65_537) }, 'body'],
    ['body not a string', { name: 'QUEUE_CALLBACK', body: ['x'] }, 'body'],
  ])('create with %s → 400 naming %s', async (_label, json, field) => {
    expectError(await c.api('POST', BASE, { token, json }), 400, 'VALIDATE_FAILED', field)
    expectError(await c.api('GET', `${BASE}/QUEUE_CALLBACK`, { token }), 404, 'NOT_FOUND')
  })

  it('create refuses an unknown field', async () => {
    const res = await c.api('POST', BASE, { token, json: { name: 'QUEUE_CALLBACK', cc: 'x@example.com' } })
    expectError(res, 400, 'VALIDATE_FAILED')
    expectMessageMentions(res, 'cc')
  })

  it('updates a customised kind: 200 with no body, read back', async () => {
    expectNoBody(
      await c.api('POST', `${BASE}/VOICEMAIL_RECEIVED`, {
        token,
        json: { from: 'voicemail@demo.example', subject: 'New voicemail', body: 'You have a message.' },
      }),
    )
    const got = await c.api('GET', `${BASE}/VOICEMAIL_RECEIVED`, { token })
    expect(got.body).toMatchObject({
      name: 'VOICEMAIL_RECEIVED',
      from: 'voicemail@demo.example',
      subject: 'New voicemail',
      body: 'You have a message.',
    })
  })

  it('update of a kind not customised answers 404 and does not create it', async () => {
    expectError(
      await c.api('POST', `${BASE}/TRUNK_CONNECTED`, { token, json: { from: 'a@b.example', subject: 's', body: 'b' } }),
      404,
      'NOT_FOUND',
    )
    expect(await names()).not.toContain('TRUNK_CONNECTED')
  })

  it.each<[string, Record<string, unknown>, string]>([
    ['from invalid', { from: 'nope' }, 'from'],
    ['subject of 256 characters', { subject: 'x'.repeat(256) }, 'subject'],
    ['body of 65,537 characters', { body: 'x'.repeat(65_537) }, 'body'],
  ])('update with %s → 400 naming %s', async (_label, json, field) => {
    const before = await c.api('GET', `${BASE}/USER_CREATION`, { token })
    expectError(await c.api('POST', `${BASE}/USER_CREATION`, { token, json }), 400, 'VALIDATE_FAILED', field)
    expect((await c.api('GET', `${BASE}/USER_CREATION`, { token })).body).toEqual(before.body)
  })

  it('update refuses an unknown field', async () => {
    const res = await c.api('POST', `${BASE}/USER_CREATION`, { token, json: { subject: 'x', priority: 1 } })
    expectError(res, 400, 'VALIDATE_FAILED')
    expectMessageMentions(res, 'priority')
  })

  it('destroy: 204, the kind goes back to its default (404, not listed) and may be customised again', async () => {
    expect(expectId(await c.api('POST', BASE, { token, json: { name: 'EMERGENCY_CALL', subject: 'SOS' } }), 201)).toBe(
      'EMERGENCY_CALL',
    )
    expectNoBody(await c.api('POST', `${BASE}/EMERGENCY_CALL/destroy`, { token }), 204)
    expectError(await c.api('GET', `${BASE}/EMERGENCY_CALL`, { token }), 404, 'NOT_FOUND')
    expect(await names()).not.toContain('EMERGENCY_CALL')
    expect(expectId(await c.api('POST', BASE, { token, json: { name: 'EMERGENCY_CALL', subject: 'Again' } }), 201)).toBe(
      'EMERGENCY_CALL',
    )
    expect((await c.api('GET', `${BASE}/EMERGENCY_CALL`, { token })).body.subject).toBe('Again')
  })

  it('destroy of a kind not customised answers 404', async () => {
    expectError(await c.api('POST', `${BASE}/CONFERENCE_INVITATION/destroy`, { token }), 404, 'NOT_FOUND')
  })

  it('all 14 kinds can be customised; the 15th attempt conflicts', async () => {
    const existing = new Set(await names())
    for (const kind of TEMPLATE_KINDS) {
      if (existing.has(kind)) continue
      expect(expectId(await c.api('POST', BASE, { token, json: { name: kind, subject: kind } }), 201)).toBe(kind)
    }
    expect(await names()).toEqual([...TEMPLATE_KINDS].sort())
    expectError(await c.api('POST', BASE, { token, json: { name: 'QUEUE_SLA' } }), 409, 'CONFLICT')
  })
})
