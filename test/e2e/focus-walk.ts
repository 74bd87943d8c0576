import type { Page } from '@playwright/test'
import { PNG } from 'pngjs'
import { expect } from './harness'

/**
 * Issue 8's "focus visible", which axe does not test: a keyboard walk through a screen with Tab,
 * where every control that takes focus must look different focused from unfocused. For each stop
 * the control's edge is photographed focused, then with the focus taken away (blur), and the two
 * compared: at least MIN_CHANGED_PIXELS pixels must change by a clearly visible amount (a channel
 * by MIN_CHANNEL_DELTA of 255 or more). Only the band around the edge counts (MARGIN outside it,
 * INSET inside), where a ring, an outline or a border is drawn; what changes inside the control
 * on blur (a hint, a tooltip) does not pass for a focus indicator. Then the control is focused
 * again and the walk goes on with Tab, as a keyboard user's would.
 *
 * The pointer is moved to the page's corner first, so no control is photographed hovered.
 * The walk starts at the screen's content (the main area, or the dialog on top), or at the top of
 * the page for the screen that checks the app's frame (top bar, sidebar), and ends when the focus
 * leaves where it started, comes back to a control it met, or after MAX_STOPS stops.
 */

const MAX_STOPS = 100
/** px around the control: an outline or a ring drawn just outside it is still its indicator */
const MARGIN = 6
/** px inside the control's edge that count too: an outline drawn just inside, a wrapper's border */
const INSET = 3
const MIN_CHANNEL_DELTA = 40
const MIN_CHANGED_PIXELS = 12

export type FocusStop = { name: string; changed: number }

type Box = { x: number; y: number; width: number; height: number }

/** The little of the DOM the functions run in the page use (the tests' tsconfig has no DOM types). */
interface El {
  tagName: string
  className: unknown
  textContent: string | null
  parentElement: El | null
  getAttribute(name: string): string | null
  setAttribute(name: string, value: string): void
  hasAttribute(name: string): boolean
  removeAttribute(name: string): void
  getBoundingClientRect(): Box
  getClientRects(): { length: number }
  contains(other: unknown): boolean
  focus(): void
  blur(): void
}
interface Doc {
  body: El & { prepend(child: El): void }
  activeElement: El | null
  createElement(tag: string): El
  querySelector<T = El>(selector: string): T | null
  querySelectorAll<T = El>(selector: string): Iterable<T>
}

/** What the page says of the focused control: a name for the report, the box to photograph. */
interface Focused {
  /** tag, role and accessible-ish name, to read in a failure */
  name: string
  /** the control's box, or its nearest ancestor with a size (a hidden radio input's label) */
  box: Box | null
  /** inside the area the walk started in */
  inside: boolean
  /** a stable key, to notice the walk came round */
  key: string
}

/** Marks where the walk starts and focuses it: the whole page, or the dialog on top, or the main area. */
async function startWalk(app: Page, whole: boolean): Promise<void> {
  // the pointer is put away first: left where a set-up step clicked, it hovers whatever the screen
  // has moved under it, and a hovered field's border (in the dark scheme, nearly the focus colour)
  // would be photographed as that field's unfocused look
  await app.mouse.move(0, 0)
  await app.evaluate((wholePage) => {
    const doc = (globalThis as unknown as { document: Doc }).document
    doc.querySelector('[data-focus-walk]')?.removeAttribute('data-focus-walk')
    // a walk before this one (the other scheme's) numbered the controls it met: numbered afresh
    for (const met of doc.querySelectorAll<El>('[data-focus-key]')) met.removeAttribute('data-focus-key')
    if (wholePage) {
      doc.body.setAttribute('data-focus-walk', '')
      // the first Tab goes to the page's first control: Chromium tabs on from where the focus last
      // was, so the focus is put before everything (on an element Tab never comes back to)
      const start = doc.createElement('span')
      start.setAttribute('tabindex', '-1')
      doc.body.prepend(start)
      start.focus()
      return
    }
    const dialogs = [...doc.querySelectorAll<El>('[role="dialog"], [role="alertdialog"]')].filter((d) => d.getClientRects().length > 0)
    const area = dialogs.at(-1) ?? doc.querySelector<El>('main')
    if (!area) throw new Error('the screen has neither a dialog nor a main area')
    area.setAttribute('data-focus-walk', '')
    // a dialog has focused its first control already; the main area is focused itself (tabindex -1)
    if (!area.contains(doc.activeElement) || area === doc.querySelector('main')) {
      if (!area.hasAttribute('tabindex')) area.setAttribute('tabindex', '-1')
      area.focus()
    }
  }, whole)
}

