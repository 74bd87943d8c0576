import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDectPhonesClient } from '../../../electron/services/pbx-client/dect-phones'
import { createEmailTemplatesClient } from '../../../electron/services/pbx-client/email-templates'
import { createIvrServersClient } from '../../../electron/services/pbx-client/ivr-servers'
import { createNotificationClient } from '../../../electron/services/pbx-client/notification'
import { createOutboundRulesClient } from '../../../electron/services/pbx-client/outbound-rules'
import { methodNotAllowed, startFakeServer, type FakeAnswer, type FakeServer } from './fake-server'
import { failure } from './helpers'
import { testCaller } from './test-caller'

/**
 * A PBX of the family that offers only what the seed shows: no destroy, no IVR status, no test
 * email. The `/api/x405` prefix stands for one that answers 405 on them instead. Items whose id
 * starts with `here` exist; others do not.
 */
function seedOnlyPbx(method: string, url: URL): FakeAnswer | undefined {
  const path = url.pathname
  const item = /^\/api\/(outbound_rules|ivr_servers|dect_phones|custom_email_templates)\/([^/]+)$/.exec(path)
  if (item && method === 'GET') {
    const id = decodeURIComponent(item[2] ?? '')
    if (!id.startsWith('here') && id !== 'DISK_LOW') return undefined
    return [200, item[1] === 'custom_email_templates' ? { name: id } : { id, name: 'An item' }]
  }
  if (path.endsWith('/destroy') && path.includes('/here-405')) return methodNotAllowed()
  if (path === '/api/ivr_servers/here-405/status') return methodNotAllowed()
  if (path === '/api/admin/notification' && method === 'GET') return [200, { type: 'SMTP', username: 'a' }]
  // creates that answer 200 (the seed's status is loose), one without an id
  if (path === '/api/outbound_rules' && method === 'POST') return [200, { id: 'rule-from-200' }]
  if (path === '/api/dect_phones' && method === 'POST') return [201, { created: true }]
  return undefined
}

describe('optional endpoints on a PBX without them', () => {
  let fake: FakeServer
  let notificationFake: FakeServer
  beforeAll(async () => {
    fake = await startFakeServer(seedOnlyPbx)
    notificationFake = await startFakeServer((method, url) =>
      url.pathname === '/api/admin/notification/test_email' ? methodNotAllowed() : seedOnlyPbx(method, url),
    )
  })
  afterAll(async () => {
    await fake.stop()
    await notificationFake.stop()
  })

  const clients = () => {
    const caller = testCaller(fake.url, 'fake')
    return {
      rules: createOutboundRulesClient(caller),
      ivr: createIvrServersClient(caller),
      phones: createDectPhonesClient(caller),
      templates: createEmailTemplatesClient(caller),
    }
  }

  it.each(['rules', 'ivr', 'phones'] as const)('%s: destroy answering 404 for an item that exists is NOT_SUPPORTED', async (kind) => {
    const error = await failure(clients()[kind].destroy('here-1'))
    expect(error.code).toBe('NOT_SUPPORTED')
    expect(error.message).toMatch(/^This PBX does not offer deleting (outbound rules|IVR servers|DECT phones)\.$/)
  })

  it.each(['rules', 'ivr', 'phones'] as const)('%s: destroy answering 404 for an item that does not exist is NOT_FOUND', async (kind) => {
    const error = await failure(clients()[kind].destroy('gone-1'))
    expect(error.code).toBe('NOT_FOUND')
    expect(error.message).toMatch(/gone-1 no longer exists on the PBX\.$/)
  })

  it('asks the item only after a 404 from destroy, and never after a 405', async () => {
    fake.seen.length = 0
    expect((await failure(clients().rules.destroy('here-405'))).code).toBe('NOT_SUPPORTED')
    expect(fake.seen).toEqual(['POST /api/outbound_rules/here-405/destroy'])
    fake.seen.length = 0
    await failure(clients().rules.destroy('here 1'))
    expect(fake.seen).toEqual(['POST /api/outbound_rules/here%201/destroy', 'GET /api/outbound_rules/here%201'])
  })

  it('custom templates: destroy of a customised kind is NOT_SUPPORTED, of another NOT_FOUND', async () => {
    expect(await failure(clients().templates.destroy('DISK_LOW'))).toMatchObject({
      code: 'NOT_SUPPORTED',
      message: 'This PBX does not offer deleting custom email templates.',
    })
    expect((await failure(clients().templates.destroy('RECHARGE'))).code).toBe('NOT_FOUND')
  })

  it('IVR status answers {supported: false} on 404 (server exists) and 405, NOT_FOUND for a missing server', async () => {
    expect(await clients().ivr.status('here-1')).toEqual({ supported: false })
    expect(await clients().ivr.status('here-405')).toEqual({ supported: false })
    expect((await failure(clients().ivr.status('gone-1'))).code).toBe('NOT_FOUND')
  })

  it('test email answering 404 or 405 is NOT_SUPPORTED', async () => {
    for (const url of [fake.url, notificationFake.url]) {
      const error = await failure(createNotificationClient(testCaller(url, 'fake')).sendTestEmail('ops@example.com'))
      expect(error).toMatchObject({ code: 'NOT_SUPPORTED', message: 'This PBX does not offer sending a test email.' })
    }
  })

  it('accepts any 2xx for a create, but not an answer without the id', async () => {
    expect(await clients().rules.create({ name: 'x' })).toBe('rule-from-200')
    const error = await failure(clients().phones.create({ name: 'x', mac: '001565AABBCC', vendor: 'Snom', model: 'M400' }))
    expect(error.code).toBe('NOT_A_PBX')
    expect(error.message).toMatch(/POST \/api\/dect_phones/)
  })

  it('keeps other failures of an optional endpoint as they are', async () => {
    const failing = await startFakeServer(() => [503, { errors: [{ code: 'UNKNOWN', message: 'busy' }] }])
    try {
      const caller = testCaller(failing.url, 'fake')
      expect(await failure(createIvrServersClient(caller).status('here-1'))).toMatchObject({ code: 'PBX_ERROR', status: 503 })
      expect(await failure(createOutboundRulesClient(caller).destroy('here-1'))).toMatchObject({ code: 'PBX_ERROR', status: 503 })
    } finally {
      await failing.stop()
    }
  })
})
