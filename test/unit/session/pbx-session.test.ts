import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoPbx } from '../../../electron/demo-pbx'
import { createPbxSecrets } from '../../../electron/services/keychain/pbx-secrets'
import { createMemorySecretStore } from '../../../electron/services/keychain/memory-store'
import { KEYCHAIN_SERVICE } from '../../../electron/services/keychain/secret-store'
import { createPbxSession } from '../../../electron/services/session/pbx-session'
import type { SignInMethod } from '../../../electron/contract/profiles'

type Demo = Awaited<ReturnType<typeof startDemoPbx>>
let pbx: Demo

beforeAll(async () => {
  pbx = await startDemoPbx({ port: 0, tokenTtl: 2 })
})
afterAll(async () => {
  await pbx.stop()
})

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

function session(method: SignInMethod = 'sign_in', now?: () => number) {
  const store = createMemorySecretStore()
  const secrets = createPbxSecrets({ available: true, store })
  const profile = { id: `p-${Math.random()}`, baseUrl: pbx.url, username: 'manager', domain: 'demo.pbx.example', signInMethod: method }
  return { s: createPbxSession(profile, secrets, now), store, secrets, profile }
}

const listRules = (s: ReturnType<typeof session>['s']) => s.caller.call('api/outbound_rules', { query: { top: 1 } })

describe.each(['sign_in', 'oauth'] as const)('a session signed in with %s', (method) => {
  it('signs in, knows the user and role, and keeps the refresh token in the keychain', async () => {
    const { s, store, profile } = session(method)
    const state = await s.signIn('manager')
    expect(state).toMatchObject({ status: 'signed_in', user: { username: 'manager', role_name: 'Admin', domain: 'demo.pbx.example' } })
    expect(state.user?.capabilities).toContain('dect_phones:read')
    const kept = JSON.parse((await store.getPassword(KEYCHAIN_SERVICE, `pbx:${profile.id}`)) ?? '{}') as { refreshToken?: string }
    expect(kept.refreshToken).toEqual(expect.any(String))
    expect((await listRules(s)).status).toBe(200)
  })

  it('refreshes after expiry without the caller noticing, with one refresh for twenty waiting calls', async () => {
    const { s } = session(method)
    await s.signIn('manager')
    await sleep(2100) // the 2-second token has expired
    const before = pbx.requests
    const answers = await Promise.all(Array.from({ length: 20 }, () => listRules(s)))
    expect(answers.every((a) => a.status === 200)).toBe(true)
    expect(pbx.requests - before).toBe(21) // exactly one refresh, then the twenty calls
    expect(s.state().status).toBe('signed_in')
  })

  it('on a 401 the PBX gives before the session expected it, refreshes once and retries each call once', async () => {
    // the app's clock stands still: it believes its token is still fresh when the PBX has expired it
    const frozen = Date.now()
    const { s } = session(method, () => frozen)
    await s.signIn('manager')
    await sleep(2100)
    const before = pbx.requests
    const answers = await Promise.all(Array.from({ length: 20 }, () => listRules(s)))
    expect(answers.every((a) => a.status === 200)).toBe(true)
    expect(pbx.requests - before).toBe(41) // twenty refused, one refresh, twenty retried
  })

  it('signs out on the PBX: the tokens stop working and the keychain forgets the refresh token', async () => {
    const { s, store, profile } = session(method)
    await s.signIn('manager')
    const refreshToken = (JSON.parse((await store.getPassword(KEYCHAIN_SERVICE, `pbx:${profile.id}`)) ?? '{}') as { refreshToken: string }).refreshToken
    expect((await s.signOut()).status).toBe('signed_out')
    expect(await store.getPassword(KEYCHAIN_SERVICE, `pbx:${profile.id}`)).toBeNull()
    const refresh = await fetch(`${pbx.url}/api/auth/refresh_token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refresh_token: refreshToken }),
    })
    expect(refresh.status).toBe(401)
    await expect(listRules(s)).rejects.toMatchObject({ code: 'NOT_SIGNED_IN' })
  })
})

describe('a sign-in told when its tokens are in', () => {
  it('tells a listener once, before it has asked who the user is; the caller works from then on; a listener taken back is not told', async () => {
    const { s } = session()
    const heard: string[] = []
    let calledFromListener: Promise<number> | undefined
    s.onTokens(() => {
      heard.push(s.state().status)
      // the tokens are in, the user not yet: signed out as a state, yet the caller can call
      calledFromListener = listRules(s).then((answer) => answer.status)
    })
    const stopped = s.onTokens(() => heard.push('not to be heard'))
    stopped()
    await s.signIn('manager')
    expect(heard).toEqual(['signed_out'])
    expect(await calledFromListener).toBe(200)
    // told once: a later refresh of the tokens tells no one
    await s.signIn('manager')
    expect(heard).toEqual(['signed_out'])
  })
})

describe('when the PBX ends the session', () => {
  it('a refused refresh token leads back to the sign-in dialog (NOT_SIGNED_IN) and is forgotten', async () => {
    const { s, store, profile } = session('sign_in')
    await s.signIn('manager')
    const { refreshToken } = JSON.parse((await store.getPassword(KEYCHAIN_SERVICE, `pbx:${profile.id}`)) ?? '{}') as { refreshToken: string }
    // another client uses the refresh token first: it rotates, and ours is refused
    const stolen = await fetch(`${pbx.url}/api/auth/refresh_token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refresh_token: refreshToken }),
    })
    expect(stolen.status).toBe(200)
    await sleep(2100)
    await expect(listRules(s)).rejects.toMatchObject({ code: 'NOT_SIGNED_IN', message: /Sign in again/ })
    expect(s.state().status).toBe('signed_out')
    expect(await store.getPassword(KEYCHAIN_SERVICE, `pbx:${profile.id}`)).toBeNull()
  })

  it('resumes from the refresh token the keychain kept, as after a crash', async () => {
    const first = session('sign_in')
    await first.s.signIn('manager')
    // a new process: a new session object over the same keychain entry
    const again = createPbxSession(first.profile, first.secrets)
    expect(again.state().status).toBe('signed_out')
    expect(await again.resume()).toMatchObject({ status: 'signed_in', user: { role_name: 'Admin' } })
    expect((await listRules(again)).status).toBe(200)
  })

  it('says wrong credentials plainly and keeps nothing', async () => {
    const { s, store, profile } = session('sign_in')
    await expect(s.signIn('wrong')).rejects.toMatchObject({ code: 'PBX_ERROR', status: 401 })
    expect(s.state().status).toBe('signed_out')
    expect(await store.getPassword(KEYCHAIN_SERVICE, `pbx:${profile.id}`)).toBeNull()
  })

  it('says an unreachable PBX is unreachable', async () => {
    const { s } = session('sign_in')
    await pbx.faults.down()
    try {
      await expect(s.signIn('manager')).rejects.toMatchObject({ code: 'UNREACHABLE' })
    } finally {
      await pbx.faults.up()
    }
  })
})
