import { computed, ref } from 'vue'

/**
 * One Tab stop for a group of items, however many (a roving tabindex, as WAI-ARIA's authoring
 * practices describe it): the item the focus was last in, while it is still in the group; the
 * group's `fallback` until then, or once that item is gone. The arrow keys, which move between
 * the items, are the group's own (the sidebar wraps around, the PBX table moves by pages).
 *
 * - `keys`: the items' keys, in order, as the group shows them now;
 * - `fallback`: the Tab stop when no item of the group holds it;
 * - `keyOf`: the key of the item an element is in, null outside every item.
 *
 * `last` is the item the focus was last in (set it to hand the Tab stop to another item: the
 * sidebar's current area; null: back to the fallback); `index` is its place in `keys`, -1 when
 * it is not there; the group calls `onFocusin` from its `focusin` (a click focuses an item too).
 */
export function useRovingTabStop<Key extends string>(options: {
  keys: () => readonly Key[]
  fallback: () => Key | null
  keyOf: (element: Element) => string | null | undefined
}) {
  const last = ref<Key | null>(null)
  const index = computed(() => (last.value === null ? -1 : options.keys().indexOf(last.value)))
  const tabStop = computed(() => (index.value >= 0 ? last.value : options.fallback()))
  function onFocusin(event: FocusEvent): void {
    const key = event.target instanceof Element ? options.keyOf(event.target) : null
    const keys = options.keys()
    const found = keys.find((candidate) => candidate === key)
    if (found !== undefined) last.value = found
  }
  return { last, index, tabStop, onFocusin }
}
