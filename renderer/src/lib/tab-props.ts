import type { HTMLAttributes } from 'vue'

/**
 * What Naive UI's tabs lack for keyboard and screen-reader users (they are plain divs): the tab
 * role, whether it is the selected one, a place in the Tab order, and Enter or Space to choose it.
 * For NTabPane's `tab-props`.
 */
export function tabProps(name: string, selected: string, choose: (name: string) => void): HTMLAttributes {
  return {
    role: 'tab',
    tabindex: 0,
    'aria-selected': name === selected,
    onKeydown: (event: KeyboardEvent) => {
      if (event.key !== 'Enter' && event.key !== ' ') return
      event.preventDefault()
      choose(name)
    },
  }
}
