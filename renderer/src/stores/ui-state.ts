import type { UiState } from '@contract/bridge-desktop'
import { SCREEN_PATH_MAX, SCREEN_PATH_PATTERN } from '@contract/plain-rules'
import type { BridgeError } from '@contract/result'
import { acceptHMRUpdate, defineStore } from 'pinia'
import { ref } from 'vue'
import { callBridge, type LoadStatus } from './bridge-call'
import { showAnswer } from './request-state'

/** how long after the last change the app waits before it tells main (a burst of route changes is one save) */
export const UI_STATE_SAVE_DELAY_MS = 500

/**
 * Whether main accepts `path` as a screen to remember: the values the contract's schema is built
 * from (letters, digits, `-`, `_`, `/`; at most 200 characters), checked without zod, which this
 * store would otherwise load at start (issue 17).
 */
export function isRememberablePath(path: string): boolean {
  return SCREEN_PATH_PATTERN.test(path) && path.length <= SCREEN_PATH_MAX
}

/**
 * What the app remembers between runs: the last PBX and the last screen (main keeps them in
 * `ui-state.json`). `load` reads them once at start; `remember` saves changes a moment after the
 * last one; `flush` saves at once (the window is closing). A save that fails is kept in
 * `saveError` and otherwise ignored: forgetting the screen never gets in the user's way.
 *
 * `pending` is the screen to go back to once the last PBX is open, while it is being opened (or
 * waits in the sign-in dialog); see composables/remembered-place.ts.
 */
export const useUiStateStore = defineStore('ui-state', () => {
  const remembered = ref<UiState | null>(null)
  const status = ref<LoadStatus>('idle')
  const error = ref<BridgeError | null>(null)
  const saveError = ref<BridgeError | null>(null)
  const pending = ref<{ profileId: string; path: string } | null>(null)

  /** Reads what the last run left; null when main cannot say (a first run answers nulls). */
  async function load(): Promise<UiState | null> {
    status.value = 'loading'
    const result = await callBridge(() => window.pbx.getUiState())
    return showAnswer({ status, error }, result, (read) => (remembered.value = read)) ? result.value : null
  }

  let waiting: Partial<UiState> = {}
  let timer: ReturnType<typeof setTimeout> | undefined
  let saving: Promise<void> = Promise.resolve()

  /** Remembers a change (the PBX, the screen, or both) a moment after the last one. */
  function remember(change: Partial<UiState>): void {
    if (change.lastPath !== undefined && change.lastPath !== null && !isRememberablePath(change.lastPath)) {
      const { lastPath: _unsaved, ...rest } = change
      change = rest
    }
    if (Object.keys(change).length === 0) return
    waiting = { ...waiting, ...change }
    clearTimeout(timer)
    timer = setTimeout(() => void flush(), UI_STATE_SAVE_DELAY_MS)
  }

  /** Saves what is waiting now; answers when every save so far has been answered. */
  function flush(): Promise<void> {
    clearTimeout(timer)
    timer = undefined
    const change = waiting
    waiting = {}
    if (Object.keys(change).length > 0) {
      saving = saving.then(async () => {
        const result = await callBridge(() => window.pbx.saveUiState(change))
        if (result.ok) {
          remembered.value = result.value
          saveError.value = null
        } else {
          saveError.value = result.error
        }
      })
    }
    return saving
  }

  return { remembered, status, error, saveError, pending, load, remember, flush }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useUiStateStore, import.meta.hot))
