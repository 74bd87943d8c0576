import { describe, expect, it } from 'vitest'
import { bridgeFailureEntry } from '../../../electron/main/bridge-log'

describe('how main logs a Bridge call answered with an error', () => {
  it('logs a PBX failure as a warning, with what locates it', () => {
    expect(bridgeFailureEntry('listDectPhones', { code: 'PBX_ERROR', message: 'The PBX refused: forbidden (403)', status: 403, pbxCode: 'FORBIDDEN' })).toEqual({
      level: 'warn',
      text: '[bridge] listDectPhones failed: PBX_ERROR: The PBX refused: forbidden (403)',
      details: { status: 403, pbxCode: 'FORBIDDEN' },
    })
    expect(bridgeFailureEntry('openPbx', { code: 'UNREACHABLE', message: 'Could not reach pbx.example.com' }).level).toBe('warn')
    expect(bridgeFailureEntry('openPbx', { code: 'UNTRUSTED_CERTIFICATE', message: 'untrusted' }).level).toBe('warn')
  })

  it('logs routine answers as information', () => {
    expect(bridgeFailureEntry('openPbx', { code: 'NOT_SIGNED_IN', message: 'Sign in first' }).level).toBe('info')
    expect(bridgeFailureEntry('signIn', { code: 'INVALID_INPUT', message: 'password: enter the password', field: 'password' })).toMatchObject({
      level: 'info',
      details: { field: 'password' },
    })
  })
})
