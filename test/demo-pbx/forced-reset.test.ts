// An account that must set a new password (demo PBX README "Roles and capabilities": trainee).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO, request, start, type DemoPbx } from './helpers'

let pbx: DemoPbx
beforeAll(async () => {
  pbx = await start()
})
afterAll(async () => {
  await pbx.stop()
})

const post = (path: string, json: unknown) => request(pbx.url, 'POST', path, { json })
const me = async (password: string) => {
  const signIn = await post('/api/auth/sign_in', { username: 'trainee', password, domain: DEMO })
  return request(pbx.url, 'GET', '/api/auth/user', { token: signIn.body.access_token })
}

describe('password_force_reset', () => {
  it('is true until the recovery flow sets a new password, and false for everyone else', async () => {
    expect((await me('trainee')).body).toMatchObject({ password_force_reset: true, role_name: 'Admin' })
    const manager = await post('/api/auth/sign_in', { username: 'manager', password: 'manager', domain: DEMO })
    expect((await request(pbx.url, 'GET', '/api/auth/user', { token: manager.body.access_token })).body.password_force_reset).toBe(false)

    await post('/api/auth/forget_password', { domain: DEMO, username: 'trainee', callback_url: 'http://127.0.0.1/reset' })
    const token = pbx.outbox.filter((m) => m.kind === 'password_reset' && m.username === 'trainee').at(-1)?.token
    await post('/api/auth/send_otp', { token })
    const code = pbx.outbox.filter((m) => m.kind === 'otp' && m.username === 'trainee').at(-1)?.code
    expect((await post('/api/auth/verify_otp', { token, code })).status).toBe(200)
    expect((await post('/api/auth/reset_password', { token, new_password: 'Trainee-2026!' })).status).toBe(200)

    expect((await me('Trainee-2026!')).body.password_force_reset).toBe(false)
  })
})
