import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  createWindowStateKeeper,
  DEFAULT_WINDOW_SIZE,
  loadWindowState,
  MIN_WINDOW_SIZE,
  placeWindow,
  saveWindowState,
  type Rect,
  type WindowState,
} from '../../../electron/services/desktop/window-state'

const LAPTOP: Rect = { x: 0, y: 0, width: 1920, height: 1050 }
const MONITOR_RIGHT: Rect = { x: 1920, y: 0, width: 2560, height: 1400 }
const SMALL: Rect = { x: 0, y: 0, width: 1024, height: 700 }

const state = (bounds: Rect, maximized = false): WindowState => ({ bounds, maximized })

describe('placeWindow', () => {
  it('opens a first run at the default size, centred by the system', () => {
    expect(placeWindow(null, [LAPTOP])).toEqual({ bounds: DEFAULT_WINDOW_SIZE, maximized: false })
  })

  it('fits the default size to a small display', () => {
    expect(placeWindow(null, [SMALL]).bounds).toEqual({ width: 1024, height: 700 })
  })

  it('restores a window where it was, on the display it was on', () => {
    const saved = state({ x: 2100, y: 120, width: 1400, height: 900 })
    expect(placeWindow(saved, [LAPTOP, MONITOR_RIGHT])).toEqual(saved)
  })

  it('restores the maximized state with the bounds to return to', () => {
    const saved = state({ x: 100, y: 80, width: 1300, height: 850 }, true)
    expect(placeWindow(saved, [LAPTOP])).toEqual(saved)
  })

  it('brings back a window saved on a monitor that is no longer attached, onto the primary display, centred', () => {
    const saved = state({ x: 2100, y: 120, width: 1400, height: 900 }, true)
    expect(placeWindow(saved, [LAPTOP])).toEqual({ bounds: { x: 260, y: 75, width: 1400, height: 900 }, maximized: true })
  })

  it('pulls a window that hangs partly off its display back inside it', () => {
    const placed = placeWindow(state({ x: 1500, y: -40, width: 1000, height: 700 }), [LAPTOP])
    expect(placed.bounds).toEqual({ x: 920, y: 0, width: 1000, height: 700 })
  })

  it('shrinks a window larger than its display to the display, no smaller than the minimum', () => {
    expect(placeWindow(state({ x: 0, y: 0, width: 3000, height: 2000 }), [LAPTOP]).bounds).toEqual({ x: 0, y: 0, width: 1920, height: 1050 })
    expect(placeWindow(state({ x: 10, y: 10, width: 300, height: 200 }), [LAPTOP]).bounds).toEqual({ x: 10, y: 10, ...MIN_WINDOW_SIZE })
  })

  it('picks the display that shows most of the window', () => {
    const placed = placeWindow(state({ x: 1700, y: 100, width: 1200, height: 800 }), [LAPTOP, MONITOR_RIGHT])
    expect(placed.bounds).toEqual({ x: 1920, y: 100, width: 1200, height: 800 })
  })

  it('moves a window of which only a sliver shows', () => {
    const placed = placeWindow(state({ x: 1900, y: 100, width: 1200, height: 800 }), [LAPTOP])
    expect(placed.bounds).toEqual({ x: 360, y: 125, width: 1200, height: 800 })
  })
})

describe('window-state.json', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pbx-window-'))
  })
  afterEach(() => {
    vi.useRealTimers()
    rmSync(dir, { recursive: true, force: true })
  })

  it('saves atomically and reads back', async () => {
    const file = join(dir, 'window-state.json')
    const saved = state({ x: -1200, y: 40, width: 1100, height: 760 }, true)
    await saveWindowState(file, saved)
    expect(await loadWindowState(file)).toEqual(saved)
    expect(readdirSync(dir)).toEqual(['window-state.json'])
  })

  it.each([
    ['missing', undefined],
    ['not JSON', '{"bounds": {'],
    ['the wrong shape', '{"bounds":{"x":"left","y":0,"width":10,"height":10},"maximized":false}'],
    ['a zero size', '{"bounds":{"x":0,"y":0,"width":0,"height":10},"maximized":false}'],
  ])('reads a file that is %s as no state', async (_what, content) => {
    const file = join(dir, 'window-state.json')
    if (content !== undefined) writeFileSync(file, content)
    expect(await loadWindowState(file)).toBeNull()
  })

  it('writes the last state once, after the moves stop, and at once on flush', async () => {
    vi.useFakeTimers()
    const file = join(dir, 'window-state.json')
    const keeper = createWindowStateKeeper({ file, delayMs: 500 })
    for (let x = 0; x < 50; x++) keeper.update(state({ x, y: 0, width: 1000, height: 700 }))
    await vi.advanceTimersByTimeAsync(400)
    expect(readdirSync(dir)).toEqual([])
    await vi.advanceTimersByTimeAsync(200)
    vi.useRealTimers()
    await keeper.flush()
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(state({ x: 49, y: 0, width: 1000, height: 700 }))

    keeper.update(state({ x: 5, y: 5, width: 1000, height: 700 }, true))
    await keeper.flush()
    expect(await loadWindowState(file)).toEqual(state({ x: 5, y: 5, width: 1000, height: 700 }, true))
  })

  it('reports a failed write and keeps going', async () => {
    const errors: unknown[] = []
    const keeper = createWindowStateKeeper({ file: join(dir, 'missing-dir-is-a-file', 'x.json'), onError: (error) => errors.push(error) })
    writeFileSync(join(dir, 'missing-dir-is-a-file'), 'a file where a folder should be')
    keeper.update(state({ x: 0, y: 0, width: 1000, height: 700 }))
    await keeper.flush()
    expect(errors).toHaveLength(1)
  })
})
