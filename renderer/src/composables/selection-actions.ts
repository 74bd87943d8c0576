import { isTyping } from '@renderer/lib/typing'
import { useDialog, useMessage } from 'naive-ui'
import { shallowRef } from 'vue'

/**
 * What a table's ticked lines share, rows and handsets alike: the last "Set a value…" kept for one
 * undo step, the confirmation before a delete, and the keys (Ctrl+Enter: set a value; Ctrl+Z, not
 * while typing: undo).
 */

/** A setting in words, for its message and its Undo: 'Model set to "W70B" on 8 rows'. */
export function settingText(field: string, value: string, count: number, noun: [one: string, many: string]): string {
  const text = value.trim()
  return `${field} set to ${text === '' ? 'empty' : `"${text}"`} on ${count} ${count === 1 ? noun[0] : noun[1]}`
}

/**
 * The settings of ticked lines, and the last one to undo as one step: `commit` saves a setting's
 * edits and, once saved, keeps the edits that undo it and says it was done.
 */
export function useSettingUndo<E>(save: (edits: E[]) => Promise<unknown>, noun: [one: string, many: string]) {
  const message = useMessage()
  const undo = shallowRef<{ text: string; edits: E[] } | null>(null)
  async function commit(text: string, edits: E[], before: E[]): Promise<boolean> {
    if (!(await save(edits))) return false
    undo.value = { text, edits: before }
    message.success(`${text}; every ${noun[0]} was checked again`)
    return true
  }
  async function undoLast(): Promise<void> {
    const last = undo.value
    if (!last) return
    if (!(await save(last.edits))) return
    undo.value = null
    message.info(`Undone: ${last.text}`)
  }
  return { undo, commit, undoLast }
}

/** Asks before ticked lines leave the batch ("Delete 3 handsets?"), then removes them. */
export function useConfirmDelete() {
  const dialog = useDialog()
  return (count: number, noun: [one: string, many: string], content: string, remove: () => Promise<unknown>): void => {
    if (count === 0) return
    // the Delete button shows it is busy until the lines are removed (the dialog waits for the promise)
    dialog.warning({ title: `Delete ${count} ${count === 1 ? noun[0] : noun[1]}?`, content, positiveText: 'Delete', negativeText: 'Cancel', autoFocus: true, onPositiveClick: () => remove().then(() => undefined) })
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
