/**
 * The layout audit's checks (issue 42), run in the page on the DOM's boxes as the screen stands:
 * - `key column`: a column the screen marks as key is inside the viewport, and inside its table's
 *   scroll box, without scrolling sideways;
 * - `clipped`: text cut by an element whose overflow hides it (scrollWidth > clientWidth), or an
 *   input's placeholder wider than the input, or a number wider than its number box, unless the full text is reachable on hover and on
 *   keyboard focus (a `title` or `aria-label` holding it, on a control that takes the focus);
 *   and text whose end lies under another element (a fixed column, a neighbour) where it shows;
 *   and a name held to its lines (`-webkit-line-clamp`: a name where it identifies, on two lines
 *   at most) that has more, under the same rule;
 *   and text begun inside a box that scrolls or hides sideways and ending past its right edge (a
 *   column half off a table too wide for its place), under the same rule;
 * - `overlap`: two interactive controls overlapping;
 * - `row line`: the controls of one table row off its line (vertical centres more than 2 px apart),
 *   but for those a table folded into the row's second line for want of width (`data-folded`);
 *   and a switch off the line of the field beside it in a form's row (a text, number or select box
 *   level with it, the nearest within 160 px);
 * - `covers header`: a toast or popover over one of the header's controls;
 * - `broken word`: a word broken inside itself across two lines.
 *
 * A function given to `page.evaluate` runs in the page, so it closes over nothing of this file;
 * the tests' tsconfig has no DOM types, hence the little interfaces below.
 */

export type LayoutCheck = 'key column' | 'clipped' | 'overlap' | 'row line' | 'covers header' | 'broken word'
export type LayoutFinding = { check: LayoutCheck; element: string; detail: string }
export type LayoutOptions = { keyColumns: readonly string[] }

type Rect = { left: number; right: number; top: number; bottom: number; width: number; height: number }
interface El {
  tagName: string
  className: unknown
  textContent: string | null
  parentElement: El | null
  children: ArrayLike<El>
  childNodes: ArrayLike<{ nodeType: number; textContent: string | null }>
  scrollWidth: number
  clientWidth: number
  scrollHeight: number
  clientHeight: number
  tabIndex: number
  value?: string
  placeholder?: string
  getAttribute(name: string): string | null
  getBoundingClientRect(): Rect
  getClientRects(): ArrayLike<Rect>
  contains(other: El): boolean
  closest(selector: string): El | null
  querySelectorAll(selector: string): ArrayLike<El>
}
type Style = { webkitLineClamp: string; overflowY: string; overflowX: string; textOverflow: string; visibility: string; opacity: string; display: string; font: string; paddingLeft: string; paddingRight: string; position: string }
interface TextNode {
  textContent: string | null
  parentElement: El | null
}
interface Win {
  innerWidth: number
  innerHeight: number
  document: {
    body: El
    createRange(): { setStart(node: TextNode, at: number): void; setEnd(node: TextNode, at: number): void; getClientRects(): ArrayLike<Rect> }
    createTreeWalker(root: El, show: number): { nextNode(): TextNode | null }
    elementFromPoint(x: number, y: number): El | null
    createElement(tag: 'canvas'): { getContext(kind: '2d'): { font: string; measureText(text: string): { width: number } } | null }
  }
  getComputedStyle(element: El): Style
}

