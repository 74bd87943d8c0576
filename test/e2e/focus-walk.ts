import type { Page } from '@playwright/test'
import { timedPart } from './a11y-times'
import { expect } from './harness'
import { areaOf, changedPixels, clipAround, cut, decode, unionOf, type Box, type Shot } from './focus-pixels'

/**
 * Issue 8's "focus visible", which axe does not test: a keyboard walk through a screen with Tab,
 * where every control that takes focus must look different focused from unfocused. Each stop's
 * control is photographed focused, and again in the next stop's state, where the Tab has taken the
 * focus on to the next control: one capture a state, holding both controls' clips (issue 41).
 * The two shots of a control are compared: at least MIN_CHANGED_PIXELS pixels must change by a
 * clearly visible amount (focus-pixels.ts). Only the band around the edge counts, where a ring, an
 * outline or a border is drawn; what changes inside the control (a hint, a tooltip) does not pass
 * for a focus indicator, nor does the next control's own ring where the two clips meet.
 *
 * Where the next state cannot show a control unfocused as it was shown focused (the Tab scrolled
 * it, the walk ended on it, or the next control's clip covers most of its band), it is judged the
 * way a single control is: focused again, photographed, its focus taken away (blur), photographed.
 *
 * The pointer is moved to the page's corner first, so no control is photographed hovered.
 * The walk starts at the screen's content (the main area, or the dialog on top), or at the top of
 * the page for the screen that checks the app's frame (top bar, sidebar), and ends when the focus
 * leaves where it started, comes back to a control it met, or after MAX_STOPS stops.
 */

const MAX_STOPS = 100
const MIN_CHANGED_PIXELS = 12

export type FocusStop = { name: string; changed: number }

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
    for (const met of doc.querySelectorAll<El>('[data-focus-box]')) met.removeAttribute('data-focus-box')
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

/** The page's state after a Tab: the control now focused, and where the stop before it is now. */
interface State {
  now: Focused | null
  /** the box of the control of the stop before, in this state (null: gone, or no stop before) */
  before: Box | null
  /** that control still has the focus (the Tab did not move it) */
  beforeFocused: boolean
}

async function stateAfterTab(app: Page, step: number, beforeKey: string | null): Promise<State> {
  return app.evaluate(
    ({ stepNumber, previous }) => {
      const doc = (globalThis as unknown as { document: Doc }).document
      const boxOf = (element: El | null): Box | null => {
        const rect = element?.getBoundingClientRect()
        return rect ? { x: rect.x, y: rect.y, width: rect.width, height: rect.height } : null
      }
      const beforeControl = previous === null ? null : doc.querySelector<El>(`[data-focus-key="${previous}"]`)
      const before = previous === null ? null : boxOf(doc.querySelector<El>(`[data-focus-box="${previous}"]`))
      const beforeFocused = beforeControl !== null && doc.activeElement === beforeControl
      let el = doc.activeElement as El | null
      if (!el || el === doc.body) return { now: null, before, beforeFocused }
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
      // marked, to find its box again in the next state
      if (el && !el.hasAttribute('data-focus-box')) el.setAttribute('data-focus-box', key)
      return { now: { name, box: boxOf(el), inside, key }, before, beforeFocused }
    },
    { stepNumber: step, previous: beforeKey },
  )
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

type Walk = { tab: () => Promise<void>; photo: (clip: Box) => Promise<Shot>; close: () => Promise<void> }

async function openWalk(app: Page): Promise<Walk> {
  const cdp = await app.context().newCDPSession(app)
  const style = await app.addStyleTag({ content: STILL_STYLE })
  const key = { key: 'Tab', code: 'Tab', windowsVirtualKeyCode: 9, nativeVirtualKeyCode: 9 }
  return {
    async tab() {
      await cdp.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', ...key })
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...key })
    },
    async photo(clip) {
      const { data } = await cdp.send('Page.captureScreenshot', { format: 'png', optimizeForSpeed: true, clip: { ...clip, scale: 1 } })
      return decode(Buffer.from(data, 'base64'))
    },
    async close() {
      await style.evaluate((element) => (element as unknown as { remove(): void }).remove())
      await cdp.detach()
    },
  }
}

/** A stop photographed focused, its unfocused shot still to take in the next state. */
type Pending = { name: string; key: string; box: Box; clip: Box; focused: Shot }

const sameBox = (a: Box, b: Box): boolean =>
  Math.abs(a.x - b.x) < 0.5 && Math.abs(a.y - b.y) < 0.5 && Math.abs(a.width - b.width) < 0.5 && Math.abs(a.height - b.height) < 0.5

/** Shots of two clips in one state: one capture of both where that is not much larger than the two, else one each. */
async function shotsOf(walk: Walk, first: Box, second: Box | null): Promise<[Shot, Shot | null]> {
  if (!second) return [await walk.photo(first), null]
  const union = unionOf(first, second)
  if (areaOf(union) > 3 * (areaOf(first) + areaOf(second)) && areaOf(union) > 40_000) return [await walk.photo(first), await walk.photo(second)]
  const whole = await walk.photo(union)
  return [cut(whole, union, first), cut(whole, union, second)]
}

/** Focuses the control met at `key` again; its box as it stands, or null when it does not take the focus. */
async function focusAgain(app: Page, key: string): Promise<Box | null> {
  return app.evaluate((met) => {
    const doc = (globalThis as unknown as { document: Doc }).document
    const control = doc.querySelector<El>(`[data-focus-key="${met}"]`)
    control?.focus()
    if (!control || doc.activeElement !== control) return null
    const rect = doc.querySelector<El>(`[data-focus-box="${met}"]`)?.getBoundingClientRect()
    return rect ? { x: rect.x, y: rect.y, width: rect.width, height: rect.height } : null
  }, key)
}

