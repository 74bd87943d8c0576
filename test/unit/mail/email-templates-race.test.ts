import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ServiceError } from '../../../electron/services/errors'
import { createEmailTemplatesService } from '../../../electron/services/mail/email-templates-service'
import { apiError, startFakeServer, type FakeServer } from '../pbx-client/fake-server'
import { testCaller } from '../pbx-client/test-caller'

// What the demo PBX never does on its own: a kind customised by someone else between the read
// and the create (409), and a PBX that accepts a save but does not answer the template after.

describe('saving a template when the PBX changes underneath', () => {
  let fake: FakeServer
  let reads = 0
  beforeAll(async () => {
    fake = await startFakeServer((method, url) => {
      const path = url.pathname
      if (path === '/api/custom_email_templates/QUEUE_SLA' && method === 'GET') {
        // not there when first read; there (customised by someone else) afterwards
        return reads++ === 0 ? [404, apiError('NOT_FOUND', 'name: the template QUEUE_SLA is not customised')] : [200, { name: 'QUEUE_SLA', from: 'a@pbx.example', subject: 'Ours', body: 'Theirs' }]
      }
      if (path === '/api/custom_email_templates' && method === 'POST') return [409, apiError('CONFLICT', 'name: the template is already customised')]
      if (path === '/api/custom_email_templates/QUEUE_SLA' && method === 'POST') return [200]
      return undefined
    })
  })
  afterAll(async () => {
    await fake.stop()
  })

  it('a create answered 409 (customised meanwhile) becomes an update of that kind', async () => {
    const service = createEmailTemplatesService(async () => testCaller(fake.url, 'token'))
    const saved = await service.save('any', 'QUEUE_SLA', { subject: 'Ours' })
    expect(saved).toEqual({ created: false, entry: { name: 'QUEUE_SLA', customised: true, template: { name: 'QUEUE_SLA', from: 'a@pbx.example', subject: 'Ours', body: 'Theirs' } } })
    expect(fake.seen).toEqual([
      'GET /api/custom_email_templates/QUEUE_SLA',
      'POST /api/custom_email_templates',
      'POST /api/custom_email_templates/QUEUE_SLA',
      'GET /api/custom_email_templates/QUEUE_SLA',
    ])
  })

  it('a PBX that does not answer the template it accepted is a PBX_ERROR saying to reload', async () => {
    // creates answer 201, yet the kind is never there when read
    const forgetful = await startFakeServer((method, url) => {
      if (url.pathname === '/api/custom_email_templates/RECHARGE' && method === 'GET') return [404, apiError('NOT_FOUND', 'not customised')]
      if (url.pathname === '/api/custom_email_templates' && method === 'POST') return [201, { id: 'RECHARGE' }]
      return undefined
    })
    const service = createEmailTemplatesService(async () => testCaller(forgetful.url, 'token'))
    const error = await service.save('any', 'RECHARGE', { subject: 'Low credit' }).catch((e: unknown) => e)
    await forgetful.stop()
    expect(forgetful.seen).toEqual(['GET /api/custom_email_templates/RECHARGE', 'POST /api/custom_email_templates', 'GET /api/custom_email_templates/RECHARGE'])
    expect(error).toBeInstanceOf(ServiceError)
    expect(error).toMatchObject({ code: 'PBX_ERROR' })
    expect((error as ServiceError).message).toContain('Recharge your account (RECHARGE)')
  })
})
