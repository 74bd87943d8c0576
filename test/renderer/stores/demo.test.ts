import type { DemoStatus } from '@contract/bridge'
import type { BridgeResult } from '@contract/result'
import { useDemoStore } from '@renderer/stores/demo'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { createFakePbx, deferred, fail, installFakePbx, ok, sampleDemo, sampleInfo } from '../fake-pbx'

describe('useDemoStore', () => {
  beforeEach(() => {
    setActivePinia(createPinia())
  })

  it('starts the demo, probes its address, and ends ready with both answers', async () => {
    const started = deferred<BridgeResult<DemoStatus>>()
    const pbx = installFakePbx(createFakePbx({ startDemo: () => started.promise }))
    const store = useDemoStore()
    expect(store.status).toBe('idle')

    const starting = store.start()
    expect(store.status).toBe('loading')
    started.resolve(ok(sampleDemo))
    await starting

    expect(store.status).toBe('ready')
    expect(store.demo).toEqual(sampleDemo)
    expect(store.info).toEqual(sampleInfo)
    expect(store.error).toBeNull()
    expect(pbx.probePbx).toHaveBeenCalledWith({ baseUrl: sampleDemo.baseUrl })
  })

  it('keeps the message when the demo does not start, and does not probe', async () => {
    const pbx = installFakePbx(
      createFakePbx({ startDemo: async () => fail('INTERNAL', 'No free loopback port: close other apps and try again') }),
    )
    const store = useDemoStore()

    await store.start()

    expect(store.status).toBe('error')
    expect(store.error?.message).toBe('No free loopback port: close other apps and try again')
    expect(store.demo).toBeNull()
    expect(pbx.probePbx).not.toHaveBeenCalled()
  })

  it('keeps the message when the started demo does not answer the probe', async () => {
    installFakePbx(createFakePbx({ probePbx: async () => fail('UNREACHABLE', 'Connection refused at 127.0.0.1:40123') }))
    const store = useDemoStore()

    await store.start()

    expect(store.status).toBe('error')
    expect(store.error).toMatchObject({ code: 'UNREACHABLE', message: 'Connection refused at 127.0.0.1:40123' })
    expect(store.info).toBeNull()
  })

  it('can be retried after an error, clearing it', async () => {
    let calls = 0
    installFakePbx(
      createFakePbx({ startDemo: async () => (++calls === 1 ? fail('INTERNAL', 'first try fails') : ok(sampleDemo)) }),
    )
    const store = useDemoStore()

    await store.start()
    expect(store.status).toBe('error')
    await store.start()

    expect(store.status).toBe('ready')
    expect(store.error).toBeNull()
    expect(store.info?.web_domain).toBe('pbx.demo.example')
  })

  it('asks main once when start is clicked twice', async () => {
    const pbx = installFakePbx()
    const store = useDemoStore()

    await Promise.all([store.start(), store.start()])

    expect(pbx.startDemo).toHaveBeenCalledTimes(1)
  })
})
