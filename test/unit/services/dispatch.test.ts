import { describe, expect, it } from 'vitest'
import type { BridgeHandlers } from '../../../electron/contract/bridge'
import { dispatch } from '../../../electron/services/bridge/dispatch'
import { ServiceError } from '../../../electron/services/errors'
import { fakeHandlers } from '../fake-handlers'

const info = { web_domain: 'pbx.example.com' }

function handlers(overrides: Partial<BridgeHandlers> = {}): BridgeHandlers {
  return fakeHandlers({
    getAbout: async () => ({ name: 'x', version: '1', versions: { node: '20' }, platform: 'linux', keychain: 'available' }),
    probePbx: async () => info,
    ...overrides,
  })
}

describe('dispatch: the one way into the services', () => {
  it('runs a known operation with valid input and answers its value', async () => {
    const seen: unknown[] = []
    const result = await dispatch(
      handlers({ probePbx: async (input) => (seen.push(input), info) }),
      'probePbx',
      { baseUrl: 'https://pbx.example.com:8887' },
    )
    expect(result).toEqual({ ok: true, value: info })
    expect(seen).toEqual([{ baseUrl: 'https://pbx.example.com:8887' }])
  })

  it('refuses an unknown operation name without running anything', async () => {
    const result = await dispatch(handlers(), 'deleteEverything', undefined)
    expect(result).toEqual({ ok: false, error: { code: 'INVALID_INPUT', message: 'Unknown operation deleteEverything.' } })
  })

  it.each([
    [{ baseUrl: 'ftp://pbx.example.com' }, 'baseUrl'],
    [{ baseUrl: 'not a url' }, 'baseUrl'],
    [{}, 'baseUrl'],
    [{ baseUrl: 'https://pbx.example.com', extra: 1 }, ''],
  ])('refuses input that fails the contract (%j) and names the field', async (input, field) => {
    let ran = false
    const result = await dispatch(handlers({ probePbx: async () => ((ran = true), info) }), 'probePbx', input)
    expect(ran).toBe(false)
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error.code).toBe('INVALID_INPUT')
    if (field) {
      expect(result.error.field).toBe(field)
      expect(result.error.message).toMatch(new RegExp(`^${field}: `))
    } else {
      expect(result.error.message).toMatch(/extra/)
    }
  })

  it('refuses input for an operation that takes none', async () => {
    const result = await dispatch(handlers(), 'getAbout', { sneaky: true })
    expect(result.ok).toBe(false)
  })

  it('turns a ServiceError into a typed error for the renderer', async () => {
    const failing = handlers({
      probePbx: async () => {
        throw new ServiceError('PBX_ERROR', 'name: too long', { status: 400, pbxCode: 'VALIDATE_FAILED', field: 'name' })
      },
    })
    expect(await dispatch(failing, 'probePbx', { baseUrl: 'http://127.0.0.1:9' })).toEqual({
      ok: false,
      error: { code: 'PBX_ERROR', message: 'name: too long', status: 400, pbxCode: 'VALIDATE_FAILED', field: 'name' },
    })
  })

  it('hides the details of a bug from the renderer and reports it to the log', async () => {
    const bugs: unknown[] = []
    const failing = handlers({
      getAbout: async () => {
        throw new TypeError('secret internal detail')
      },
    })
    const result = await dispatch(failing, 'getAbout', undefined, (error) => bugs.push(error))
    expect(result).toEqual({ ok: false, error: { code: 'INTERNAL', message: expect.not.stringContaining('secret') } })
    expect(bugs).toHaveLength(1)
  })
})
