import { flushPromises } from '@vue/test-utils'

/** Small DOM helpers for the mail screens' tests (Naive UI renders dialogs and menus in the body). */

export async function click(element: Element | null | undefined): Promise<void> {
  if (!(element instanceof HTMLElement)) throw new Error('nothing to click')
  element.click()
  await flushPromises()
}

/** The last button in `root` whose text is `text`. */
export function button(text: string, root: ParentNode = document.body): HTMLButtonElement {
  const found = Array.from(root.querySelectorAll('button')).findLast((b) => b.textContent?.trim() === text)
  if (!found) {
    const seen = Array.from(root.querySelectorAll('button')).map((b) => b.textContent?.trim())
    throw new Error(`no button "${text}" (buttons: ${seen.join(' | ')})`)
  }
  return found
}

/** The input or textarea a `<label for>` reading `label` points at. */
export function field(label: string, root: ParentNode = document.body): HTMLInputElement | HTMLTextAreaElement {
  const element = Array.from(root.querySelectorAll('label')).find((l) => l.textContent?.replace('*', '').trim() === label)
  const id = element?.getAttribute('for')
  const input = id ? document.getElementById(id) : null
  if (!(input instanceof HTMLInputElement) && !(input instanceof HTMLTextAreaElement)) throw new Error(`no field "${label}"`)
  return input
}

export async function type(input: HTMLInputElement | HTMLTextAreaElement, value: string): Promise<void> {
  input.value = value
  input.dispatchEvent(new Event('input'))
  await flushPromises()
}

export async function key(target: EventTarget, init: KeyboardEventInit): Promise<void> {
  target.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init }))
  await flushPromises()
}

/** The feedback text under the form item holding `input` (a message on its way out does not count). */
export const feedbackOf = (input: Element): string =>
  Array.from(input.closest('.n-form-item')?.querySelectorAll('.n-form-item-feedback-wrapper > *') ?? [])
    .filter((element) => !/-leave-active\b/.test(element.className))
    .map((element) => element.textContent?.trim() ?? '')
    .join('')

/** Opens a select and clicks the option whose text starts with `text`. */
export async function choose(select: Element, text: string): Promise<void> {
  await click(select.querySelector('.n-base-selection'))
  const option = Array.from(document.body.querySelectorAll<HTMLElement>('.n-base-select-option')).find((o) => o.textContent?.trim().startsWith(text))
  if (!option) {
    const seen = Array.from(document.body.querySelectorAll('.n-base-select-option')).map((o) => o.textContent?.trim())
    throw new Error(`no option "${text}" (options: ${seen.join(', ')})`)
  }
  await click(option)
}

/** The options a select offers, with whether each is disabled. */
export async function optionsOf(select: Element): Promise<{ text: string; disabled: boolean }[]> {
  await click(select.querySelector('.n-base-selection'))
  return Array.from(document.body.querySelectorAll<HTMLElement>('.n-base-select-option')).map((o) => ({
    text: o.textContent?.trim() ?? '',
    disabled: o.classList.contains('n-base-select-option--disabled'),
  }))
}

/** The dialog shown last (one closed before may still be leaving: happy-dom runs no transitions to their end). */
export const dialog = (): HTMLElement | undefined => Array.from(document.querySelectorAll<HTMLElement>('.n-dialog')).at(-1)