/**
 * The focus taken off the control: blurred, or, where blur leaves it focused (an iframe whose own
 * document holds the focus keeps it), moved to an invisible element that draws nothing.
 */
async function takeFocusAway(app: Page): Promise<void> {
  await app.evaluate(() => {
    const doc = (globalThis as unknown as { document: Doc }).document
    const control = doc.activeElement
    control?.blur()
    if (doc.activeElement !== control || control === doc.body) return
    let park = doc.querySelector<El>('[data-focus-park]')
    if (!park) {
      park = doc.createElement('span')
      park.setAttribute('data-focus-park', '')
      park.setAttribute('tabindex', '-1')
      park.setAttribute('style', 'position: fixed; left: 0; top: 0; width: 0; height: 0; outline: none')
      doc.body.prepend(park)
    }
    park.focus()
  })
}

/**
 * A control judged on its own: focused again, photographed, its focus taken away (blur) and
 * photographed again. The pixels changed, or why it could not be judged.
 */
async function judgeAlone(app: Page, walk: Walk, stop: Pending, viewport: { width: number; height: number }): Promise<number | string> {
  const box = await focusAgain(app, stop.key)
  if (!box) return 'it did not take the focus back, not judged'
  const clip = clipAround(box, viewport)
  if (!clip) return 'not on screen when focused again, not judged'
  const withFocus = await walk.photo(clip)
  await takeFocusAway(app)
  return changedPixels(withFocus, await walk.photo(clip), clip, box).changed
}

/**
 * Walks the screen with Tab and answers every stop with the pixels its focus changes. Fails the
 * test, naming the controls, when any stop changes fewer than MIN_CHANGED_PIXELS.
 */
export async function expectVisibleFocus(app: Page, screen: string, options: { wholePage?: boolean } = {}): Promise<FocusStop[]> {
  const viewport = app.viewportSize() ?? { width: 1280, height: 720 }
  await timedPart('focus walk: start', () => startWalk(app, options.wholePage === true))
  const walk = await timedPart('focus walk: start', () => openWalk(app))
  const stops: FocusStop[] = []
  const seen = new Set<string>()
  /** what the walk could not judge, and why it ended early: printed, for the reader of the run */
  const notes: string[] = []
  /** stops the next state could not show unfocused, judged on their own (printed: each costs two more captures) */
  let alone = 0
  const judgedAlone = async (stop: Pending): Promise<void> => {
    alone++
    const changed = await timedPart('focus walk: judged alone', () => judgeAlone(app, walk, stop, viewport))
    if (typeof changed === 'number') stops.push({ name: stop.name, changed })
    else notes.push(`${stop.name}: ${changed}`)
  }
  let pending: Pending | null = null
  let step = 0
  try {
    for (; step < MAX_STOPS; step++) {
      await timedPart('focus walk: Tab keys', () => walk.tab())
      let state = await timedPart('focus walk: state read', () => stateAfterTab(app, step, pending?.key ?? null))
      const goesOn = (now: Focused | null): now is Focused => now !== null && now.inside && !seen.has(now.key)
      let nowClip = goesOn(state.now) && state.now.box ? clipAround(state.now.box, viewport) : null
      let nowShot: Shot | null = null
      if (pending) {
        // the stop before, unfocused now, in the same capture as this stop focused
        let judged = false
        if (!state.beforeFocused && state.before && sameBox(state.before, pending.box)) {
          const [before, now] = await timedPart('focus walk: captures', () => shotsOf(walk, pending!.clip, nowClip))
          nowShot = now
          // this stop's clip, where its own ring may be, left out of the stop before's band
          const change = await timedPart('focus walk: pixels compared', async () => changedPixels(pending!.focused, before, pending!.clip, pending!.box, nowClip ?? undefined))
          if (change.counted * 2 >= change.band) {
            stops.push({ name: pending.name, changed: change.changed })
            judged = true
          }
        }
        if (!judged) {
          await judgedAlone(pending)
          // back to this stop, as the Tab left it
          if (state.now && goesOn(state.now)) {
            if (!(await focusAgain(app, state.now.key))) {
              notes.push(`the walk ended at ${state.now.name}: it did not take the focus back`)
              pending = null
              break
            }
            state = await stateAfterTab(app, step, null)
            nowClip = goesOn(state.now) && state.now.box ? clipAround(state.now.box, viewport) : null
            nowShot = null
          }
        }
        pending = null
      }
      const now = state.now
      if (!goesOn(now)) break
      seen.add(now.key)
      if (!now.box || !nowClip) {
        notes.push(`${now.name}: not on screen, not judged`)
        continue
      }
      pending = { name: now.name, key: now.key, box: now.box, clip: nowClip, focused: nowShot ?? (await timedPart('focus walk: captures', () => walk.photo(nowClip!))) }
    }
    // the walk stopped at MAX_STOPS: the last stop has the focus still
    if (pending) await judgedAlone(pending)
  } finally {
    await walk.close()
  }
  if (step === MAX_STOPS) notes.push(`the walk stopped after ${MAX_STOPS} stops`)
  const faint = stops.filter((stop) => stop.changed < MIN_CHANGED_PIXELS)
  console.log(
    `focus: ${screen}: ${stops.length} stops (${alone} judged alone), ${faint.length} without a visible indicator` +
      faint.map((stop) => `\n      ${stop.name} (${stop.changed} px changed)`).join('') +
      notes.map((note) => `\n      (${note})`).join(''),
  )
  expect(stops.length, `the keyboard reaches no control on ${screen}`).toBeGreaterThan(0)
  expect(faint.map((stop) => stop.name), `controls on ${screen} that look the same focused and not`).toEqual([])
  return stops
}