/** Runs every check on the page as it stands. */
export function checkLayout(options: LayoutOptions): LayoutFinding[] {
  const win = globalThis as unknown as Win
  const doc = win.document
  const findings: LayoutFinding[] = []
  const find = (check: LayoutCheck, element: El, detail: string): void => {
    findings.push({ check, element: describe(element), detail })
  }
  const textOf = (element: El): string => (element.textContent ?? '').replace(/\s+/g, ' ').trim()
  function describe(element: El): string {
    const name = element.getAttribute('aria-label') ?? element.getAttribute('placeholder') ?? textOf(element)
    const firstClass = typeof element.className === 'string' && element.className.trim() ? `.${element.className.trim().split(/\s+/)[0]}` : ''
    return `${element.tagName.toLowerCase()}${firstClass} "${name.slice(0, 40)}"`
  }
  const shown = (element: El): boolean => {
    if (element.getClientRects().length === 0 || element.closest('[aria-hidden="true"]')) return false
    const style = win.getComputedStyle(element)
    if (style.visibility !== 'visible' || Number(style.opacity) === 0) return false
    const box = element.getBoundingClientRect()
    return box.width >= 2 && box.height >= 2 && box.right > 0 && box.bottom > 0 && box.left < win.innerWidth && box.top < win.innerHeight
  }
  const all = (selector: string): El[] => Array.from(doc.body.querySelectorAll(selector)).filter(shown)
  const CONTROLS =
    'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="switch"], [role="checkbox"], [role="radio"], [role="tab"], [role="combobox"], [role="slider"], [tabindex="0"]'
  /** a control the pointer reaches at its centre: not behind a dialog's mask, not scrolled under the app's frame */
  const onTop = (control: El): boolean => {
    const box = control.getBoundingClientRect()
    const x = (box.left + box.right) / 2
    const y = (box.top + box.bottom) / 2
    if (x < 0 || y < 0 || x >= win.innerWidth || y >= win.innerHeight) return false
    const hit = doc.elementFromPoint(x, y)
    return hit !== null && (control.contains(hit) || hit.contains(control))
  }
  const controls = all(CONTROLS).filter((control) => (!control.parentElement?.closest(CONTROLS) || control.tagName === 'INPUT') && onTop(control))
  /** one field of Naive UI draws several controls in one box (a select's label, its input, its clear button) */
  const FIELD = '.n-base-selection, .n-input, .n-input-number, .n-date-picker'
  const center = (box: Rect): number => (box.top + box.bottom) / 2
  /** the app's frame, which the page scrolls under */
  const FRAME = 'header.app-header, .app-shell__footer'

  // --- key columns: on screen, inside their table's scroll box -----------------------------------
  const headers = all('th, [role="columnheader"]')
  for (const column of options.keyColumns) {
    const header = headers.find((th) => textOf(th) === column) ?? headers.find((th) => textOf(th).startsWith(column))
    if (!header) {
      findings.push({ check: 'key column', element: `column "${column}"`, detail: 'not on the screen' })
      continue
    }
    const box = header.getBoundingClientRect()
    let right = win.innerWidth
    for (let up = header.parentElement; up; up = up.parentElement) {
      if (['auto', 'scroll', 'hidden'].includes(win.getComputedStyle(up).overflowX)) right = Math.min(right, up.getBoundingClientRect().right)
    }
    if (box.right > right + 1 || box.left < 0) find('key column', header, `ends at x ${Math.round(box.right)}, past the visible ${Math.round(right)} px`)
  }

  // --- clipped text, unless its full text is reachable on hover and on focus ----------------------
  const reachable = (element: El, text: string): boolean => {
    for (let up: El | null = element, level = 0; up && level < 5; up = up.parentElement, level++) {
      const full = `${up.getAttribute('title') ?? ''} ${up.getAttribute('aria-label') ?? ''}`
      // tabindex -1 too: a row of a list the arrow keys move through (one row at a time is the Tab stop)
      const focusable = up.getAttribute('tabindex') !== null || up.tabIndex >= 0 || up.closest(CONTROLS) !== null
      if (focusable && full.includes(text)) return true
    }
    return false
  }
  for (const element of all('body *')) {
    if (element.tagName === 'INPUT' || element.tagName === 'TEXTAREA' || element.closest('svg, pre, code, iframe')) continue
    const style = win.getComputedStyle(element)
    const hides = style.overflowX === 'hidden' || style.overflowX === 'clip' || style.textOverflow === 'ellipsis'
    if (!hides || element.scrollWidth <= element.clientWidth + 1 || element.clientWidth === 0) continue
    const ownText = Array.from(element.childNodes).some((node) => node.nodeType === 3 && (node.textContent ?? '').trim() !== '')
    if (!ownText && style.textOverflow !== 'ellipsis') continue
    const text = textOf(element)
    if (text && !reachable(element, text)) find('clipped', element, `shows ${element.clientWidth} of ${element.scrollWidth} px`)
  }
  for (const element of all('body *')) {
    const clamp = win.getComputedStyle(element).webkitLineClamp
    if (!clamp || clamp === 'none' || element.scrollHeight <= element.clientHeight + 1) continue
    const text = textOf(element)
    if (text && !reachable(element, text)) find('clipped', element, `shows ${clamp} lines, ${element.clientHeight} of ${element.scrollHeight} px high`)
  }
  const canvas = doc.createElement('canvas').getContext('2d')
  for (const input of all('input[placeholder], textarea[placeholder]')) {
    if (!canvas || input.value || !input.placeholder) continue
    const style = win.getComputedStyle(input)
    canvas.font = style.font
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
    const needs = canvas.measureText(input.placeholder).width
    if (needs > room + 1) find('clipped', input, `placeholder needs ${Math.ceil(needs)} px, has ${Math.floor(room)}`)
  }
  // a number is short: one its box cannot show whole is cut (a long text scrolls in its field, a number must not)
  for (const input of all('.n-input-number input, input[type="number"], input[inputmode="numeric"]')) {
    if (!canvas || !input.value) continue
    const style = win.getComputedStyle(input)
    canvas.font = style.font
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
    const needs = canvas.measureText(input.value).width
    if (needs > room + 1) find('clipped', input, `its number ${input.value} needs ${Math.ceil(needs)} px, has ${Math.floor(room)}`)
  }

  // --- overlapping controls ----------------------------------------------------------------------
  const boxes = controls.map((control) => ({ control, box: control.getBoundingClientRect() }))
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!
      const b = boxes[j]!
      if (a.control.contains(b.control) || b.control.contains(a.control)) continue
      // the page scrolls under the app's header and footer: a control there over one in the page is no overlap
      if ((a.control.closest(FRAME) === null) !== (b.control.closest(FRAME) === null)) continue
      const field = a.control.closest(FIELD)
      if (field && field === b.control.closest(FIELD)) continue
      const x = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left)
      const y = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top)
      if (x > 2 && y > 2) find('overlap', a.control, `overlaps ${describe(b.control)} by ${Math.round(x)}×${Math.round(y)} px`)
    }
  }

  // --- the controls of a table row on its line ---------------------------------------------------
  for (const row of all('tr, [role="row"]')) {
    const inRow = controls.filter((control) => row.contains(control) && control.closest('tr, [role="row"]') === row && !control.closest('[data-folded]'))
    if (inRow.length < 2) continue
    const centres = inRow.map((control) => center(control.getBoundingClientRect()))
    const spread = Math.max(...centres) - Math.min(...centres)
    if (spread > 2) find('row line', row, `its controls' centres are ${Math.round(spread)} px apart`)
  }

  // a switch in a form's row sits on the line of the field beside it
  const fields = all(FIELD).map((field) => field.getBoundingClientRect())
  // (a switch inside a row that takes the focus itself, a route of a rule, is not among `controls`)
  for (const control of all('[role="switch"]').filter(onTop)) {
    const box = control.getBoundingClientRect()
    const gap = (field: Rect): number => Math.max(field.left - box.right, box.left - field.right)
    const beside = fields
      .filter((field) => field.top < box.bottom && field.bottom > box.top && gap(field) >= 0 && gap(field) <= 160)
      .sort((a, b) => gap(a) - gap(b))[0]
    const off = beside ? Math.abs(center(beside) - center(box)) : 0
    if (off > 2) find('row line', control, `its centre is ${Math.round(off)} px off the field beside it`)
  }

  // --- toasts and popovers over the header's controls --------------------------------------------
  const header = doc.body.querySelectorAll('header.app-header')[0]
  if (header && shown(header)) {
    // every control of the header, those a layer covers too (`controls` holds only those on top)
    const headerControls = all(CONTROLS).filter((control) => header.contains(control) && !control.parentElement?.closest(CONTROLS))
    for (const layer of all('.n-message, .n-notification, .n-popover, .n-tooltip')) {
      const box = layer.getBoundingClientRect()
      for (const control of headerControls) {
        const under = control.getBoundingClientRect()
        if (box.left < under.right && box.right > under.left && box.top < under.bottom && box.bottom > under.top) find('covers header', layer, `covers ${describe(control)}`)
      }
    }
  }

  // --- text whose end is under another element: a fixed column, a neighbour drawn over it ------
  /** menus, dialogs and toasts lie over the page on purpose, and the page scrolls under the app's frame: what they cover is not cut */
  const LAYERS = 'header.app-header, .app-shell__footer, .v-binder-follower-content, .n-modal-container, .n-message-container, .n-notification-container, .n-drawer-container, [role="dialog"]'
  const range = doc.createRange()
  function coveredEnd(node: TextNode, parent: El, text: string): void {
    // the last character drawn
    const end = text.trimEnd().length
    range.setStart(node, Math.max(0, end - 1))
    range.setEnd(node, end)
    const last = Array.from(range.getClientRects()).at(-1)
    if (!last || last.width === 0) return
    // its middle: a bold glyph's box reaches a pixel or so into the next inline box, which is not a cut
    const x = (last.left + last.right) / 2
    const y = (last.top + last.bottom) / 2
    if (y < 0 || y >= win.innerHeight) return
    // the first character drawn: a text begun in sight and ended out of it is cut
    const start = text.length - text.trimStart().length
    range.setStart(node, start)
    range.setEnd(node, start + 1)
    const first = Array.from(range.getClientRects())[0]
    // scrolled out of a scroll box, up, down or sideways: where a list keeps the rest, not cut
    // (a key column out of sight is the key-column check's); but a text that begins in the box
    // and runs past its right edge (a column half off a table that scrolls sideways) is cut there
    for (let up = parent.parentElement; up; up = up.parentElement) {
      const style = win.getComputedStyle(up)
      const box = up.getBoundingClientRect()
      if (style.overflowY !== 'visible' && (y < box.top || y > box.bottom)) return
      if (style.overflowX === 'visible' || (x >= box.left && x <= box.right)) continue
      const begunInSight = first !== undefined && (first.left + first.right) / 2 >= box.left && (first.left + first.right) / 2 < box.right
      if (x > box.right && begunInSight) find('clipped', parent, `runs past the right edge of its box at x ${Math.round(box.right)}, scrolled sideways`)
      return
    }
    if (x < 0 || x >= win.innerWidth) return
    const hit = doc.elementFromPoint(x, y)
    if (!hit || parent.contains(hit) || hit.contains(parent)) return
    // a field's placeholder, drawn under its transparent input
    if (hit.closest('.n-input, .n-base-selection')?.contains(parent)) return
    const layer = hit.closest(LAYERS)
    if (layer && !layer.contains(parent)) return
    // a header kept in place (sticky, fixed) that the page scrolls under
    for (let up: El | null = hit; up; up = up.parentElement) {
      if (up.contains(parent)) break
      if (['sticky', 'fixed'].includes(win.getComputedStyle(up).position)) return
    }
    find('clipped', parent, `its end is under ${describe(hit)}`)
  }

  // --- words broken inside themselves ------------------------------------------------------------
  const walker = doc.createTreeWalker(doc.body, 4 /* NodeFilter.SHOW_TEXT */)
  const broken = new Set<El>()
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement
    if (!parent || broken.has(parent) || parent.closest('script, style, svg, pre, code, textarea, iframe') || !shown(parent)) continue
    const text = node.textContent ?? ''
    if (text.trim() && !reachable(parent, textOf(parent))) coveredEnd(node, parent, text)
    // a word: letters and digits run together; a line may break at spaces, hyphens and slashes
    for (const match of text.matchAll(/[\p{L}\p{N}]{3,}/gu)) {
      range.setStart(node, match.index)
      range.setEnd(node, match.index + match[0].length)
      const tops = new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top)))
      if (tops.size > 1) {
        broken.add(parent)
        find('broken word', parent, `"${match[0]}" is broken across lines`)
        break
      }
    }
  }
  return findings
}
