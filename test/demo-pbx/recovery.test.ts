import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import type { Client, DemoPbx, Json } from './helpers'
import { DEMO, client, expectError, expectMessageMentions, setCookie, start } from './helpers'

const CALLBACK = 'https://app.example/reset-password'

/** Wrong code guaranteed to differ from `code`. */
function otherCode(code: string): string {
  return code === '000000' ? '111111' : '000000'
}

describe('password recovery through the outbox', () => {
  let pbx: DemoPbx
  let c: Client
  beforeAll(async () => {
    pbx = await start()
    c = client(pbx)
  })
  afterAll(async () => {
    await pbx.stop()
  })

  function outbox(): Json[] {
    return pbx.outbox as unknown as Json[]
  }

  /** Starts a flow for `username` and returns its flow token (read from the outbox). */
  async function forget(username: string): Promise<string> {
    const n = outbox().length
    const res = await c.api('POST', '/api/auth/forget_password', {
      json: { domain: DEMO, username, callback_url: CALLBACK },
    })
    expect(res.status, res.text).toBe(200)
    expect(outbox().length).toBe(n + 1)
    const mail = outbox()[n]
    expect(mail.kind).toBe('password_reset')
    return mail.token as string
  }

  async function sendOtp(token: string): Promise<string> {
    const n = outbox().length
    const res = await c.api('POST', '/api/auth/send_otp', { json: { token } })
    expect(res.status, res.text).toBe(200)
    expect(outbox().length).toBe(n + 1)
    const mail = outbox()[n]
    expect(mail.kind).toBe('otp')
    return mail.code as string
  }

  it('forget_password for a known user answers 200 with no body and mails a password_reset with token and link', async () => {
    const n = outbox().length
    const res = await c.api('POST', '/api/auth/forget_password', {
      json: { domain: DEMO, username: 'manager', callback_url: CALLBACK },
    })
    expect(res.status).toBe(200)
    expect(res.text).toBe('')
    expect(outbox().length).toBe(n + 1)
    const mail = outbox()[n]
    expect(mail.kind).toBe('password_reset')
    expect(mail.domain).toBe(DEMO)
    expect(mail.username).toBe('manager')
    expect(typeof mail.to).toBe('string')
    expect(typeof mail.subject).toBe('string')
    expect(typeof mail.body).toBe('string')
    expect(mail.at).toBeDefined()
    expect(typeof mail.token).toBe('string')
    expect(mail.token.length).toBeGreaterThan(0)
    expect(typeof mail.link).toBe('string')
    expect(mail.link.startsWith(`${CALLBACK}?token=`)).toBe(true)
    expect(new URL(mail.link).searchParams.get('token')).toBe(mail.token)
  })

  it.each([
    ['an unknown user', { domain: DEMO, username: '4711', callback_url: CALLBACK }],
    ['an unknown domain', { domain: 'nowhere.example', username: '1001', callback_url: CALLBACK }],
    ['a reserved name', { domain: DEMO, username: 'admin', callback_url: CALLBACK }],
  ])('forget_password for %s answers 200 and mails nothing', async (_label, body) => {
    const n = outbox().length
    const res = await c.api('POST', '/api/auth/forget_password', { json: body })
    expect(res.status).toBe(200)
    expect(res.text).toBe('')
    expect(outbox().length).toBe(n)
  })

  it.each([
    ['domain missing', { username: '1001', callback_url: CALLBACK }, 'domain'],
    ['domain empty', { domain: '', username: '1001', callback_url: CALLBACK }, 'domain'],
    ['domain of 281 characters', { domain: 'd'.repeat(281), username: '1001', callback_url: CALLBACK }, 'domain'],
    ['username missing', { domain: DEMO, callback_url: CALLBACK }, 'username'],
    ['username of 65 characters', { domain: DEMO, username: 'u'.repeat(65), callback_url: CALLBACK }, 'username'],
    ['callback_url missing', { domain: DEMO, username: '1001' }, 'callback_url'],
    ['callback_url not a string', { domain: DEMO, username: '1001', callback_url: 5 }, 'callback_url'],
  ])('forget_password with %s answers 400 and mails nothing', async (_label, body, field) => {
    const n = outbox().length
    expectError(await c.api('POST', '/api/auth/forget_password', { json: body }), 400, 'VALIDATE_FAILED', field)
    expect(outbox().length).toBe(n)
  })

  it('forget_password refuses an unknown field', async () => {
    const res = await c.api('POST', '/api/auth/forget_password', {
      json: { domain: DEMO, username: '1001', callback_url: CALLBACK, email: 'x@example.com' },
    })
    expectError(res, 400, 'VALIDATE_FAILED')
    expectMessageMentions(res, 'email')
  })

  it('send_otp mails a six-digit code for the flow token and answers 200 with no body', async () => {
    const token = await forget('manager')
    const n = outbox().length
    const res = await c.api('POST', '/api/auth/send_otp', { json: { token } })
    expect(res.status).toBe(200)
    expect(res.text).toBe('')
    const mail = outbox()[n]
    expect(mail.kind).toBe('otp')
    expect(mail.token).toBe(token)
    expect(mail.code).toMatch(/^\d{6}$/)
  })

  it('send_otp, verify_otp and reset_password refuse an unknown token with 401', async () => {
    expectError(await c.api('POST', '/api/auth/send_otp', { json: { token: 'nope' } }), 401, 'UNAUTHORIZED')
    expectError(
      await c.api('POST', '/api/auth/verify_otp', { json: { token: 'nope', code: '123456' } }),
      401,
      'UNAUTHORIZED',
    )
    expectError(
      await c.api('POST', '/api/auth/reset_password', { json: { token: 'nope', new_password: 'long-enough-1' } }),
      401,
      'UNAUTHORIZED',
    )
  })

  it.each([
    ['send_otp', {}, 'token'],
    ['verify_otp', { code: '123456' }, 'token'],
    ['verify_otp', { token: 'abc' }, 'code'],
    ['reset_password', { new_password: 'long-enough-1' }, 'token'],
    ['reset_password', { token: 'abc' }, 'new_password'],
  ])('%s with body %j answers 400 naming %s', async (op, body, field) => {
    expectError(await c.api('POST', `/api/auth/${op}`, { json: body }), 400, 'VALIDATE_FAILED', field)
  })

  it('verify_otp: a wrong code is 401, the right one 200 with no body', async () => {
    const token = await forget('manager')
    const code = await sendOtp(token)
    expectError(
      await c.api('POST', '/api/auth/verify_otp', { json: { token, code: otherCode(code) } }),
      401,
      'UNAUTHORIZED',
    )
    const ok = await c.api('POST', '/api/auth/verify_otp', { json: { token, code } })
    expect(ok.status).toBe(200)
    expect(ok.text).toBe('')
  })

  it('verify_otp accepts only the newest code sent for the token', async () => {
    const token = await forget('manager')
    let first = await sendOtp(token)
    let second = await sendOtp(token)
    // codes are random; make sure the two differ (a collision is one in a million)
    while (second === first) {
      first = second
      second = await sendOtp(token)
    }
    expectError(await c.api('POST', '/api/auth/verify_otp', { json: { token, code: first } }), 401, 'UNAUTHORIZED')
    expect((await c.api('POST', '/api/auth/verify_otp', { json: { token, code: second } })).status).toBe(200)
  })

  it('five wrong codes end the flow: the right code and send_otp are refused afterwards', async () => {
    const token = await forget('manager')
    const code = await sendOtp(token)
    for (let i = 0; i < 5; i++) {
      expectError(
        await c.api('POST', '/api/auth/verify_otp', { json: { token, code: otherCode(code) } }),
        401,
        'UNAUTHORIZED',
      )
    }
    expectError(await c.api('POST', '/api/auth/verify_otp', { json: { token, code } }), 401, 'UNAUTHORIZED')
    expectError(await c.api('POST', '/api/auth/send_otp', { json: { token } }), 401, 'UNAUTHORIZED')
  })

  it('reset_password before a successful verify_otp answers 401', async () => {
    const token = await forget('manager')
    expectError(
      await c.api('POST', '/api/auth/reset_password', { json: { token, new_password: 'long-enough-1' } }),
      401,
      'UNAUTHORIZED',
    )
    await sendOtp(token)
    expectError(
      await c.api('POST', '/api/auth/reset_password', { json: { token, new_password: 'long-enough-1' } }),
      401,
      'UNAUTHORIZED',
    )
  })

  it.each([
    ['7 characters', 'x'.repeat(7)],
    ['65 characters', 'x'.repeat(65)],
    ['empty', ''],
  ])('reset_password refuses a new_password of %s with 400', async (_label, pw) => {
    const token = await forget('manager')
    const code = await sendOtp(token)
    expect((await c.api('POST', '/api/auth/verify_otp', { json: { token, code } })).status).toBe(200)
    expectError(
      await c.api('POST', '/api/auth/reset_password', { json: { token, new_password: pw } }),
      400,
      'VALIDATE_FAILED',
      'new_password',
    )
  })

  it('the whole flow resets the password: old password refused, new one works, sessions end, token used up', async () => {
    const before = await c.signIn('user')
    const cookieLogin = await c.api('POST', '/api/login', { json: { username: '1001', password: '1001', domain: DEMO } })
    expect(cookieLogin.status).toBe(200)
    const session = setCookie(cookieLogin, 'pbx_session')
    expect(session).toBeDefined()
    const cookie = `pbx_session=${session!.value}`
    expect((await c.api('GET', '/api/login', { cookie })).status).toBe(200)

    const token = await forget('1001')
    const code = await sendOtp(token)
    expect((await c.api('POST', '/api/auth/verify_otp', { json: { token, code } })).status).toBe(200)
    const newPassword = 'x'.repeat(64)
    const res = await c.api('POST', '/api/auth/reset_password', { json: { token, new_password: newPassword } })
    expect(res.status).toBe(200)
    expect(res.text).toBe('')

    expectError(
      await c.api('POST', '/api/auth/sign_in', { json: { username: '1001', password: '1001', domain: DEMO } }),
      401,
      'UNAUTHORIZED',
    )
    const after = await c.api('POST', '/api/auth/sign_in', {
      json: { username: '1001', password: newPassword, domain: DEMO },
    })
    expect(after.status).toBe(200)

    // every session of that user ends
    expectError(await c.api('GET', '/api/auth/user', { token: before.access_token }), 401, 'UNAUTHORIZED')
    expectError(
      await c.api('POST', '/api/auth/refresh_token', { json: { refresh_token: before.refresh_token } }),
      401,
      'UNAUTHORIZED',
    )
    expectError(await c.api('GET', '/api/login', { cookie }), 401, 'UNAUTHORIZED')

    // the token is used up
    expectError(
      await c.api('POST', '/api/auth/reset_password', { json: { token, new_password: 'another-password' } }),
      401,
      'UNAUTHORIZED',
    )

    expectError(await c.api('POST', '/api/auth/send_otp', { json: { token } }), 401, 'UNAUTHORIZED')

    // other users are untouched
    expect((await c.api('POST', '/api/auth/sign_in', { json: { username: 'manager', password: 'manager', domain: DEMO } })).status).toBe(200)
  })

  it('new_password of exactly 8 characters is accepted', async () => {
    const token = await forget('manager')
    const code = await sendOtp(token)
    expect((await c.api('POST', '/api/auth/verify_otp', { json: { token, code } })).status).toBe(200)
    expect((await c.api('POST', '/api/auth/reset_password', { json: { token, new_password: 'eight888' } })).status).toBe(200)
    const s = await c.api('POST', '/api/auth/sign_in', { json: { username: 'manager', password: 'eight888', domain: DEMO } })
    expect(s.status).toBe(200)
  })
})

