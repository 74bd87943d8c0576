import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startDemoPbx } from '../../../electron/demo-pbx'
import type { Services } from '../../../electron/services'
import { invoker, type BridgeFailure } from '../invoke'
import { testServices } from '../test-services'

// Sign-in through the tenant's identity provider, against the real demo PBX (which plays the
// provider). `openExternal` stands in for the system browser: it loads the provider's page, posts
// its form and follows the 302 back to the app's loopback address, as a browser would.

type Demo = Awaited<ReturnType<typeof startDemoPbx>>
let pbx: Demo
let dir: string
let services: Services
let call: ReturnType<typeof invoker>
/** every address the app asked the "browser" to open, and what the browser did with it */
let opened: string[]
let visits: Promise<unknown>[]
let browse: (url: string) => Promise<unknown>

const build = (openExternal?: (url: string) => Promise<void>) =>
  testServices(mkdtempSync(join(dir, 'd-')), openExternal ? { openExternal } : {})

beforeEach(async () => {
  pbx = await startDemoPbx({ port: 0 })
  dir = mkdtempSync(join(tmpdir(), 'pbx-idp-'))
  opened = []
  visits = []
  browse = (url) => signInAs(url, ['manager'])
  // like shell.openExternal: answers once the browser has the address; the user acts afterwards
  services = build(async (url) => {
    opened.push(url)
    visits.push(browse(url))
  })
  call = invoker(services.handlers)
})
afterEach(async () => {
  await services.dispose()
  await Promise.allSettled(visits)
  await pbx.stop()
  rmSync(dir, { recursive: true, force: true })
})

const save = (username: string, domain = 'demo.pbx.example') =>
  call('saveProfile', { fields: { label: username, baseUrl: pbx.url, username, domain } })

async function failure(promise: Promise<unknown>): Promise<BridgeFailure> {
  const error = await promise.then(() => undefined, (e: unknown) => e)
  expect(error).toHaveProperty('code')
  return error as BridgeFailure
}

async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10))
  if (!done()) throw new Error('gave up waiting')
}

/** The hidden and visible fields of the provider's form. */
function formOf(html: string): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const [input] of html.matchAll(/<input\b[^>]*>/g)) {
    const name = /\bname="([^"]*)"/.exec(input)?.[1]
    if (!name) continue
    fields[name] = (/\bvalue="([^"]*)"/.exec(input)?.[1] ?? '').replace(/&amp;/g, '&').replace(/&quot;/g, '"')
  }
  return fields
}

/** The user at the provider's page: tries each password in turn, then follows the redirect. */
async function signInAs(url: string, passwords: string[], username = 'manager'): Promise<Response> {
  const page = await fetch(url)
  expect(page.status).toBe(200)
  let html = await page.text()
  for (const password of passwords) {
    const answer = await fetch(new URL('/idp/authorize', url), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...formOf(html), username, password }).toString(),
    })
    if (answer.status === 302) return fetch(answer.headers.get('location') ?? '')
    expect(answer.status).toBe(401)
    html = await answer.text()
  }
  throw new Error('no password was right')
}

