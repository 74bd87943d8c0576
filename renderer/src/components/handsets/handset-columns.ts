/**
 * The handsets table's columns a user may hide ("Columns", remembered per table; issue 42), in the
 * table's order, with their titles: the base, the index and the name. What the handset is (IPUI,
 * extension), its problems and its state always show.
 */
export const HANDSET_OPTIONAL_COLUMNS = [
  { key: 'base', title: 'Base' },
  { key: 'index', title: 'Index' },
  { key: 'name', title: 'Name' },
] as const

export type HandsetOptionalColumn = (typeof HANDSET_OPTIONAL_COLUMNS)[number]['key']

export const HANDSET_OPTIONAL_KEYS = HANDSET_OPTIONAL_COLUMNS.map((column) => column.key) as [HandsetOptionalColumn, ...HandsetOptionalColumn[]]

/** where the choice is kept in the page's storage */
export const HANDSET_COLUMNS_STORAGE_KEY = 'pbx-provisioner.handsets.columns.1'
