import type { NotificationRead, SaveNotificationInput } from '@contract/bridge-mail'
import type { BridgeError, BridgeResult } from '@contract/result'
import { acceptHMRUpdate, defineStore } from 'pinia'
import { ref } from 'vue'
import type { LoadStatus } from './bridge-call'
import { busyRequest, lastLoadWins } from './request-state'

/**
 * The system notification settings of the active PBX (system administrator), with the variant
 * the PBX has (current, or the older one without server type and tenant access). The password is
 * write-only: main never answers it. "Send a test email" where the PBX offers it; a PBX that
 * answered NOT_SUPPORTED is remembered, so the button says so instead of failing again.
 */
export const useNotificationSettingsStore = defineStore('notification-settings', () => {
  const profileId = ref<string | null>(null)
  /** the settings and variant as main answered them last (read or saved) */
  const read = ref<NotificationRead | null>(null)
  const status = ref<LoadStatus>('idle')
  const error = ref<BridgeError | null>(null)

  const saving = ref(false)
  const saveError = ref<BridgeError | null>(null)

  const testing = ref(false)
  const testError = ref<BridgeError | null>(null)
  /** the address the last test email went to, when the PBX accepted it */
  const testSentTo = ref<string | null>(null)
  /** PBXs that do not offer test emails (by profile id) */
  const testUnsupported = ref<Record<string, boolean>>({})

  /** whether the form holds changes not saved yet (the form says so; leaving the screen asks first) */
  const dirty = ref(false)
  function setDirty(value: boolean): void {
    dirty.value = value
  }

  const reads = lastLoadWins({ status, error })

  /** Reads the settings of a signed-in PBX. When loads overlap, the last one asked for wins. */
  async function load(id: string): Promise<void> {
    if (profileId.value !== id) {
      profileId.value = id
      read.value = null
      testError.value = null
      testSentTo.value = null
    }
    await reads.load(
      () => window.pbx.getNotificationSettings({ profileId: id }),
      (settings) => (read.value = settings),
    )
  }

  /** Saves the body of the PBX's variant; the settings read back replace the ones shown. */
  function save(input: SaveNotificationInput): Promise<BridgeResult<NotificationRead>> {
    return busyRequest(() => window.pbx.saveNotificationSettings(input), {
      busy: saving,
      error: saveError,
      done: (saved) => {
        if (profileId.value === input.profileId) read.value = saved
      },
    })
  }

  /** Asks the PBX to send a test email to `to`; true when it accepted. */
  async function sendTest(id: string, to: string): Promise<boolean> {
    testSentTo.value = null
    const result = await busyRequest(() => window.pbx.sendTestEmail({ profileId: id, to }), {
      busy: testing,
      error: testError,
      done: () => (testSentTo.value = to),
      failed: (failure) => {
        if (failure.code === 'NOT_SUPPORTED') testUnsupported.value = { ...testUnsupported.value, [id]: true }
      },
    })
    return result.ok
  }

  function clearSaveError(): void {
    saveError.value = null
  }

  return {
    profileId,
    read,
    status,
    error,
    saving,
    saveError,
    testing,
    testError,
    testSentTo,
    testUnsupported,
    dirty,
    setDirty,
    load,
    save,
    sendTest,
    clearSaveError,
  }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useNotificationSettingsStore, import.meta.hot))
