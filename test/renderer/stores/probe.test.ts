import type { SystemInfo } from '@contract/pbx'
import type { BridgeResult } from '@contract/result'
import { useProbeStore } from '@renderer/stores/probe'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { createFakePbx, deferred, fail, installFakePbx, ok, sampleInfo, selfSignedCertificate } from '../fake-pbx'

describe('useProbeStore', () => {
  beforeEach(() => {
    setActivePinia(createPinia())
  })

  it('goes loading, then ready with the PBX metadata of the address', async () => {
    const answer = deferred<BridgeResult<SystemInfo>>()
    const pbx = installFakePbx(createFakePbx({ probePbx: () => answer.promise }))
    const store = useProbeStore()

    const probing = store.probe('https://pbx.example.com:8887')
    expect(store.status).toBe('loading')
    expect(store.baseUrl).toBe('https://pbx.example.com:8887')
    answer.resolve(ok(sampleInfo))
    await probing

    expect(store.status).toBe('ready')
    expect(store.info?.web_domain).toBe('pbx.demo.example')
    expect(pbx.probePbx).toHaveBeenCalledWith({ baseUrl: 'https://pbx.example.com:8887' })
  })

  it('keeps the error message of a failed probe', async () => {
    installFakePbx(
      createFakePbx({ probePbx: async () => fail('NOT_A_PBX', 'https://example.com answered HTML, not a PBX: check the address and port') }),
    )
    const store = useProbeStore()

    await store.probe('https://example.com')

    expect(store.status).toBe('error')
    expect(store.error).toMatchObject({ code: 'NOT_A_PBX', message: 'https://example.com answered HTML, not a PBX: check the address and port' })
    expect(store.info).toBeNull()
  })

  it('shows only the last of two overlapping checks', async () => {
    const first = deferred<BridgeResult<SystemInfo>>()
    const second = deferred<BridgeResult<SystemInfo>>()
    const answers = [first.promise, second.promise]
    installFakePbx(createFakePbx({ probePbx: () => answers.shift() ?? Promise.reject(new Error('unexpected call')) }))
    const store = useProbeStore()

    const a = store.probe('http://slow.example')
    const b = store.probe('http://fast.example')
    second.resolve(ok({ ...sampleInfo, web_domain: 'fast.example' }))
    await b
    first.resolve(fail('UNREACHABLE', 'slow.example timed out'))
    await a

    expect(store.baseUrl).toBe('http://fast.example')
    expect(store.status).toBe('ready')
    expect(store.info?.web_domain).toBe('fast.example')
    expect(store.error).toBeNull()
  })

  it('reset forgets the last answer', async () => {
    installFakePbx()
    const store = useProbeStore()
    await store.probe('http://pbx.example')

    store.reset()

    expect(store.status).toBe('idle')
    expect(store.info).toBeNull()
    expect(store.baseUrl).toBeNull()
  })

  it('sends the fingerprint of a trusted certificate with the address', async () => {
    const pbx = installFakePbx()
    const store = useProbeStore()
    const fingerprint = selfSignedCertificate.fingerprint256

    await store.probe('https://pbx.umbrella.example:8887', '', fingerprint)

    expect(pbx.probePbx).toHaveBeenCalledWith({ baseUrl: 'https://pbx.umbrella.example:8887', trustedFingerprint256: fingerprint })
    expect(store.status).toBe('ready')
  })

  it('keeps the certificate of an address this computer does not trust', async () => {
    installFakePbx()
    const store = useProbeStore()

    await store.probe('https://pbx.umbrella.example:8887', 'umbrella.pbx.example')

    expect(store.status).toBe('error')
    expect(store.error?.code).toBe('UNTRUSTED_CERTIFICATE')
    expect(store.error?.certificate?.fingerprint256).toBe(selfSignedCertificate.fingerprint256)
  })
})
