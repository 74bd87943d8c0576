import { useDialog } from 'naive-ui'

/**
 * Asking before unsaved changes are thrown away (another template chosen, another screen):
 * answers true when the user chooses to discard them. Call from a component's setup, inside
 * Naive UI's dialog provider.
 */
export function useDiscardConfirm(): (what: string) => Promise<boolean> {
  const dialog = useDialog()
  return (what) =>
    new Promise<boolean>((resolve) => {
      dialog.warning({
        title: 'Discard unsaved changes?',
        content: `Your changes to ${what} are not saved. Discard them, or keep editing and save first.`,
        positiveText: 'Discard changes',
        negativeText: 'Keep editing',
        autoFocus: true,
        onPositiveClick: () => resolve(true),
        onNegativeClick: () => resolve(false),
        // closed any other way (Esc, the close button, the mask): keep the changes
        onAfterLeave: () => resolve(false),
      })
    })
}