describe('sign-in through the identity provider', () => {
  it('signs in as the tenant user who signed in at the provider', async () => {
    const profile = await save('manager')
    const state = await call('signInWithIdp', { profileId: profile.id })
    expect(state).toMatchObject({ profileId: profile.id, status: 'signed_in', user: { role_name: 'Admin', domain: 'demo.pbx.example', username: 'manager' } })
    expect(opened).toHaveLength(1)
    expect(opened[0]).toMatch(new RegExp(`^${pbx.url}/idp/authorize\\?`))
    // the redirect handed to the PBX is this app's loopback address
    expect(new URL(opened[0]!).searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/[0-9a-f]+$/)
    const back = (await visits[0]) as Response
    expect(back.status).toBe(200)
    expect(await back.text()).toContain('Signed in')
    expect(await call('listSessions')).toEqual([expect.objectContaining({ profileId: profile.id, status: 'signed_in' })])
    // the session works: the token pair is the app's now
    expect(await call('openPbx', { profileId: profile.id })).toMatchObject({ status: 'signed_in' })
  })

  it('checks its input like every operation', async () => {
    const bad = await failure(call('signInWithIdp', {} as unknown as { profileId: string }))
    expect(bad).toMatchObject({ code: 'INVALID_INPUT', field: 'profileId' })
    expect(await failure(call('signInWithIdp', { profileId: 'no-such-profile' }))).toMatchObject({ code: 'NOT_FOUND' })
    expect(opened).toEqual([])
  })

  it('accepts a wrong password at the provider followed by the right one', async () => {
    browse = (url) => signInAs(url, ['wrong', 'manager'])
    const profile = await save('manager')
    expect(await call('signInWithIdp', { profileId: profile.id })).toMatchObject({ status: 'signed_in', user: { role_name: 'Admin' } })
  })

  it('answers NOT_SUPPORTED for a tenant without the integration, and opens no browser', async () => {
    const profile = await save('manager', 'other.pbx.example')
    const error = await failure(call('signInWithIdp', { profileId: profile.id }))
    expect(error.code).toBe('NOT_SUPPORTED')
    expect(error.message).toBe(`The identity provider is not enabled for this tenant on ${new URL(pbx.url).host}.`)
    expect(opened).toEqual([])
  })

  it('answers INVALID_INPUT for the system administrator (no tenant domain)', async () => {
    const profile = await save('admin', '')
    expect(await failure(call('signInWithIdp', { profileId: profile.id }))).toMatchObject({ code: 'INVALID_INPUT', field: 'domain' })
    expect(opened).toEqual([])
  })

  it('cancel while waiting: CANCELLED, and the loopback listener is closed', async () => {
    browse = async () => undefined // the user never signs in
    const profile = await save('manager')
    const signIn = failure(call('signInWithIdp', { profileId: profile.id }))
    await until(() => opened.length === 1)
    const redirect = new URL(opened[0]!).searchParams.get('redirect_uri')!
    expect(await call('cancelIdpSignIn', { profileId: profile.id })).toEqual({ cancelled: true })
    expect((await signIn).code).toBe('CANCELLED')
    await expect(fetch(`${redirect}?code=late&state=late`)).rejects.toThrow()
    expect(await call('cancelIdpSignIn', { profileId: profile.id })).toEqual({ cancelled: false })
    expect(await call('listSessions')).toEqual([{ profileId: profile.id, status: 'signed_out' }])
  })

  it('a second sign-in cancels the first', async () => {
    browse = async () => undefined
    const profile = await save('manager')
    const first = failure(call('signInWithIdp', { profileId: profile.id }))
    await until(() => opened.length === 1)
    browse = (url) => signInAs(url, ['manager'])
    const second = call('signInWithIdp', { profileId: profile.id })
    expect((await first).code).toBe('CANCELLED')
    expect(await second).toMatchObject({ status: 'signed_in' })
  })

  it('refuses a forged redirect with the wrong state: no session', async () => {
    browse = (url) => fetch(`${new URL(url).searchParams.get('redirect_uri')}?code=forged&state=not-the-state`)
    const profile = await save('manager')
    const error = await failure(call('signInWithIdp', { profileId: profile.id }))
    expect(error.code).toBe('NOT_SIGNED_IN')
    expect(error.message).toContain('did not match the sign-in that was started')
    expect(await call('listSessions')).toEqual([{ profileId: profile.id, status: 'signed_out' }])
  })

  it('reports the provider\'s error when the user cancels there', async () => {
    browse = async (url) => {
      const html = await (await fetch(url)).text()
      const answer = await fetch(new URL('/idp/authorize', url), {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...formOf(html), action: 'cancel' }).toString(),
      })
      return fetch(answer.headers.get('location') ?? '')
    }
    const profile = await save('manager')
    const error = await failure(call('signInWithIdp', { profileId: profile.id }))
    expect(error).toMatchObject({ code: 'PBX_ERROR', message: 'The identity provider did not sign you in: The user cancelled the sign-in.' })
  })

  it('answers NOT_SUPPORTED when this build cannot open a browser', async () => {
    const headless = build()
    const profile = await invoker(headless.handlers)('saveProfile', { fields: { label: 'x', baseUrl: pbx.url, username: 'manager', domain: 'demo.pbx.example' } })
    const error = await failure(invoker(headless.handlers)('signInWithIdp', { profileId: profile.id }))
    expect(error.code).toBe('NOT_SUPPORTED')
    expect(error.message).toContain('this build cannot open a browser')
    expect(await invoker(headless.handlers)('cancelIdpSignIn', { profileId: profile.id })).toEqual({ cancelled: false })
    await headless.dispose()
  })

  it('reports a browser that cannot be opened', async () => {
    const broken = build(async () => {
      throw new Error('no browser is installed')
    })
    const profile = await invoker(broken.handlers)('saveProfile', { fields: { label: 'x', baseUrl: pbx.url, username: 'manager', domain: 'demo.pbx.example' } })
    const error = await failure(invoker(broken.handlers)('signInWithIdp', { profileId: profile.id }))
    expect(error).toMatchObject({ code: 'NOT_SUPPORTED' })
    expect(error.message).toContain('no browser is installed')
    await broken.dispose()
  })
})
