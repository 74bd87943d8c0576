import { useColumnChoice } from '@renderer/composables/column-choice'
import { DEFAULT_FLEET_COLUMNS, FLEET_COLUMN_KEYS } from '@renderer/lib/fleet-column-choice'
import { acceptHMRUpdate, defineStore } from 'pinia'

/** Where the choice is kept (localStorage); the `1` is its format's. */
export const FLEET_COLUMNS_STORAGE_KEY = 'pbx-provisioner.fleet.columns.1'

/**
 * The fleet table's optional columns the user shows (the toolbar's "Columns"), remembered across
 * restarts (composables/column-choice.ts). A store rather than the screen's state: the chooser in
 * the toolbar and the table both read it, and the next visit to the screen starts from it.
 */
export const useFleetColumnsStore = defineStore('fleet-columns', () => {
  const { shown, isDefault, choose, reset } = useColumnChoice(FLEET_COLUMNS_STORAGE_KEY, FLEET_COLUMN_KEYS, DEFAULT_FLEET_COLUMNS)
  return { shown, isDefault, choose, reset }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useFleetColumnsStore, import.meta.hot))
