import { isTyping } from '@renderer/lib/typing'
import { useDialog, useMessage } from 'naive-ui'
import { shallowRef } from 'vue'

/**
 * What a table's ticked lines share, rows and handsets alike: the last "Set a value…" kept for one
 * undo step, the confirmation before a delete, and the keys (Ctrl+Enter: set a value; Ctrl+Z, not
 * while typing: undo).
 */

/** The last setting, to undo as one step: its words and the edits that put the lines back. */
export function useSettingUndo<E>(save: (edits: E[]) => Promise<unknown>) {
  const message = useMessage()
  const undo = shallowRef<{ text: string; edits: E[] } | null>(null)
  const remember = (text: string, edits: E[]): void => {
    undo.value = { text, edits }
  }
  async function undoLast(): Promise<void> {
    const last = undo.value
    if (!last) return
    if (!(await save(last.edits))) return
    undo.value = null
    message.info(`Undone: ${last.text}`)
  }
  return { undo, remember, undoLast }
}

/** Asks before ticked lines leave the batch ("Delete 3 handsets?"), then removes them. */
export function useConfirmDelete() {
  const dialog = useDialog()
  return (count: number, noun: [one: string, many: string], content: string, remove: () => Promise<unknown>): void => {
    if (count === 0) return
    dialog.warning({ title: `Delete ${count} ${count === 1 ? noun[0] : noun[1]}?`, content, positiveText: 'Delete', negativeText: 'Cancel', autoFocus: true, onPositiveClick: () => void remove() })
  }
}

/** The keydown handler of a table with ticked lines: Ctrl+Enter opens "Set a value…", Ctrl+Z undoes the last setting. */
export function selectionKeys(actions: () => { open: () => void; undoLast: () => Promise<void> } | null | undefined): (event: KeyboardEvent) => void {
  return (event) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || isTyping(event.target)) return
    if (event.key === 'Enter') {
      event.preventDefault()
      actions()?.open()
    } else if (event.key.toLowerCase() === 'z') {
      event.preventDefault()
      void actions()?.undoLast()
    }
  }
}
