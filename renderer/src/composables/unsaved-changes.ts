import { useDialog } from 'naive-ui'
import { onBeforeUnmount, onMounted } from 'vue'
import { onBeforeRouteLeave, onBeforeRouteUpdate } from 'vue-router'

/**
 * Nothing unsaved is lost by accident. Every editor (a rule, a template, the notification
 * settings) asks the same question the same way: "Discard changes?" with Keep editing (the
 * default, and what Escape or a click beside the dialog mean) or Discard changes.
 */

/**
 * The question alone, for a change inside a screen (another template chosen, Revert): answers
 * true when the user chooses to discard. One dialog at a time: asked again while it is up, the
 * same answer. Call from a component's setup, inside Naive UI's dialog provider.
 */
export function useDiscardConfirm(): (what: string) => Promise<boolean> {
  const dialog = useDialog()
  let asking: Promise<boolean> | null = null
  return (what) => {
    if (asking) return asking
    asking = new Promise<boolean>((resolve) => {
      let answered = false
      const answer = (discard: boolean) => {
        if (answered) return
        answered = true
        asking = null
        resolve(discard)
      }
      dialog.warning({
        title: 'Discard changes?',
        content: `Your changes to ${what} are not saved yet. Discard them, or keep editing and save them.`,
        positiveText: 'Discard changes',
        negativeText: 'Keep editing',
        // no close icon: the first button, Keep editing, takes the focus
        closable: false,
        autoFocus: true,
        onPositiveClick: () => answer(true),
        onNegativeClick: () => answer(false),
        onEsc: () => answer(false),
        onMaskClick: () => answer(false),
        onAfterLeave: () => answer(false),
      })
    })
    return asking
  }
}

/**
 * The question whenever the screen is left while `dirty()` says so: going to another screen, or
 * to another item in the same view (a route update). `discarded` runs when the user chose to
 * discard (e.g. to put the draft back). Closing or reloading the window is held back by a
 * `beforeunload` handler (the shell asks the user there). Call in the setup of a component inside
 * the router view. `ask` asks the question now (for Revert).
 */
export function useUnsavedChangesGuard(
  dirty: () => boolean,
  what: () => string,
  discarded: () => void = () => {},
): { ask: () => Promise<boolean> } {
  const confirm = useDiscardConfirm()
  const ask = () => confirm(what())

  const guard = async (): Promise<boolean> => {
    if (!dirty()) return true
    if (!(await ask())) return false
    discarded()
    return true
  }
  onBeforeRouteLeave(guard)
  onBeforeRouteUpdate(guard)

  const onBeforeUnload = (event: BeforeUnloadEvent) => {
    if (!dirty()) return
    event.preventDefault()
    // older engines read the returned value
    event.returnValue = ''
  }
  onMounted(() => window.addEventListener('beforeunload', onBeforeUnload))
  onBeforeUnmount(() => window.removeEventListener('beforeunload', onBeforeUnload))

  return { ask }
}
