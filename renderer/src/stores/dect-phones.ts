import type { DectPhone, DectPhoneUpdate } from '@contract/pbx'
import type { BridgeError, BridgeResult } from '@contract/result'
import { macText } from '@renderer/lib/dect-text'
import { acceptHMRUpdate, defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { callBridge, type LoadStatus } from './bridge-call'
import { busyDelete, busyRequest, lastLoadWins } from './request-state'

/** Whether `phone` matches what the search box holds: its name, MAC (with or without separators) or model. */
export function phoneMatches(phone: DectPhone, query: string): boolean {
  const q = query.trim().toLowerCase()
  if (q === '') return true
  const hexQuery = q.replace(/[:-]/g, '')
  const mac = (phone.mac ?? '').replace(/[:-]/g, '').toLowerCase()
  return (
    (phone.name ?? '').toLowerCase().includes(q) ||
    (hexQuery !== '' && mac.includes(hexQuery)) ||
    macText(phone.mac).toLowerCase().includes(q) ||
    (phone.model ?? '').toLowerCase().includes(q) ||
    (phone.vendor ?? '').toLowerCase().includes(q)
  )
}

/**
 * The DECT phones on a signed-in PBX (the active one): the list and its search, one phone's QR
 * code, editing the fields an update may change, and deleting where the PBX offers it.
 */
export const useDectPhonesStore = defineStore('dect-phones', () => {
  /** the PBX whose phones are listed */
  const profileId = ref<string | null>(null)
  const phones = ref<DectPhone[]>([])
  const status = ref<LoadStatus>('idle')
  const error = ref<BridgeError | null>(null)

  const query = ref('')
  const filtered = computed(() => phones.value.filter((phone) => phoneMatches(phone, query.value)))

  /** the QR code of a provisioning URL, as main drew it (one at a time: the phone shown) */
  const qr = ref<{ text: string; svg: string } | null>(null)
  const qrError = ref<BridgeError | null>(null)

  const saving = ref(false)
  const saveError = ref<BridgeError | null>(null)
  /** the id of the phone being deleted */
  const deleting = ref<string | null>(null)
  const deleteError = ref<BridgeError | null>(null)
  /** PBXs that answered NOT_SUPPORTED to a delete (by profile id) */
  const deleteUnsupported = ref<Record<string, boolean>>({})

  function byId(phoneId: string | null | undefined): DectPhone | undefined {
    return phoneId ? phones.value.find((phone) => phone.id === phoneId) : undefined
  }

  const reads = lastLoadWins({ status, error })

  /** Reads the phones of a signed-in PBX. When loads overlap, the last one asked for wins. */
  async function load(id: string): Promise<void> {
    if (profileId.value !== id) {
      profileId.value = id
      phones.value = []
      qr.value = null
    }
    await reads.load(
      () => window.pbx.listDectPhones({ profileId: id }),
      (listed) => (phones.value = listed),
    )
  }

  /** The QR code of `text` (a phone's provisioning URL), kept in `qr`. */
  async function loadQr(text: string): Promise<void> {
    if (qr.value?.text === text) return
    qr.value = null
    qrError.value = null
    const result = await callBridge(() => window.pbx.qrCode({ text }))
    if (result.ok) qr.value = { text, svg: result.value.svg }
    else qrError.value = result.error
  }

  /**
   * Sends `changes` (only what changed) to the PBX; the phone as the PBX answers it afterwards
   * replaces the one listed. Answers main's result, so a form can show a field's error beside it.
   */
  function update(id: string, phoneId: string, changes: DectPhoneUpdate): Promise<BridgeResult<DectPhone>> {
    return busyRequest(() => window.pbx.updateDectPhone({ profileId: id, phoneId, changes }), {
      busy: saving,
      error: saveError,
      done: (updated) => {
        if (profileId.value === id) phones.value = phones.value.map((phone) => (phone.id === phoneId ? updated : phone))
      },
    })
  }

  /** Deletes a phone; true when it is gone. NOT_SUPPORTED marks the PBX as not offering it. */
  function remove(id: string, phoneId: string): Promise<boolean> {
    return busyDelete(() => window.pbx.deleteDectPhone({ profileId: id, phoneId }), {
      busy: [deleting, phoneId],
      error: deleteError,
      deleted: () => {
        if (profileId.value === id) phones.value = phones.value.filter((phone) => phone.id !== phoneId)
      },
      failed: (failure) => {
        if (failure.code === 'NOT_SUPPORTED') deleteUnsupported.value = { ...deleteUnsupported.value, [id]: true }
      },
    })
  }

  function clearErrors(): void {
    saveError.value = null
    deleteError.value = null
  }

  return {
    profileId,
    phones,
    status,
    error,
    query,
    filtered,
    qr,
    qrError,
    saving,
    saveError,
    deleting,
    deleteError,
    deleteUnsupported,
    byId,
    load,
    loadQr,
    update,
    remove,
    clearErrors,
  }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useDectPhonesStore, import.meta.hot))
