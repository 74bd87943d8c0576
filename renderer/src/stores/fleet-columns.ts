import { useStoredValue } from '@renderer/composables/stored-value'
import { DEFAULT_FLEET_COLUMNS, FLEET_COLUMN_KEYS, inTableOrder, type FleetColumnKey } from '@renderer/lib/fleet-column-choice'
import { acceptHMRUpdate, defineStore } from 'pinia'
import { computed } from 'vue'
import { z } from 'zod'

/** Where the choice is kept (localStorage); the `1` is its format's. */
export const FLEET_COLUMNS_STORAGE_KEY = 'pbx-provisioner.fleet.columns.1'

/** What may be read back: the names of columns this version has, nothing else. */
const ChoiceSchema = z.array(z.enum(FLEET_COLUMN_KEYS)).max(FLEET_COLUMN_KEYS.length)

/**
 * The fleet table's optional columns the user shows (the toolbar's "Columns"), remembered across
 * restarts. A store rather than the screen's state: the chooser in the toolbar and the table both
 * read it, and the next visit to the screen starts from it.
 */
export const useFleetColumnsStore = defineStore('fleet-columns', () => {
  const shown = useStoredValue<FleetColumnKey[]>(FLEET_COLUMNS_STORAGE_KEY, ChoiceSchema, () => [...DEFAULT_FLEET_COLUMNS])

  /** Shows these columns and hides the others (each once, in the table's order, whatever order they come in). */
  function choose(keys: readonly FleetColumnKey[]): void {
    shown.value = inTableOrder(keys)
  }

  function reset(): void {
    shown.value = [...DEFAULT_FLEET_COLUMNS]
  }

  const isDefault = computed(() => shown.value.length === DEFAULT_FLEET_COLUMNS.length && DEFAULT_FLEET_COLUMNS.every((key) => shown.value.includes(key)))

  return { shown, isDefault, choose, reset }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useFleetColumnsStore, import.meta.hot))
