/** Input types that take no typed text: a key pressed on them is a shortcut, not text. */
const NOT_TEXT = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'range', 'color', 'image'])

/** Whether a key pressed on `target` goes into text being typed (a text box, a select, an editable element). */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT') return true
  return target instanceof HTMLInputElement && !NOT_TEXT.has(target.type)
}
