/**
 * Where the keyboard focus goes from a focused table row (`tr` with a `data-profile-id`) for a key:
 * ArrowDown and ArrowUp move one row, PageDown and PageUp a page of rows, Home and End to the
 * first and last row; null for any other key, or where there is no row to go to.
 */
export const PAGE_ROWS = 10

export function rowToFocus(row: HTMLElement, key: string): HTMLElement | null {
  const rows = Array.from(row.parentElement?.querySelectorAll<HTMLElement>(':scope > tr[data-profile-id]') ?? [])
  const here = rows.indexOf(row)
  if (here === -1) return null
  const last = rows.length - 1
  const target: Record<string, number> = {
    ArrowDown: Math.min(here + 1, last),
    ArrowUp: Math.max(here - 1, 0),
    PageDown: Math.min(here + PAGE_ROWS, last),
    PageUp: Math.max(here - PAGE_ROWS, 0),
    Home: 0,
    End: last,
  }
  const index = target[key]
  return index === undefined || index === here ? null : (rows[index] ?? null)
}
