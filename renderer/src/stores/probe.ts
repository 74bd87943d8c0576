import type { OperationInput } from '@contract/bridge'
import type { SystemInfo } from '@contract/pbx'
import type { BridgeError } from '@contract/result'
import { acceptHMRUpdate, defineStore } from 'pinia'
import { ref } from 'vue'
import type { LoadStatus } from './bridge-call'
import { lastLoadWins } from './request-state'

/**
 * "Test connection" of the PBX form: asks an address for GET /api/info (no sign-in needed), with
 * a tenant domain for the tenant's name too, before the PBX is saved.
 */
export const useProbeStore = defineStore('probe', () => {
  /** the address the shown answer (or error) belongs to */
  const baseUrl = ref<string | null>(null)
  /** the tenant domain asked about with it, '' for none */
  const domain = ref('')
  const info = ref<SystemInfo | null>(null)
  const status = ref<LoadStatus>('idle')
  const error = ref<BridgeError | null>(null)

  const reads = lastLoadWins({ status, error })

  /**
   * Probes `address` (and `tenantDomain`), accepting the certificate of `trustedFingerprint256`
   * when given. When checks overlap, only the last one asked for is shown.
   */
  async function probe(address: string, tenantDomain = '', trustedFingerprint256?: string): Promise<void> {
    baseUrl.value = address
    domain.value = tenantDomain
    info.value = null
    error.value = null
    const input: OperationInput<'probePbx'> = { baseUrl: address }
    if (tenantDomain !== '') input.domain = tenantDomain
    if (trustedFingerprint256 !== undefined) input.trustedFingerprint256 = trustedFingerprint256
    await reads.load(
      () => window.pbx.probePbx(input),
      (answer) => (info.value = answer),
    )
  }

  /** Forgets the last answer (e.g. when the address is edited). */
  function reset(): void {
    reads.drop()
    baseUrl.value = null
    domain.value = ''
    info.value = null
    error.value = null
    status.value = 'idle'
  }

  return { baseUrl, domain, info, status, error, probe, reset }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useProbeStore, import.meta.hot))