async function focused(app: Page, step: number): Promise<Focused | null> {
  return app.evaluate((stepNumber) => {
    const doc = (globalThis as unknown as { document: Doc }).document
    let el = doc.activeElement as El | null
    if (!el || el === doc.body) return null
    const area = doc.querySelector('[data-focus-walk]')
    const inside = area !== null && area !== el && area.contains(el)
    if (!el.hasAttribute('data-focus-key')) el.setAttribute('data-focus-key', String(stepNumber))
    const key = el.getAttribute('data-focus-key')!
    // a field named by its <label for>: that label's text
    const id = el.getAttribute('id')
    const labelled = id ? (doc.querySelector(`label[for="${id}"]`)?.textContent ?? '').trim() : ''
    const label = el.getAttribute('aria-label') ?? el.getAttribute('title') ?? (labelled || (el.textContent ?? '').trim().slice(0, 40))
    const role = el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''
    const firstClass = typeof el.className === 'string' && el.className ? ` .${el.className.split(' ')[0]}` : ''
    const name = `${el.tagName.toLowerCase()}${role} "${label}"${firstClass}`
    // a control drawn by its ancestor (a visually hidden input): photograph the ancestor
    while (el && (el.getBoundingClientRect().width < 8 || el.getBoundingClientRect().height < 8)) el = el.parentElement
    const rect = el?.getBoundingClientRect()
    const box = rect ? { x: rect.x, y: rect.y, width: rect.width, height: rect.height } : null
    return { name, box, inside, key }
  }, step)
}

/**
 * The walk's own means, through the Chrome DevTools Protocol the harness's Chromium speaks: a Tab
 * as one key event, a shot of a clip as one capture (about 20 and 40 ms here, where Playwright's
 * press and screenshot, which wait for more, took 75-110 and 75-100 ms a stop: issue 41). While
 * it walks, transitions and animations are off and the caret is hidden (what Playwright's
 * `animations: 'disabled'` and `caret: 'hide'` did shot by shot): a focus ring is shot as drawn,
 * not half faded in.
 */
const STILL_STYLE = '*, *::before, *::after { transition: none !important; animation: none !important; caret-color: transparent !important; }'

async function openWalk(app: Page): Promise<{ tab: () => Promise<void>; photo: (clip: Box) => Promise<PNG>; close: () => Promise<void> }> {
  const cdp = await app.context().newCDPSession(app)
  const style = await app.addStyleTag({ content: STILL_STYLE })
  const key = { key: 'Tab', code: 'Tab', windowsVirtualKeyCode: 9, nativeVirtualKeyCode: 9 }
  return {
    async tab() {
      await cdp.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', ...key })
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...key })
    },
    async photo(clip) {
      const { data } = await cdp.send('Page.captureScreenshot', { format: 'png', clip: { ...clip, scale: 1 } })
      return PNG.sync.read(Buffer.from(data, 'base64'))
    },
    async close() {
      await style.evaluate((element) => (element as unknown as { remove(): void }).remove())
      await cdp.detach()
    },
  }
}

