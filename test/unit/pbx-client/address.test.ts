import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInWith } from '../../../electron/services/pbx-client/auth'
import { getInfo } from '../../../electron/services/pbx-client/info'
import { failure } from './helpers'

/**
 * The address a PBX is reached at: the connection test (GET /api/info) and the sign-in go to the
 * same place, built from the contract's one form of the address; an address the contract refuses
 * (a password, a path, a query) is never contacted at all.
 */

type Seen = { method: string; url: string; host: string; authorization: string | null }

let server: Server
let base = ''
let port = 0
const seen: Seen[] = []

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', host: req.headers.host ?? '', authorization: req.headers.authorization ?? null })
      const path = new URL(req.url ?? '/', 'http://x').pathname
      const body =
        path === '/api/info'
          ? { web_domain: 'pbx.example.com' }
          : path === '/api/auth/sign_in' || path === '/api/login/oauth/token'
            ? { access_token: 'a', refresh_token: 'r', token_type: 'Bearer', expires_in: 3600 }
            : undefined
      if (body) res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body))
      else res.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ errors: [{ code: 'NOT_FOUND', message: 'not found' }] }))
    })
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  port = (server.address() as AddressInfo).port
  base = `http://127.0.0.1:${port}`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((done) => server.close(done))
})

const credentials = { username: 'manager', password: 'manager', domain: 'demo.pbx.example' }

async function probeThenSignIn(address: string): Promise<Seen[]> {
  seen.length = 0
  await getInfo(address)
  await signInWith('sign_in', address, credentials)
  await signInWith('oauth', address, credentials)
  return [...seen]
}

describe('the probe and the sign-in use one address', () => {
  it.each([
    ['as saved', () => base],
    ['upper-case, with trailing slashes', () => `HTTP://127.0.0.1:${port}///`],
    ['with the host written in hex', () => `http://0x7f.0.0.1:${port}/`],
  ])('%s', async (_name, address) => {
    const requests = await probeThenSignIn(address())
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /api/info', 'POST /api/auth/sign_in', 'POST /api/login/oauth/token'])
    expect(new Set(requests.map((r) => r.host))).toEqual(new Set([`127.0.0.1:${port}`]))
    expect(requests.every((r) => r.authorization === null)).toBe(true)
  })

  it('never contacts an address with a user name and password, nor says the password', async () => {
    seen.length = 0
    const address = `http://alice:secret@127.0.0.1:${port}`
    for (const attempt of [getInfo(address), signInWith('sign_in', address, credentials)]) {
      const error = await failure(attempt)
      expect(error).toMatchObject({ code: 'INVALID_INPUT', field: 'baseUrl' })
      expect(error.message).toBe(
        `This PBX's address cannot be used: remove the user name and password from the address, leaving ${base}; the user name has its own field ` +
          'and the password is asked when you sign in (a password in an address would be saved in plain text). Edit the PBX to correct it.',
      )
      expect(error.message).not.toMatch(/secret|alice/)
    }
    // nothing was sent: no Basic auth made of the address
    expect(seen).toEqual([])
  })

  it.each([
    ['a path', () => `${base}/some`, /remove \/some from the address/],
    ['a query and a fragment', () => `${base}/?x=1#frag`, /remove the part from “\?” on/],
    ['a fragment', () => `${base}#frag`, /remove the part from “#” on/],
  ])('refuses %s for the probe and the sign-in alike, sending nothing', async (_name, address, why) => {
    seen.length = 0
    const probe = await failure(getInfo(address()))
    const signIn = await failure(signInWith('sign_in', address(), credentials))
    expect(probe.message).toMatch(why)
    expect(signIn.message).toBe(probe.message)
    expect(seen).toEqual([])
  })
})

describe('https to a port that answers plain http', () => {
  const plainMessage = () =>
    `127.0.0.1:${port} answers plain http on this port, not https: change the address to http://127.0.0.1:${port} or use the PBX's https port.`

  it('says so instead of OpenSSL’s "wrong version number"', async () => {
    const error = await failure(getInfo(`https://127.0.0.1:${port}`))
    expect(error.code).toBe('UNREACHABLE')
    expect(error.message).toBe(plainMessage())
  })

  it('says the same when a certificate was trusted for the address (the connection is opened first)', async () => {
    const fingerprint = Array.from({ length: 32 }, () => 'AB').join(':')
    const error = await failure(signInWith('sign_in', `https://127.0.0.1:${port}`, credentials, { trustedFingerprint256: fingerprint }))
    expect(error.code).toBe('UNREACHABLE')
    expect(error.message).toBe(plainMessage())
  })
})
