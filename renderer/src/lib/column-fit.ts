/**
 * Which of a table's columns fit its width (issue 42). Each table declares its columns with the
 * width each needs and a priority: `key` ones (what the row is, its state, why, its actions)
 * always show; the others show, most important first, while the width lasts. A column that does
 * not fit is folded: the table shows it in a second line of the row (its title and value), never
 * off screen. A table may also be told what the user chose to hide (a column chooser).
 *
 * Pure: the table measures its own width (composables/element-width.ts) and draws what this says.
 */
export type FitColumn = {
  key: string
  /** px the column needs: its set width, or the least its content reads at */
  width: number
  /** `'key'`: always shown; otherwise lower numbers are kept longer */
  priority: 'key' | number
}

export type ColumnFit = {
  /** the columns shown, in the table's order */
  shown: string[]
  /** the columns that did not fit, in the table's order: the table shows them on a second line */
  folded: string[]
  /** px the shown columns need together: below it the table scrolls sideways rather than squeeze them */
  width: number
}

/**
 * The columns that fit `available` px, in the table's order, and those folded; `hidden` (the
 * user's choice) are neither. Key columns are shown even when they alone are wider.
 */
export function fitColumns(columns: readonly FitColumn[], available: number, hidden: ReadonlySet<string> = new Set()): ColumnFit {
  const wanted = columns.filter((column) => column.priority === 'key' || !hidden.has(column.key))
  let left = available - wanted.filter((column) => column.priority === 'key').reduce((sum, column) => sum + column.width, 0)
  const kept = new Set(wanted.filter((column) => column.priority === 'key').map((column) => column.key))
  const byPriority = wanted
    .filter((column) => column.priority !== 'key')
    .sort((a, b) => (a.priority as number) - (b.priority as number))
  for (const column of byPriority) {
    // the first that does not fit stops the rest: a less important column never shows in place of a more important one
    if (column.width > left) break
    kept.add(column.key)
    left -= column.width
  }
  const shown = wanted.filter((column) => kept.has(column.key))
  return {
    shown: shown.map((column) => column.key),
    folded: wanted.filter((column) => !kept.has(column.key)).map((column) => column.key),
    width: shown.reduce((sum, column) => sum + column.width, 0),
  }
}
