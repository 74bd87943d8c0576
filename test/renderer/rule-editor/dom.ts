import { flushPromises } from '@vue/test-utils'

/** Small ways to reach the rule editor's controls by what a user (or a screen reader) reads. */

export function byAria<T extends HTMLElement = HTMLElement>(label: string, selector = '*'): T {
  const found = document.body.querySelector<T>(`${selector}[aria-label="${label}"]`)
  if (!found) throw new Error(`nothing labelled "${label}"`)
  return found
}

export const inputOf = (label: string): HTMLInputElement => byAria<HTMLInputElement>(label, 'input')

/** The field whose `<label for>` reads `text`, inside `within` (the whole document by default). */
export function field(text: string, within: ParentNode = document.body): HTMLInputElement {
  const label = Array.from(within.querySelectorAll('label')).find((l) => l.textContent?.replace('*', '').trim() === text)
  const id = label?.getAttribute('for')
  const input = id ? document.getElementById(id) : null
  if (!(input instanceof HTMLInputElement)) throw new Error(`no field labelled "${text}"`)
  return input
}

export function button(text: string, within: ParentNode = document.body): HTMLButtonElement {
  const found = Array.from(within.querySelectorAll('button')).findLast((b) => b.textContent?.trim() === text)
  if (!found) throw new Error(`no button "${text}"`)
  return found
}

/**
 * Focuses a box, then types into it: two steps, as a user's are (a box left on focus hands on its
 * value first, and the form has caught up before the typing starts).
 */
export async function type(input: HTMLInputElement, value: string): Promise<void> {
  input.focus()
  await flushPromises()
  input.value = value
  input.dispatchEvent(new Event('input'))
  await flushPromises()
}

export async function blur(input: HTMLInputElement): Promise<void> {
  input.dispatchEvent(new FocusEvent('blur'))
  input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }))
  await flushPromises()
}

export async function click(element: HTMLElement): Promise<void> {
  element.click()
  await flushPromises()
}

export async function key(target: EventTarget, init: KeyboardEventInit): Promise<void> {
  target.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init }))
  await flushPromises()
}

/** The element standing for a place of the rule (`name`, `routes.1.provider_id`, …). */
export function place(path: string): HTMLElement {
  const found = document.body.querySelector<HTMLElement>(`[data-rule-path="${path}"]`)
  if (!found) throw new Error(`no place ${path}`)
  return found
}

/**
 * The message a form item's feedback shows at a place. A message that is going away stays in the
 * document while its leave transition runs (happy-dom never ends it): it is not counted.
 */
export function feedbackAt(path: string): string {
  const lines = place(path).querySelectorAll('.n-form-item-feedback-wrapper > .n-form-item-feedback')
  const shown = Array.from(lines).filter((line) => !/-leave-/.test(line.className))
  return shown.at(-1)?.textContent?.trim() ?? ''
}

/** Opens a select and clicks the option reading `text`. */
export async function choose(selection: HTMLElement, text: string): Promise<void> {
  selection.querySelector<HTMLElement>('.n-base-selection')?.click()
  await flushPromises()
  const option = Array.from(document.body.querySelectorAll<HTMLElement>('.n-base-select-option')).find((o) => o.textContent?.trim() === text)
  if (!option) {
    const seen = Array.from(document.body.querySelectorAll('.n-base-select-option')).map((o) => o.textContent?.trim())
    throw new Error(`no option "${text}" (options: ${seen.join(', ')})`)
  }
  option.click()
  await flushPromises()
}

/** What a select shows as chosen. */
export const chosenIn = (selection: HTMLElement): string =>
  selection.querySelector('.n-base-selection-input__content, .n-base-selection-label')?.textContent?.trim() ?? ''

/** The dialog shown last (one answered before may still be in its leave transition). */
export const lastDialog = (): HTMLElement | undefined => Array.from(document.body.querySelectorAll<HTMLElement>('.n-dialog')).at(-1)

/** The last dialog's button reading `text` (the leave guard's, the revert's). */
export function dialogButton(text: string): HTMLButtonElement {
  const dialog = lastDialog()
  if (!dialog) throw new Error('no dialog')
  return button(text, dialog)
}
