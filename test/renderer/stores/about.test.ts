import { useAboutStore } from '@renderer/stores/about'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { createFakePbx, deferred, fail, installFakePbx, ok, removePbx, sampleAbout } from '../fake-pbx'
import type { About } from '@contract/bridge'
import type { BridgeResult } from '@contract/result'

describe('useAboutStore', () => {
  beforeEach(() => {
    setActivePinia(createPinia())
  })

  it('starts idle with nothing loaded', () => {
    const store = useAboutStore()
    expect(store.status).toBe('idle')
    expect(store.about).toBeNull()
    expect(store.error).toBeNull()
  })

  it('goes loading, then ready with what getAbout answered', async () => {
    const answer = deferred<BridgeResult<About>>()
    const pbx = installFakePbx(createFakePbx({ getAbout: () => answer.promise }))
    const store = useAboutStore()

    const loading = store.load()
    expect(store.status).toBe('loading')
    answer.resolve(ok({ ...sampleAbout, keychain: 'unavailable', keychainMessage: 'No Secret Service on D-Bus' }))
    await loading

    expect(store.status).toBe('ready')
    expect(store.about?.keychain).toBe('unavailable')
    expect(store.about?.keychainMessage).toBe('No Secret Service on D-Bus')
    expect(store.error).toBeNull()
    expect(pbx.getAbout).toHaveBeenCalledTimes(1)
  })

  it('keeps the error message when getAbout answers an error', async () => {
    installFakePbx(createFakePbx({ getAbout: async () => fail('INTERNAL', 'Reading the versions failed') }))
    const store = useAboutStore()

    await store.load()

    expect(store.status).toBe('error')
    expect(store.error).toMatchObject({ code: 'INTERNAL', message: 'Reading the versions failed' })
    expect(store.about).toBeNull()
  })

  it('joins a load already under way instead of asking twice', async () => {
    const pbx = installFakePbx()
    const store = useAboutStore()

    await Promise.all([store.load(), store.load()])

    expect(pbx.getAbout).toHaveBeenCalledTimes(1)
    expect(store.status).toBe('ready')
  })

  it('turns a missing bridge into an INTERNAL error instead of staying loading', async () => {
    removePbx()
    const store = useAboutStore()

    await store.load()

    expect(store.status).toBe('error')
    expect(store.error?.code).toBe('INTERNAL')
    expect(store.error?.message).toMatch(/could not complete the request/)
  })
})
