import type { UiState } from '@contract/bridge-desktop'
import { UI_STATE_SAVE_DELAY_MS, isRememberablePath, useUiStateStore } from '@renderer/stores/ui-state'
import { useSessionsStore } from '@renderer/stores/sessions'
import { flushPromises } from '@vue/test-utils'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { sampleBatch } from '../fake-batches'
import { acmeProfile, createFakePbx, fail, globexProfile, installFakePbx, ok, signedIn, type FakePbx } from '../fake-pbx'
import { messages, mountShell } from './shell-helpers'

afterEach(() => {
  vi.useRealTimers()
})

/**
 * A fake whose main remembers `remembered` (ui-state.json), with Acme and Globex saved; `signedIn`
 * lists the PBXs whose session is still running (otherwise they ask for the password).
 */
function fake(remembered: UiState, options: { signedIn?: string[]; openPbx?: FakePbx['openPbx'] } = {}): FakePbx & { saved: UiState } {
  let saved = { ...remembered }
  const pbx = createFakePbx(
    {
      getUiState: async () => ok({ ...saved }),
      saveUiState: async (change) => {
        saved = { lastProfileId: change.lastProfileId === undefined ? saved.lastProfileId : change.lastProfileId, lastPath: change.lastPath === undefined ? saved.lastPath : change.lastPath }
        return ok({ ...saved })
      },
    },
    {
      sessions: Object.fromEntries((options.signedIn ?? []).map((id) => [id, signedIn(id === 'p-acme' ? acmeProfile : globexProfile)])),
      batches: { batches: [sampleBatch({ id: 'b-site-a', name: 'Site A' })], lastMapping: {}, pbxMacs: {} },
    },
  )
  installFakePbx(pbx)
  return Object.defineProperty(pbx, 'saved', { get: () => saved }) as FakePbx & { saved: UiState }
}

async function signInWith(password: string): Promise<void> {
  const dialog = document.body.querySelector('.pbx-sign-in')!
  const field = dialog.querySelector<HTMLInputElement>('input[type="password"]')!
  field.value = password
  field.dispatchEvent(new Event('input'))
  dialog.querySelector('form')!.dispatchEvent(new Event('submit'))
  await flushPromises()
}

describe('at start, the last PBX and screen come back', () => {
  it('a first run stays on the PBXs page and opens nothing', async () => {
    const pbx = fake({ lastProfileId: null, lastPath: null })
    const { router } = await mountShell()
    expect(pbx.getUiState).toHaveBeenCalledOnce()
    expect(pbx.openPbx).not.toHaveBeenCalled()
    expect(router.currentRoute.value.path).toBe('/pbxs')
  })

  it('reopens the last PBX (its session still running) and goes back to the last screen', async () => {
    const pbx = fake({ lastProfileId: 'p-acme', lastPath: '/dect/batches/b-site-a' }, { signedIn: ['p-acme'] })
    const { router, wrapper } = await mountShell()
    expect(pbx.openPbx).toHaveBeenCalledWith({ profileId: 'p-acme' })
    expect(useSessionsStore().active?.profileId).toBe('p-acme')
    expect(router.currentRoute.value.path).toBe('/dect/batches/b-site-a')
    expect(wrapper.find('header').text()).toContain('signed in as manager · Admin')
  })

  it("goes to the PBX's first area instead when its user may not use the last screen", async () => {
    fake({ lastProfileId: 'p-acme', lastPath: '/ivr' }, { signedIn: ['p-acme'] })
    const { router } = await mountShell()
    expect(useSessionsStore().active?.profileId).toBe('p-acme')
    expect(router.currentRoute.value.path).toBe('/dect')
  })

  it('a PBX that needs its password: the PBXs page with the sign-in dialog, then the last screen once signed in', async () => {
    const pbx = fake({ lastProfileId: 'p-acme', lastPath: '/dect/batches/b-site-a' })
    const { router } = await mountShell()
    expect(router.currentRoute.value.path).toBe('/pbxs')
    expect(useSessionsStore().signInProfileId).toBe('p-acme')
    expect(document.body.querySelector('.pbx-sign-in')?.textContent).toContain('Sign in to Acme HQ')

    await signInWith('manager')
    expect(pbx.signIn).toHaveBeenCalledOnce()
    expect(useSessionsStore().active?.profileId).toBe('p-acme')
    expect(router.currentRoute.value.path).toBe('/dect/batches/b-site-a')
  })

  it('a user who goes elsewhere before signing in stays there', async () => {
    fake({ lastProfileId: 'p-acme', lastPath: '/dect/batches/b-site-a' })
    const { router } = await mountShell()
    await router.push('/dect')
    await signInWith('manager')
    expect(useSessionsStore().active?.profileId).toBe('p-acme')
    expect(router.currentRoute.value.path).toBe('/dect')
  })

  it('cancelling that sign-in forgets the screen: a later open goes to the first area as usual', async () => {
    fake({ lastProfileId: 'p-acme', lastPath: '/dect/batches/b-site-a' })
    const { router } = await mountShell()
    useSessionsStore().cancelSignIn()
    await flushPromises()
    expect(useUiStateStore().pending).toBeNull()

    await useSessionsStore().open('p-acme')
    await flushPromises()
    await signInWith('manager')
    expect(router.currentRoute.value.path).toBe('/dect')
  })

  it('a PBX that cannot be reached says so and leaves the user on the PBXs page', async () => {
    const pbx = fake({ lastProfileId: 'p-acme', lastPath: '/outbound' })
    pbx.openPbx.mockImplementation(async () => fail('UNREACHABLE', 'Could not reach pbx.acme.example:8887: the connection was refused.'))
    const { router } = await mountShell()
    expect(messages()).toContain('Could not open Acme HQ: Could not reach pbx.acme.example:8887: the connection was refused.')
    expect(router.currentRoute.value.path).toBe('/pbxs')
    expect(useUiStateStore().pending).toBeNull()
  })

  it('a removed PBX is not opened; a screen that needs no PBX still comes back', async () => {
    const pbx = fake({ lastProfileId: 'p-gone', lastPath: '/dect' })
    const { router } = await mountShell()
    expect(pbx.openPbx).not.toHaveBeenCalled()
    expect(router.currentRoute.value.path).toBe('/dect')
  })

  it('a screen that needs a PBX does not come back without one', async () => {
    fake({ lastProfileId: null, lastPath: '/outbound' })
    const { router } = await mountShell()
    expect(router.currentRoute.value.path).toBe('/pbxs')
  })

  it('a window reloaded on a screen stays there, and reopens its PBX', async () => {
    fake({ lastProfileId: 'p-acme', lastPath: '/dect/batches/b-site-a' }, { signedIn: ['p-acme'] })
    const { router } = await mountShell('/dect')
    expect(useSessionsStore().active?.profileId).toBe('p-acme')
    expect(router.currentRoute.value.path).toBe('/dect')
  })

  it('main not answering changes nothing (the shell works as before)', async () => {
    const pbx = installFakePbx(createFakePbx({ getUiState: async () => fail('INTERNAL', 'Something went wrong inside the app.') }))
    const { router } = await mountShell()
    expect(pbx.getUiState).toHaveBeenCalledOnce()
    expect(pbx.openPbx).not.toHaveBeenCalled()
    expect(router.currentRoute.value.path).toBe('/pbxs')
    expect(messages()).toEqual([])
  })

  // the built-in demo PBX is started again by main when it is opened (services: demoReady)
})

