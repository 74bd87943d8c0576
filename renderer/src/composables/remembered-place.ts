import type { SessionState } from '@contract/profiles'
import { areaAccess } from '@renderer/areas'
import type { LoadStatus } from '@renderer/stores/bridge-call'
import { useProfilesStore } from '@renderer/stores/profiles'
import { useSessionsStore } from '@renderer/stores/sessions'
import { useUiStateStore } from '@renderer/stores/ui-state'
import { useMessage } from 'naive-ui'
import { storeToRefs } from 'pinia'
import { onBeforeUnmount, onMounted, watch, type Ref } from 'vue'
import { useRouter, type Router } from 'vue-router'

/** The screen the app opens on (`/` leads here): only from here does it go back to the last screen. */
export const START_PATH = '/pbxs'

/** Whether `path` is a screen of the app whose area the user may use with `session` (null: no PBX open). */
export function pathAllowed(router: Router, path: string, session: SessionState | null): boolean {
  const target = router.resolve(path)
  const area = target.meta.area
  return target.matched.length > 0 && target.path === path && area !== undefined && areaAccess(area, session).allowed
}

function untilLoaded(status: Ref<LoadStatus>): Promise<void> {
  if (status.value === 'ready' || status.value === 'error') return Promise.resolve()
  return new Promise((done) => {
    const stop = watch(status, (now) => {
      if (now === 'ready' || now === 'error') {
        stop()
        done()
      }
    })
  })
}

/**
 * The last PBX and screen, remembered between runs. At start the shell opens the PBX that was
 * active when the app closed, through the sessions store as any "open" does (a PBX that needs its
 * password shows the sign-in dialog on the PBXs page), and goes back to the last screen once that
 * PBX is open and lets its user use the area (main starts the built-in demo PBX again first). With
 * no PBX to open, it goes back to a screen that
 * needs none (PBXs, DECT batches). It only moves from the start screen: a reloaded window stays
 * where it is. After that, each change of PBX or screen is remembered (ui-state store).
 *
 * `takeRememberedPath` is for the shell's "a PBX was opened" watcher: the screen to go to instead
 * of the PBX's first area, or null.
 */
export function useRememberedPlace() {
  const router = useRouter()
  const message = useMessage()
  const uiState = useUiStateStore()
  const profiles = useProfilesStore()
  const sessions = useSessionsStore()
  const { activeProfileId, signInProfileId } = storeToRefs(sessions)
  let restored = false

  async function restore(): Promise<void> {
    const state = await uiState.load()
    if (!state) return
    if (profiles.status === 'idle') void profiles.load()
    await untilLoaded(storeToRefs(profiles).status)
    // the window's first navigation done (its screen loads with its route): only then is "at start" known
    await router.isReady()
    const atStart = () => router.currentRoute.value.path === START_PATH
    const path = state.lastPath !== null && state.lastPath !== START_PATH && atStart() ? state.lastPath : null
    const profile = profiles.byId(state.lastProfileId)
    if (!profile) {
      if (path !== null && atStart() && pathAllowed(router, path, null)) await router.replace(path)
      return
    }
    if (path !== null) uiState.pending = { profileId: profile.id, path }
    const outcome = await sessions.open(profile.id)
    if (outcome === 'failed') {
      uiState.pending = null
      message.error(`Could not open ${profile.label}: ${sessions.openError?.message ?? 'unknown error'}`, { closable: true, duration: 8000 })
      if (path !== null && atStart() && pathAllowed(router, path, null)) await router.replace(path)
    }
  }

  function takeRememberedPath(session: SessionState | null): string | null {
    const pending = uiState.pending
    if (pending === null) return null
    uiState.pending = null
    // a user who went elsewhere meanwhile stays there
    if (session?.profileId !== pending.profileId || router.currentRoute.value.path !== START_PATH) return null
    return pathAllowed(router, pending.path, session) ? pending.path : null
  }

  // the sign-in dialog closed without opening the remembered PBX: forget the screen
  watch(signInProfileId, (id) => {
    const pending = uiState.pending
    if (id === null && pending !== null && !(activeProfileId.value === pending.profileId && sessions.active !== null)) uiState.pending = null
  })

  watch(
    () => router.currentRoute.value.path,
    (path) => {
      if (restored) uiState.remember({ lastPath: path })
    },
  )
  watch(activeProfileId, (id) => {
    if (restored) uiState.remember({ lastProfileId: id })
  })

  const flush = () => void uiState.flush()
  onMounted(() => {
    window.addEventListener('pagehide', flush)
    void restore().finally(() => {
      restored = true
    })
  })
  onBeforeUnmount(() => {
    window.removeEventListener('pagehide', flush)
    flush()
  })

  return { takeRememberedPath }
}
