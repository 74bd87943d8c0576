import { FIELD_WORDS } from '@renderer/lib/batch-text'
import type { FitColumn } from '@renderer/lib/column-fit'

/** The fields of a batch row edited in place in the rows table (DectRowTable.vue), in their order. */
export const ROW_FIELDS = ['name', 'mac', 'extension', 'vendor', 'model', 'language'] as const
export type RowField = (typeof ROW_FIELDS)[number]

/**
 * The rows table's columns: their widths in px (Problems': the least; it takes the rest) and which
 * fold first when the table is narrow (lib/column-fit.ts). What the row is (its number and MAC),
 * its state and why (its problems) always show; a folded field shows under the MAC, still edited
 * in place. At 1024 px beside the sidebar, vendor, model and language fold; at 1280 none does,
 * but where the rows show problems, a field empty in every row (no value, no batch default) folds
 * too and leaves its width to them (DectRowTable.vue).
 */
export const ROW_COLUMNS = [
  { key: 'selected', title: '', width: 40, priority: 'key' },
  { key: 'row', title: 'Row', width: 56, priority: 'key' },
  { key: 'name', title: FIELD_WORDS.name, width: 128, priority: 2 },
  { key: 'mac', title: 'MAC', width: 160, priority: 'key' },
  { key: 'extension', title: FIELD_WORDS.extension, width: 96, priority: 1 },
  { key: 'vendor', title: FIELD_WORDS.vendor, width: 84, priority: 4 },
  { key: 'model', title: FIELD_WORDS.model, width: 76, priority: 3 },
  { key: 'language', title: FIELD_WORDS.language, width: 92, priority: 5 },
  { key: 'state', title: 'State', width: 80, priority: 'key' },
  { key: 'problems', title: 'Problems', width: 176, priority: 'key' },
] as const satisfies readonly (FitColumn & { title: string })[]
export type RowColumn = (typeof ROW_COLUMNS)[number]

/**
 * px: the header, and a row of one line; a row has a second line (all rows alike) where fields
 * fold under the MAC or the rows show problems (their reasons on two lines)
 */
export const HEADER_HEIGHT = 36
export const ROW_HEIGHT = 36
export const TWO_LINE_ROW_HEIGHT = 58
