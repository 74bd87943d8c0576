import type { DOMWrapper, VueWrapper } from '@vue/test-utils'

/** The button whose text is `text`; fails naming the buttons there are when there is none. */
export function button(wrapper: VueWrapper, text: string): DOMWrapper<HTMLButtonElement> {
  const found = wrapper.findAll('button').find((b) => b.text() === text)
  if (!found) throw new Error(`no button "${text}" among ${wrapper.findAll('button').map((b) => `"${b.text()}"`).join(', ')}`)
  return found
}