describe('each change of PBX or screen is remembered', () => {
  it('saves once, a moment after the last change, and nothing at start', async () => {
    const pbx = fake({ lastProfileId: null, lastPath: null }, { signedIn: ['p-acme', 'p-globex'] })
    const { router } = await mountShell()
    expect(pbx.saveUiState).not.toHaveBeenCalled()

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    await router.push('/dect')
    await router.push('/dect/batches/b-site-a')
    await useSessionsStore().open('p-acme')
    await flushPromises()
    vi.advanceTimersByTime(UI_STATE_SAVE_DELAY_MS - 50)
    expect(pbx.saveUiState).not.toHaveBeenCalled()
    vi.advanceTimersByTime(100)
    await flushPromises()
    expect(pbx.saveUiState).toHaveBeenCalledOnce()
    expect(pbx.saved).toEqual({ lastProfileId: 'p-acme', lastPath: '/dect/batches/b-site-a' })

    await useSessionsStore().open('p-globex')
    await flushPromises()
    vi.advanceTimersByTime(UI_STATE_SAVE_DELAY_MS)
    await flushPromises()
    expect(pbx.saved.lastProfileId).toBe('p-globex')
  })

  it('signing out forgets the PBX', async () => {
    const pbx = fake({ lastProfileId: 'p-acme', lastPath: null }, { signedIn: ['p-acme'] })
    await mountShell()
    await useSessionsStore().signOut('p-acme')
    await useUiStateStore().flush()
    expect(pbx.saved.lastProfileId).toBeNull()
  })

  it('saves at once when the window goes away', async () => {
    const pbx = fake({ lastProfileId: null, lastPath: null })
    const { router } = await mountShell()
    await router.push('/dect')
    window.dispatchEvent(new Event('pagehide'))
    await flushPromises()
    expect(pbx.saved.lastPath).toBe('/dect')
  })
})

describe('the ui-state store', () => {
  it('remembers only paths main accepts', () => {
    expect(isRememberablePath('/dect/batches/3f2a-b_1')).toBe(true)
    expect(isRememberablePath('/dect/batches/a%20b')).toBe(false)
    expect(isRememberablePath('https://evil.example/')).toBe(false)
  })

  it('keeps a failed save to itself', async () => {
    const pbx = installFakePbx(createFakePbx({ saveUiState: async () => fail('INTERNAL', 'disk full') }))
    await mountShell()
    const store = useUiStateStore()
    store.remember({ lastPath: '/dect', lastProfileId: 'p-acme' })
    store.remember({ lastPath: 'not a path' })
    await store.flush()
    expect(pbx.saveUiState).toHaveBeenCalledExactlyOnceWith({ lastPath: '/dect', lastProfileId: 'p-acme' })
    expect(store.saveError?.message).toBe('disk full')
    expect(messages()).toEqual([])
  })
})
