import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startDemoPbx } from '../../electron/demo-pbx'
import { createServices } from '../../electron/services'
import { openKeytarStore } from '../../electron/services/keychain/keytar-store'
import { accountOf } from '../../electron/services/keychain/pbx-secrets'
import { KEYCHAIN_SERVICE } from '../../electron/services/keychain/secret-store'
import { invoker } from '../unit/invoke'

// Runs inside test/support/in-keyring.sh (a private GNOME Keyring). A whole working session:
// add a PBX, sign in with "remember", let the token expire and refresh, list things, quit.
// Then: the secret is in the keyring (secret-tool finds it), and no file under the data folder
// and no line the app logged holds the password or any token the PBX handed out.

type Demo = Awaited<ReturnType<typeof startDemoPbx>>
let pbx: Demo
let dataDir: string
// a password found nowhere else (the demo's own equal the user names), set through the recovery flow
const PASSWORD = 'Kx9-unique-pass-7Qz'
const logged: string[] = []

beforeAll(async () => {
  pbx = await startDemoPbx({ port: 0, tokenTtl: 2 })
  dataDir = mkdtempSync(join(tmpdir(), 'pbx-full-session-'))
  await setPassword('manager', 'demo.pbx.example', PASSWORD)
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')))
  }
})
afterAll(async () => {
  vi.restoreAllMocks()
  await pbx.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

async function setPassword(username: string, domain: string, newPassword: string) {
  const post = (path: string, body: unknown) =>
    fetch(`${pbx.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
  await post('/api/auth/forget_password', { domain, username, callback_url: 'http://127.0.0.1/reset' })
  const token = pbx.outbox.findLast((mail) => mail.kind === 'password_reset')?.token
  await post('/api/auth/send_otp', { token })
  const code = pbx.outbox.findLast((mail) => mail.kind === 'otp')?.code
  expect((await post('/api/auth/verify_otp', { token, code })).status).toBe(200)
  expect((await post('/api/auth/reset_password', { token, new_password: newPassword })).status).toBe(200)
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })
}

describe('a full session against the real keychain', () => {
  it('keeps secrets in the keyring only', { timeout: 20_000 }, async () => {
    const keychain = await openKeytarStore()
    expect(keychain.available).toBe(true)
    const services = createServices({ dataDir, keychain, app: { name: 'PBX Provisioner', version: 'test', versions: { node: process.versions.node }, platform: 'linux' } })
    const call = invoker(services.handlers)

    const profile = await call('saveProfile', {
      fields: { label: 'Demo Company', baseUrl: pbx.url, username: 'manager', domain: 'demo.pbx.example', tags: ['site'] },
    })
    await call('signIn', { profileId: profile.id, password: PASSWORD, remember: true })

    const found = spawnSync('secret-tool', ['search', '--all', 'service', KEYCHAIN_SERVICE, 'account', accountOf(profile.id)], { encoding: 'utf8' })
    expect(`${found.stdout}${found.stderr}`).toContain(`attribute.account = ${accountOf(profile.id)}`)
    expect(found.stdout).toContain(`"password":"${PASSWORD}"`)
    expect(found.stdout).toMatch(/"refreshToken":"[^"]+"/)

    // let the 2-second token expire, then work: the session refreshes on its own
    await new Promise((done) => setTimeout(done, 2100))
    const session = await call('openPbx', { profileId: profile.id })
    expect(session.status).toBe('signed_in')
    await call('listSessions')
    await call('listProfiles')
    const exported = await call('exportProfiles')
    await services.dispose() // quit

    const tokens = pbx.issuedTokens
    expect(tokens.length).toBeGreaterThanOrEqual(4) // two pairs at least: the sign-in and a refresh
    const secrets = [PASSWORD, ...tokens]
    const files = filesUnder(dataDir)
    expect(files.length).toBeGreaterThan(0)
    for (const file of files) {
      const content = readFileSync(file, 'utf8')
      for (const secret of secrets) expect(content.includes(secret), `${file} holds a secret`).toBe(false)
    }
    for (const secret of [...tokens]) expect(exported.json.includes(secret)).toBe(false)
    expect(exported.json).not.toMatch(/"password"/)
    for (const line of logged) for (const secret of secrets) expect(line.includes(secret), `a log line holds a secret: ${line}`).toBe(false)
  })
})
