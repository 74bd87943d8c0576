import { useRovingTabStop } from '@renderer/composables/roving-tab-stop'
import { describe, expect, it } from 'vitest'
import { ref } from 'vue'

/** a group of items `a`, `b`, `c` in the page, each an element with data-key inside a list */
function group(initial: string[] = ['a', 'b', 'c']) {
  const keys = ref(initial)
  const list = document.createElement('ul')
  const item = (key: string) => {
    const element = document.createElement('li')
    element.dataset.key = key
    element.append(document.createElement('button'))
    list.append(element)
    return element
  }
  const elements = Object.fromEntries(initial.map((key) => [key, item(key)]))
  const roving = useRovingTabStop({
    keys: () => keys.value,
    fallback: () => keys.value[0] ?? null,
    keyOf: (element) => element.closest<HTMLElement>('li[data-key]')?.dataset.key,
  })
  const focusIn = (target: EventTarget) => roving.onFocusin({ target } as unknown as FocusEvent)
  return { keys, list, elements, roving, focusIn }
}

describe('one Tab stop for a group of items', () => {
  it('is the fallback until the focus goes into an item, then that item', () => {
    const { elements, roving, focusIn } = group()
    expect(roving.tabStop.value).toBe('a')
    expect(roving.index.value).toBe(-1)
    focusIn(elements.c!.querySelector('button')!)
    expect(roving.tabStop.value).toBe('c')
    expect(roving.index.value).toBe(2)
  })

  it('ignores a focus outside every item, and a key the group does not show', () => {
    const { list, roving, focusIn } = group()
    focusIn(list)
    expect(roving.last.value).toBeNull()
    const stray = document.createElement('li')
    stray.dataset.key = 'z'
    focusIn(stray)
    expect(roving.last.value).toBeNull()
    expect(roving.tabStop.value).toBe('a')
  })

  it('goes back to the fallback when its item leaves the group, and to the item when it comes back', () => {
    const { keys, elements, roving, focusIn } = group()
    focusIn(elements.b!)
    keys.value = ['a', 'c']
    expect(roving.tabStop.value).toBe('a')
    expect(roving.index.value).toBe(-1)
    keys.value = ['c', 'b']
    expect(roving.tabStop.value).toBe('b')
    expect(roving.index.value).toBe(1)
  })

  it('is handed on by setting the last item, and reset by clearing it', () => {
    const { roving } = group()
    roving.last.value = 'b'
    expect(roving.tabStop.value).toBe('b')
    roving.last.value = null
    expect(roving.tabStop.value).toBe('a')
  })

  it('has no Tab stop in an empty group', () => {
    const { roving } = group([])
    expect(roving.tabStop.value).toBeNull()
  })
})
