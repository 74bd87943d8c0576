import { defineAsyncComponent, ref, watch, type Ref } from 'vue'

/**
 * What the first screen shows only on demand, each a chunk of its own and none of them in the
 * JavaScript a start loads (issue 17): the sign-in dialog (with its steps and the certificate
 * card, and the contract's schemas with zod), the quick switcher, the form that adds or edits a
 * saved PBX (with Naive UI's form, select and tag inputs), the demo PBX's card and the header's
 * PBX switcher (Naive UI's select). Once the saved PBXs are read and their list drawn
 * (`whenIdle`), the shell mounts the sign-in dialog, before any PBX can ask for it (the dialog
 * follows its step and its error as they change, to move the focus), and the switcher.
 * The others mount when first shown (`useShownOnce`); the shell preloads their chunks at the same
 * moment as the dialog, so that the first Mod+K or "Add PBX" does not wait for a file (a chunk
 * already run resolves within the tick).
 */
const loadSignInDialog = () => import('./pbx/PbxSignInDialog.vue')
const loadQuickSwitcher = () => import('./shell/QuickSwitcher.vue')
const loadProfileForm = () => import('./pbx/PbxProfileForm.vue')
const loadDemoCard = () => import('./pbx/PbxDemoCard.vue')
/** "Sign in as the system administrator of this PBX" (issue 38): mounted when first asked for */
const loadSystemSignIn = () => import('./pbx/PbxSystemSignInDialog.vue')
/** "Add many…" (issue 38): mounted when first opened, not preloaded (few open it) */
const loadListImport = () => import('./pbx/PbxListImportDialog.vue')

export const PbxSignInDialog = defineAsyncComponent(loadSignInDialog)
export const QuickSwitcher = defineAsyncComponent(loadQuickSwitcher)
export const PbxProfileForm = defineAsyncComponent(loadProfileForm)
export const PbxDemoCard = defineAsyncComponent(loadDemoCard)
export const PbxListImportDialog = defineAsyncComponent(loadListImport)
export const PbxSystemSignInDialog = defineAsyncComponent(loadSystemSignIn)
/** the header's PBX switcher: ActivePbx.vue keeps its place until this has loaded it */
export const loadPbxSwitcher = () => import('./shell/PbxSwitcher.vue')
export const PbxSwitcher = defineAsyncComponent(loadPbxSwitcher)

export function preloadOnDemand(): Promise<unknown> {
  return Promise.all([loadQuickSwitcher(), loadProfileForm(), loadDemoCard()])
}

/**
 * Runs `task` once the browser has nothing more urgent to do (the first screen drawn), or after
 * `timeoutMs` at the latest. Where there is no `requestIdleCallback` (happy-dom, in the renderer's
 * tests), after the current task.
 */
export function whenIdle(task: () => void, timeoutMs = 1000): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => task(), { timeout: timeoutMs })
  else setTimeout(task, 0)
}

/**
 * True from the first time `shown` is: a dialog is mounted when first opened (rendered before,
 * its chunk would load at start) and then stays, so that it closes with its transition.
 */
export function useShownOnce(shown: () => boolean): Readonly<Ref<boolean>> {
  const once = ref(false)
  watch(
    shown,
    (now) => {
      if (now) once.value = true
    },
    { immediate: true, flush: 'sync' },
  )
  return once
}
