import { describe, expect, it } from 'vitest'
import { needsSystemAdmin, routedCaller, type PbxCaller } from '../../../electron/services/pbx-client/caller'

const recorder = (name: string, seen: string[]): PbxCaller => ({
  baseUrl: 'https://pbx.example',
  async call(path) {
    seen.push(`${name} ${path}`)
    return { status: 200, body: {} } as never
  },
})

describe('the paths only the system administrator may use', () => {
  it('are IVR servers and the admin settings, with or without a leading slash; nothing else', () => {
    for (const path of ['api/ivr_servers', '/api/ivr_servers/7/status', 'api/ivr_servers?top=1', 'api/admin/notification', '/api/admin/notification/test_email']) {
      expect(needsSystemAdmin(path), path).toBe(true)
    }
    for (const path of ['api/ivr_serversx', 'api/outbound_rules', 'api/administrators', 'api/dect_phones', 'api/admin']) {
      expect(needsSystemAdmin(path), path).toBe(false)
    }
  })

  it('go to the second sign-in, asked for once; when it cannot be had, the entry answers them', async () => {
    const seen: string[] = []
    let asked = 0
    const routed = routedCaller(recorder('tenant', seen), async () => (asked++, recorder('system', seen)))
    await routed.call('api/outbound_rules')
    await routed.call('api/ivr_servers')
    await routed.call('api/admin/notification')
    expect(seen).toEqual(['tenant api/outbound_rules', 'system api/ivr_servers', 'system api/admin/notification'])
    expect(asked).toBe(1)

    const fallback: string[] = []
    const without = routedCaller(recorder('tenant', fallback), async () => undefined)
    await without.call('api/ivr_servers')
    expect(fallback).toEqual(['tenant api/ivr_servers'])
  })
})
