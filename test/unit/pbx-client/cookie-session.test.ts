import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoPbx } from '../../../electron/demo-pbx'
import { cookieLogin, cookieLogout, cookieSessionStatus, loginByIdp } from '../../../electron/services/pbx-client/cookie-session'
import { pbxRequest } from '../../../electron/services/pbx-client/request'

type Demo = Awaited<ReturnType<typeof startDemoPbx>>
let pbx: Demo
beforeAll(async () => {
  pbx = await startDemoPbx({ port: 0 })
})
afterAll(async () => {
  await pbx.stop()
})

describe('the cookie-style session (/api/login, /api/logout, /api/login/by_idp)', () => {
  it('logs in with a cookie, reads the access token that works as a bearer token, logs out', async () => {
    const cookie = await cookieLogin(pbx.url, { username: 'manager', password: 'manager', domain: 'demo.pbx.example' })
    expect(cookie).toMatch(/^pbx_session=.+/)
    const status = await cookieSessionStatus(pbx.url, cookie)
    expect(status).toMatchObject({ role: 'Admin', access_token: expect.any(String), expires_in: expect.any(Number) })
    expect((await pbxRequest(pbx.url, 'api/auth/user', { token: status.access_token })).body).toMatchObject({ role_name: 'Admin' })
    await cookieLogout(pbx.url, cookie)
    await expect(cookieSessionStatus(pbx.url, cookie)).rejects.toMatchObject({ code: 'PBX_ERROR', status: 401 })
  })

  it('the system administrator logs in without a domain; wrong credentials are the PBX 401', async () => {
    expect(await cookieSessionStatus(pbx.url, await cookieLogin(pbx.url, { username: 'admin', password: 'admin', domain: '' }))).toMatchObject({ role: 'SystemAdmin' })
    await expect(cookieLogin(pbx.url, { username: 'admin', password: 'nope', domain: '' })).rejects.toMatchObject({ status: 401 })
  })

  it('by_idp answers for a tenant with the identity provider and refuses one without', async () => {
    await expect(loginByIdp(pbx.url, 'demo.pbx.example')).resolves.toBeUndefined()
    await expect(loginByIdp(pbx.url, 'other.pbx.example')).rejects.toMatchObject({ status: 400, field: 'domain' })
  })
})
