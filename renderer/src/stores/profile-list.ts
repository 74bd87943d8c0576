import type { ProfileListImport, ProfileListPassword, ProfileListPreview, ProfileListProgress } from '@contract/profile-list'
import type { BridgeError } from '@contract/result'
import { acceptHMRUpdate, defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { callBridge } from './bridge-call'
import { busyRequest } from './request-state'
import { useProfilesStore } from './profiles'
import { useSessionsStore } from './sessions'

/** How often main is asked where a long check or import stands (its progress bar). */
export const PROFILE_LIST_POLL_MS = 250

/**
 * "Add many…": a list of PBXs pasted or read from a file, checked by main (previewProfileList),
 * then added (importProfileList). The preview belongs to the text it was made of: once the text
 * changes it is stale and the list must be checked again before it can be added. Passwords are
 * not kept here: the dialog holds them while it is open and hands them to `add` alone. While main
 * checks addresses or signs in (up to a minute for 500 PBXs out of reach), `progress` says how far
 * it is, asked every PROFILE_LIST_POLL_MS.
 */
export const useProfileListStore = defineStore('profile-list', () => {
  const text = ref('')
  const preview = ref<ProfileListPreview | null>(null)
  /** the text `preview` was made of */
  const previewedText = ref<string | null>(null)
  const checking = ref(false)
  const adding = ref(false)
  /** why the list could not be read or added (names the row and the field) */
  const error = ref<BridgeError | null>(null)
  const result = ref<ProfileListImport | null>(null)

  const stale = computed(() => preview.value !== null && previewedText.value !== text.value)
  const problems = computed(() => preview.value?.problems.length ?? 0)
  /** the list can be added: checked as it is now, with no problem, and something to add */
  const canAdd = computed(() => preview.value !== null && !stale.value && problems.value === 0 && !adding.value && !checking.value)

  /** how far main's check or import is, while one runs and has something to count */
  const progress = ref<ProfileListProgress | null>(null)

  let latest = 0

  /** Asks main where the work stands until the answer of `work` comes; then no progress is shown. */
  async function withProgress<T>(work: Promise<T>): Promise<T> {
    let running = true
    const timer = setInterval(() => {
      void callBridge(() => window.pbx.profileListProgress()).then((answer) => {
        if (running && answer.ok) progress.value = answer.value.step === 'idle' || answer.value.total === 0 ? null : answer.value
      })
    }, PROFILE_LIST_POLL_MS)
    try {
      return await work
    } finally {
      running = false
      clearInterval(timer)
      progress.value = null
    }
  }

  /** Asks main to read and check the list as it is now; the last check asked for wins. */
  async function check(): Promise<void> {
    const request = ++latest
    const asked = text.value
    checking.value = true
    error.value = null
    try {
      const answer = await withProgress(callBridge(() => window.pbx.previewProfileList({ text: asked })))
      if (request !== latest) return
      if (answer.ok) {
        preview.value = answer.value
        previewedText.value = asked
      } else {
        preview.value = null
        previewedText.value = null
        error.value = answer.error
      }
    } finally {
      if (request === latest) checking.value = false
    }
  }

  /** Adds the list as checked; answers what was added, or null (then `error` says why). */
  async function add(passwords: ProfileListPassword[]): Promise<ProfileListImport | null> {
    if (!canAdd.value || previewedText.value === null) return null
    const answer = await busyRequest(() => withProgress(window.pbx.importProfileList({ text: previewedText.value as string, passwords })), {
      busy: adding,
      error,
      done: (imported) => {
        result.value = imported
        // the new PBXs, and the sessions of those signed in to keep their passwords
        return Promise.all([useProfilesStore().load(), useSessionsStore().load()])
      },
    })
    return answer.ok ? answer.value : null
  }

  /** Starts again with an empty list (the dialog opens on it). */
  function reset(): void {
    latest++
    text.value = ''
    preview.value = null
    previewedText.value = null
    checking.value = false
    error.value = null
    result.value = null
  }

  return { text, preview, previewedText, checking, adding, progress, error, result, stale, problems, canAdd, check, add, reset }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useProfileListStore, import.meta.hot))
