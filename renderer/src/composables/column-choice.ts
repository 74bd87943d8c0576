import { computed } from 'vue'
import { z } from 'zod'
import { useStoredValue } from './stored-value'

/**
 * The columns of a table the user shows, of those that may be hidden (issue 42: a column chooser
 * where a table has more than fits, remembered per table), kept in the page's storage under the
 * table's name. What is read back must name columns of this table, else the default stands. Kept
 * in the table's order, each once, whatever order they are chosen in.
 */
export function useColumnChoice<K extends string>(storageKey: string, keys: readonly [K, ...K[]], defaults: readonly K[] = keys) {
  const Schema = z.array(z.enum(keys)).max(keys.length)
  const inOrder = (chosen: Iterable<K>): K[] => {
    const set = new Set(chosen)
    return keys.filter((key) => set.has(key))
  }
  const shown = useStoredValue<K[]>(storageKey, Schema as z.ZodType<K[]>, () => [...defaults])
  const isKey = (key: unknown): key is K => (keys as readonly unknown[]).includes(key)
  return {
    shown,
    /** the columns the user hid */
    hidden: computed(() => new Set<string>(keys.filter((key) => !shown.value.includes(key)))),
    isDefault: computed(() => shown.value.length === defaults.length && defaults.every((key) => shown.value.includes(key))),
    /** shows these columns (any other key is not one of this table's, and is left out) and hides the rest */
    choose(chosen: readonly unknown[]): void {
      shown.value = inOrder(chosen.filter(isKey))
    },
    reset(): void {
      shown.value = [...defaults]
    },
  }
}