/** The clip around a control's box (MARGIN on each side, within the viewport); null when nothing of it is on screen. */
function clipAround(box: Box, viewport: { width: number; height: number }): Box | null {
  const x = Math.max(0, Math.floor(box.x - MARGIN))
  const y = Math.max(0, Math.floor(box.y - MARGIN))
  const width = Math.min(viewport.width, Math.ceil(box.x + box.width + MARGIN)) - x
  const height = Math.min(viewport.height, Math.ceil(box.y + box.height + MARGIN)) - y
  return width > 0 && height > 0 ? { x, y, width, height } : null
}

/** Pixels of the band around the control's edge that differ clearly between two shots of its clip. */
function changedPixels(a: PNG, b: PNG, clip: Box, box: Box): number {
  if (a.width !== b.width || a.height !== b.height) return a.width * a.height
  // the control's inside, in the clip's pixels: left out
  const left = box.x + INSET - clip.x
  const top = box.y + INSET - clip.y
  const right = box.x + box.width - INSET - clip.x
  const bottom = box.y + box.height - INSET - clip.y
  let changed = 0
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      if (x >= left && x < right && y >= top && y < bottom) continue
      const i = (y * a.width + x) * 4
      const delta = Math.max(Math.abs(a.data[i]! - b.data[i]!), Math.abs(a.data[i + 1]! - b.data[i + 1]!), Math.abs(a.data[i + 2]! - b.data[i + 2]!))
      if (delta >= MIN_CHANNEL_DELTA) changed++
    }
  }
  return changed
}

/**
 * Walks the screen with Tab and answers every stop with the pixels its focus changes. Fails the
 * test, naming the controls, when any stop changes fewer than MIN_CHANGED_PIXELS.
 */
export async function expectVisibleFocus(app: Page, screen: string, options: { wholePage?: boolean } = {}): Promise<FocusStop[]> {
  const viewport = app.viewportSize() ?? { width: 1280, height: 720 }
  await startWalk(app, options.wholePage === true)
  const walk = await openWalk(app)
  const stops: FocusStop[] = []
  const seen = new Set<string>()
  /** what the walk could not judge, and why it ended early: printed, for the reader of the run */
  const notes: string[] = []
  let step = 0
  try {
    for (; step < MAX_STOPS; step++) {
      await walk.tab()
      const now = await focused(app, step)
      if (!now || !now.inside || seen.has(now.key)) break
      seen.add(now.key)
      const clip = now.box && clipAround(now.box, viewport)
      if (!now.box || !clip) {
        notes.push(`${now.name}: not on screen, not judged`)
        continue
      }
      const withFocus = await walk.photo(clip)
      await app.evaluate(() => ((globalThis as unknown as { document: Doc }).document.activeElement as El | null)?.blur())
      const without = await walk.photo(clip)
      stops.push({ name: now.name, changed: changedPixels(withFocus, without, clip, now.box) })
      const back = await app.evaluate((key) => {
        const doc = (globalThis as unknown as { document: Doc }).document
        const control = doc.querySelector<El>(`[data-focus-key="${key}"]`)
        control?.focus()
        return control !== null && doc.activeElement === control
      }, now.key)
      if (!back) {
        notes.push(`the walk ended at ${now.name}: it did not take the focus back after losing it`)
        break
      }
    }
  } finally {
    await walk.close()
  }
  if (step === MAX_STOPS) notes.push(`the walk stopped after ${MAX_STOPS} stops`)
  const faint = stops.filter((stop) => stop.changed < MIN_CHANGED_PIXELS)
  console.log(
    `focus: ${screen}: ${stops.length} stops, ${faint.length} without a visible indicator` +
      faint.map((stop) => `\n      ${stop.name} (${stop.changed} px changed)`).join('') +
      notes.map((note) => `\n      (${note})`).join(''),
  )
  expect(stops.length, `the keyboard reaches no control on ${screen}`).toBeGreaterThan(0)
  expect(faint.map((stop) => stop.name), `controls on ${screen} that look the same focused and not`).toEqual([])
  return stops
}
