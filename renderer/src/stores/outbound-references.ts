import type { Holiday, Provider } from '@contract/pbx'
import type { BridgeError } from '@contract/result'
import { acceptHMRUpdate, defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { LoadStatus } from './bridge-call'
import { lastLoadWins } from './request-state'

/** A list the PBX may not offer (it answers 404): then ids are typed. */
export type Offered<T> = { supported: boolean; items: T[] }

/**
 * The providers and holidays of a PBX's tenant, which outbound rules refer to by id
 * (GET /api/providers, GET /api/holidays where the PBX offers them). A list that could not be
 * read counts as not offered (ids are typed) and `error` says why.
 */
export const useOutboundReferencesStore = defineStore('outbound-references', () => {
  const profileId = ref<string | null>(null)
  // offered until the PBX says otherwise: the pickers show their loading state meanwhile
  const providers = ref<Offered<Provider>>({ supported: true, items: [] })
  const holidays = ref<Offered<Holiday>>({ supported: true, items: [] })
  const status = ref<LoadStatus>('idle')
  const error = ref<BridgeError | null>(null)

  const providersById = computed(() => new Map(providers.value.items.map((provider) => [provider.id, provider])))
  const holidaysById = computed(() => new Map(holidays.value.items.map((holiday) => [holiday.id, holiday])))

  const reads = lastLoadWins({ status, error })

  /** Reads the lists of a PBX; what was read before for the same PBX stays shown meanwhile. */
  async function load(id: string): Promise<void> {
    if (profileId.value !== id) {
      profileId.value = id
      providers.value = { supported: true, items: [] }
      holidays.value = { supported: true, items: [] }
    }
    await reads.load(
      () => window.pbx.outboundReferences({ profileId: id }),
      (lists) => {
        providers.value = lists.providers
        holidays.value = lists.holidays
      },
      () => {
        // without the lists the ids are typed (the rule's own holidays still show their names)
        providers.value = { supported: false, items: [] }
        holidays.value = { supported: false, items: [] }
      },
    )
  }

  return { profileId, providers, holidays, status, error, providersById, holidaysById, load }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useOutboundReferencesStore, import.meta.hot))