describe('POST /api/admin/notification/test_email', () => {
  let pbx: DemoPbx
  let c: Client
  beforeAll(async () => {
    pbx = await start()
    c = client(pbx)
  })
  afterAll(async () => {
    await pbx.stop()
  })

  it('puts a test_email in the outbox and answers 200 for the system administrator', async () => {
    const outbox = pbx.outbox as unknown as Json[]
    const n = outbox.length
    const res = await c.api('POST', '/api/admin/notification/test_email', {
      token: await c.token('system'),
      json: { to: 'ops@example.com' },
    })
    expect(res.status).toBe(200)
    expect(outbox.length).toBe(n + 1)
    const mail = outbox[n]
    expect(mail.kind).toBe('test_email')
    expect(mail.to).toBe('ops@example.com')
    expect(typeof mail.subject).toBe('string')
    expect(typeof mail.body).toBe('string')
  })

  it.each(['manager', 'user'] as const)('answers 403 for the %s and mails nothing', async (who) => {
    const n = pbx.outbox.length
    const res = await c.api('POST', '/api/admin/notification/test_email', {
      token: await c.token(who),
      json: { to: 'ops@example.com' },
    })
    expectError(res, 403, 'FORBIDDEN')
    expect(pbx.outbox.length).toBe(n)
  })

  it('answers 401 without a token', async () => {
    expectError(
      await c.api('POST', '/api/admin/notification/test_email', { json: { to: 'ops@example.com' } }),
      401,
      'UNAUTHORIZED',
    )
  })

  it('answers 400 naming `to` when it is missing', async () => {
    const res = await c.api('POST', '/api/admin/notification/test_email', { token: await c.token('system'), json: {} })
    expectError(res, 400, 'VALIDATE_FAILED', 'to')
  })
})
