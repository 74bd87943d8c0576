// Two-factor sign-in (demo PBX README "Two-factor sign-in"), black-box over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CLIENT_ID, DEMO, expectError, request, start, type DemoPbx } from './helpers'

let pbx: DemoPbx
beforeAll(async () => {
  pbx = await start()
})
afterAll(async () => {
  await pbx.stop()
})

const installer = { username: 'installer', password: 'installer', domain: DEMO }
const post = (path: string, json: unknown) => request(pbx.url, 'POST', path, { json })
const lastCode = (token: string) => pbx.outbox.filter((m) => m.kind === 'otp' && m.token === token).at(-1)?.code

describe('two-factor sign-in', () => {
  it('answers a flow token instead of tokens, mails a code, and verify_otp opens the session', async () => {
    const first = await post('/api/auth/sign_in', installer)
    expect(first.status).toBe(200)
    expect(first.body).toEqual({ two_factor_enabled: true, token: expect.any(String) })
    expect(first.body.access_token).toBeUndefined()
    const token: string = first.body.token

    expect((await post('/api/auth/send_otp', { token })).status).toBe(200)
    const code = lastCode(token)
    expect(code).toMatch(/^\d{6}$/)

    const verified = await post('/api/auth/verify_otp', { token, code })
    expect(verified.status).toBe(200)
    expect(verified.body).toMatchObject({ access_token: expect.any(String), refresh_token: expect.any(String), token_type: 'Bearer' })
    const me = await request(pbx.url, 'GET', '/api/auth/user', { token: verified.body.access_token })
    expect(me.body).toMatchObject({ role_name: 'Admin', domain: DEMO })

    // the flow token is used up
    expectError(await post('/api/auth/verify_otp', { token, code }), 401, 'UNAUTHORIZED', 'token')
  })

  it('refuses a wrong code with 401 and ends the flow after five', async () => {
    const { token } = (await post('/api/auth/sign_in', installer)).body as { token: string }
    await post('/api/auth/send_otp', { token })
    const right = lastCode(token)!
    const wrong = right === '000000' ? '111111' : '000000'
    for (let i = 0; i < 4; i++) expectError(await post('/api/auth/verify_otp', { token, code: wrong }), 401, 'UNAUTHORIZED', 'code')
    expectError(await post('/api/auth/verify_otp', { token, code: wrong }), 401, 'UNAUTHORIZED', 'code')
    expectError(await post('/api/auth/verify_otp', { token, code: right }), 401, 'UNAUTHORIZED', 'token')
  })

  it('a wrong password still fails before any code', async () => {
    expectError(await post('/api/auth/sign_in', { ...installer, password: 'nope' }), 401, 'UNAUTHORIZED')
  })

  it('the OAuth password grant and the cookie login refuse the account', async () => {
    const oauth = await request(pbx.url, 'POST', '/api/login/oauth/token', {
      form: { grant_type: 'password', ...installer, scope: 'all', client_id: CLIENT_ID },
    })
    expectError(oauth, 401, 'UNAUTHORIZED')
    expect(oauth.body.errors[0].message).toMatch(/one-time code/)
    expectError(await post('/api/login', installer), 401, 'UNAUTHORIZED')
  })

  it('a sign-in token cannot reset a password', async () => {
    const { token } = (await post('/api/auth/sign_in', installer)).body as { token: string }
    await post('/api/auth/send_otp', { token })
    expectError(await post('/api/auth/reset_password', { token, new_password: 'abcdefgh1' }), 401, 'UNAUTHORIZED', 'token')
  })
})
