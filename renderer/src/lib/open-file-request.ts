import { shallowRef } from 'vue'

/**
 * "Import CSV…" asked from outside the new-batch wizard (Ctrl+O, the menu): the command opens the
 * wizard and leaves the request here; the wizard takes it once it shows its first step, and opens
 * the system's file dialog with the focus on "Choose a spreadsheet…" (Enter opens the dialog
 * again, should the system have refused to show it). Plain Vue, no store, as print-request.ts.
 */
const asked = shallowRef(false)

export function askToChooseSpreadsheet(): void {
  asked.value = true
}

/** Whether a spreadsheet was asked for and not yet taken (reactive). */
export const spreadsheetAsked = (): boolean => asked.value

/** True once after a spreadsheet was asked for. */
export function takeSpreadsheetAsk(): boolean {
  if (!asked.value) return false
  asked.value = false
  return true
}
