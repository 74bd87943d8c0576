/**
 * Shows `row` whole after its table scrolled to it: the table's own scrolling body by the pixel
 * or two a virtual list leaves under its edge, then the area around the table (its nearest
 * scrolling ancestor) as little as it takes, but never so far that the top of `keep` leaves the
 * area (the enrolment panel and its scan field stay in view as the page follows the handsets
 * table). A panel's own `position: sticky` cannot do it inside Naive UI's tabs, whose pane clips
 * its overflow.
 */
export function revealRow(row: Element, keep?: Element | null): void {
  const table = row.closest('.n-data-table')
  const body = scrollingAncestor(row)
  if (body && table?.contains(body)) reveal(body, row, 1)
  const area = scrollingAncestor(table ?? row)
  if (area) reveal(area, row, MARGIN, keep)
}

/** room left beyond the row in the area, so it does not end exactly at its edge */
const MARGIN = 12

function reveal(area: HTMLElement, row: Element, margin: number, keep?: Element | null): void {
  const box = area.getBoundingClientRect()
  const target = row.getBoundingClientRect()
  let by = 0
  if (target.bottom + margin > box.bottom) by = target.bottom + margin - box.bottom
  else if (target.top - margin < box.top) by = target.top - margin - box.top
  if (by > 0 && keep) by = Math.min(by, Math.max(0, keep.getBoundingClientRect().top - box.top))
  if (by !== 0) area.scrollTop += by > 0 ? Math.ceil(by) : Math.floor(by)
}

function scrollingAncestor(el: Element): HTMLElement | null {
  for (let node = el.parentElement; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node)
    if ((overflowY === 'auto' || overflowY === 'scroll') && node.scrollHeight > node.clientHeight) return node
  }
  return null
}
