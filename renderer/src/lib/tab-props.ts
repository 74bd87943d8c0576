import type { HTMLAttributes } from 'vue'

/** The key that moves to another tab, and which: the one before or after (round), the first, the last. */
const MOVES: Record<string, (at: number, count: number) => number> = {
  ArrowLeft: (at, count) => (at - 1 + count) % count,
  ArrowRight: (at, count) => (at + 1) % count,
  Home: () => 0,
  End: (_at, count) => count - 1,
}

/**
 * What Naive UI's tabs lack for keyboard and screen-reader users (they are plain divs), as
 * WAI-ARIA's tabs pattern has it: the tab role, whether it is the selected one, Enter or Space to
 * choose it, and one Tab stop for the whole list (a roving tabindex: the selected tab only), so
 * the next Tab leads into the panel; the arrow keys move to the tab before or after (round), Home
 * and End to the first and last, choosing it as they go (the panels show at once). For NTabPane's
 * `tab-props`; the other tabs are found in the page (Naive keeps each tab's name in `data-name`),
 * so the list works however its tabs come (fixed, or one per part of a comparison).
 */
export function tabProps(name: string, selected: string, choose: (name: string) => void): HTMLAttributes {
  return {
    role: 'tab',
    tabindex: name === selected ? 0 : -1,
    'aria-selected': name === selected,
    onKeydown: (event: KeyboardEvent) => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault()
        choose(name)
        return
      }
      const move = MOVES[event.key]
      const tab = event.currentTarget
      if (!move || event.altKey || event.ctrlKey || event.metaKey || !(tab instanceof HTMLElement)) return
      const list = tab.closest('.n-tabs-nav-scroll-content') ?? tab.parentElement?.parentElement
      const tabs = Array.from(list?.querySelectorAll<HTMLElement>('[role="tab"]:not([data-disabled])') ?? [])
      const next = tabs[move(tabs.indexOf(tab), tabs.length)]
      const nextName = next?.dataset.name
      if (!next || nextName === undefined) return
      event.preventDefault()
      next.focus()
      choose(nextName)
    },
  }
}

/**
 * Ctrl+PageDown and Ctrl+PageUp anywhere inside a tabbed view (a row's checkbox, a field of a
 * panel): the next or the previous tab (round), chosen and focused, as in the tab panels of
 * desktop apps and WAI-ARIA's older tab panel keys. Without it a keyboard user deep in a long panel
 * (a batch's rows, every cell a Tab stop) reached the tabs again only by Shift+Tab past each cell.
 * For the view's keydown; `names` are the tabs in their order, `selected` the one shown now.
 */
export function tabSwitchKeys(names: readonly string[], selected: () => string, choose: (name: string) => void): (event: KeyboardEvent) => void {
  return (event) => {
    if (!event.ctrlKey || event.altKey || event.shiftKey || event.metaKey) return
    const step = event.key === 'PageDown' ? 1 : event.key === 'PageUp' ? -1 : 0
    // from a tab: that tab (keys pressed faster than the address follows); else the tab shown
    const on = event.target instanceof HTMLElement && event.target.getAttribute('role') === 'tab' ? event.target.dataset.name : undefined
    const at = names.indexOf(on ?? selected())
    if (step === 0 || at < 0 || !(event.currentTarget instanceof HTMLElement)) return
    event.preventDefault()
    const name = names[(at + step + names.length) % names.length]!
    choose(name)
    event.currentTarget.querySelector<HTMLElement>(`[role="tab"][data-name="${CSS.escape(name)}"]`)?.focus()
  }
}
