import { describe, expect, it } from 'vitest'
import { ServiceError } from '../../../electron/services/errors'
import { REDACTED, redact, redactText } from '../../../electron/services/desktop/log-redaction'

/** every secret of a test must be gone from the redacted value, wherever it sat */
function withoutSecrets(value: unknown, secrets: string[]): string {
  const text = JSON.stringify(value, (_key, item: unknown) =>
    item instanceof Error ? { ...item, name: item.name, message: item.message, stack: item.stack } : item instanceof Map ? [...item] : item,
  )
  for (const secret of secrets) expect(text).not.toContain(secret)
  return text
}

describe('redact: passwords and tokens never reach the log', () => {
  it('replaces secret fields of an object at any depth, keeping the rest', () => {
    const body = {
      username: 'manager',
      password: 'hunter2-pass',
      domain: 'demo.pbx.example',
      nested: { deeper: [{ new_password: 'Site-2026!', refresh_token: 'rt-abcdef', access_token: 'at-123456' }] },
      tokens: { id: 'x', accessToken: 'at-camel-999' },
      headers: { Authorization: 'Bearer eyJhbGciOi.payload.sig', Cookie: 'session=s3cr3t-cookie', 'Content-Type': 'application/json' },
      'Set-Cookie': ['sid=abc123def; HttpOnly'],
      client_secret: 'cs-777',
      otp: 424242,
    }
    const redacted = redact(body) as Record<string, unknown>
    withoutSecrets(redacted, ['hunter2-pass', 'Site-2026!', 'rt-abcdef', 'at-123456', 'at-camel-999', 'eyJhbGciOi', 's3cr3t-cookie', 'abc123def', 'cs-777', '424242'])
    expect(redacted).toMatchObject({
      username: 'manager',
      domain: 'demo.pbx.example',
      password: REDACTED,
      nested: { deeper: [{ new_password: REDACTED, refresh_token: REDACTED, access_token: REDACTED }] },
      tokens: REDACTED,
      headers: { Authorization: REDACTED, Cookie: REDACTED, 'Content-Type': 'application/json' },
    })
  })

  it('never changes the value it is given', () => {
    const body = { password: 'keep-me', list: [{ token: 't' }] }
    redact(body)
    expect(body).toEqual({ password: 'keep-me', list: [{ token: 't' }] })
  })

  it('keeps an error code readable and redacts a one-time code', () => {
    expect(redact({ code: 'UNREACHABLE', message: 'Could not reach 127.0.0.1' })).toEqual({ code: 'UNREACHABLE', message: 'Could not reach 127.0.0.1' })
    expect(redact({ profileId: 'p1', code: '123456' })).toEqual({ profileId: 'p1', code: REDACTED })
    expect(redact({ code: 987654 })).toEqual({ code: REDACTED })
  })

  it('keeps flags that only say whether a secret exists', () => {
    expect(redact({ rememberPassword: true, password_force_reset: false, password: null })).toEqual({ rememberPassword: true, password_force_reset: false, password: null })
  })

  it.each([
    ['https://idp.example/cb?code=oauth-code-1&state=s1', 'oauth-code-1', 'https://idp.example/cb?code=[redacted]&state=s1'],
    ['GET /api/x?access_token=at-1&top=10', 'at-1', 'GET /api/x?access_token=[redacted]&top=10'],
    ['http://127.0.0.1:5000/reset#token=reset-tok-9', 'reset-tok-9', 'http://127.0.0.1:5000/reset#token=[redacted]'],
    ['username=manager&password=form-pass&remember=1', 'form-pass', 'username=manager&password=[redacted]&remember=1'],
    ['refresh_token=rt-42 refused', 'rt-42', 'refresh_token=[redacted] refused'],
    ['Authorization: Bearer eyJ.abc.def', 'eyJ.abc.def', 'Authorization: Bearer [redacted]'],
    ['authorization: Basic bWFuYWdlcjptYW5hZ2Vy', 'bWFuYWdlcjptYW5hZ2Vy', 'authorization: Basic [redacted]'],
    ['Cookie: session=abc; other=def', 'abc', 'Cookie: [redacted]'],
    ['set-cookie: sid=xyz123; Path=/', 'xyz123', 'set-cookie: [redacted]'],
    ['https://manager:url-pass@pbx.example/api', 'url-pass', 'https://manager:[redacted]@pbx.example/api'],
    ['body {"username":"manager","password":"json-pass","code":"654321"}', 'json-pass', 'body {"username":"manager","password":"[redacted]","code":"[redacted]"}'],
    ['{"new_password": "Tr@inee-2026", "remember": true}', 'Tr@inee-2026', '{"new_password": "[redacted]", "remember": true}'],
  ])('cleans the text %j', (text, secret, expected) => {
    const cleaned = redactText(text)
    expect(cleaned).not.toContain(secret)
    expect(cleaned).toBe(expected)
    expect(redact(text)).toBe(expected)
  })

  it('leaves text without secrets as it is', () => {
    const text = '[bridge] openPbx failed: UNREACHABLE: Could not reach pbx.example.com:8887 (ECONNREFUSED) top=10&skip=0'
    expect(redactText(text)).toBe(text)
  })

  it('cleans secrets in URLs inside objects and URL objects', () => {
    const redacted = redact({ url: 'https://pbx.example/api/auth?refresh_token=rt-url', link: new URL('http://127.0.0.1:1/cb?code=abc-code') })
    withoutSecrets(redacted, ['rt-url', 'abc-code'])
  })

  it('copies an error with its message, stack and extra fields cleaned', () => {
    const error = new ServiceError('PBX_ERROR', 'sign_in refused for password=err-pass', { status: 401, field: 'password' })
    const cause = new Error('upstream said access_token=cause-token')
    Object.assign(error, { cause, request: { password: 'field-pass' } })
    const redacted = redact(error) as Error & { code: string; status: number; request: unknown }
    expect(redacted).toBeInstanceOf(Error)
    expect(redacted.name).toBe(error.name)
    expect(redacted.message).toBe('sign_in refused for password=[redacted]')
    expect(redacted.stack).not.toContain('err-pass')
    expect(redacted.code).toBe('PBX_ERROR')
    expect(redacted.status).toBe(401)
    expect(redacted.request).toEqual({ password: REDACTED })
    expect((redacted.cause as Error).message).toBe('upstream said access_token=[redacted]')
    expect(error.message).toContain('err-pass')
  })

  it('survives cycles, maps, sets, buffers and deep nesting', () => {
    const loop: Record<string, unknown> = { name: 'loop', password: 'loop-pass' }
    loop.self = loop
    const deep: Record<string, unknown> = {}
    let at = deep
    for (let level = 0; level < 30; level++) at = at.next = { token: `deep-${level}` } as Record<string, unknown>
    const redacted = redact({
      loop,
      map: new Map([['refresh_token', 'map-token'], ['label', 'Acme']]),
      set: new Set(['password=set-pass']),
      buffer: Buffer.from('secret bytes'),
      deep,
    }) as Record<string, unknown>
    const text = withoutSecrets({ ...redacted, set: [...(redacted.set as Set<string>)] }, ['loop-pass', 'map-token', 'set-pass', 'secret bytes', 'deep-'])
    expect(text).toContain('[circular]')
    expect(text).toContain('[too deep]')
    expect((redacted.map as Map<string, string>).get('label')).toBe('Acme')
    expect(redacted.buffer).toBe('[12 bytes]')
  })
})
