import { readFile } from 'node:fs/promises'
import { z } from 'zod'
import { writeFileAtomic } from '../files/atomic-write'

/**
 * The main window's size and place between runs: the bounds it had when not maximized, and
 * whether it was maximized. Restored onto a display that is still there: a window saved on a
 * monitor since unplugged comes back on the primary display, never off screen.
 */

export interface Rect {
  x: number
  y: number
  width: number
  height: number
}

const RectSchema = z.object({ x: z.int(), y: z.int(), width: z.int().positive(), height: z.int().positive() })
export const WindowStateSchema = z.object({ bounds: RectSchema, maximized: z.boolean() })
export type WindowState = z.infer<typeof WindowStateSchema>

/** the size of a first run, and the smallest the window may be (window-options.ts uses both) */
export const DEFAULT_WINDOW_SIZE = { width: 1280, height: 820 } as const
export const MIN_WINDOW_SIZE = { width: 900, height: 600 } as const

/** how much of the window must be on a display to leave it where it was */
const MIN_VISIBLE = { width: 160, height: 80 } as const

/** Where the window opens: bounds (no x/y: centred by the system) and whether to maximize it. */
export interface WindowPlacement {
  bounds: Partial<Pick<Rect, 'x' | 'y'>> & Pick<Rect, 'width' | 'height'>
  maximized: boolean
}

function overlap(a: Rect, b: Rect): { width: number; height: number } {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)
  return { width: Math.max(0, width), height: Math.max(0, height) }
}

const clamp = (value: number, low: number, high: number): number => Math.min(Math.max(value, low), Math.max(low, high))

/** The size fitted to a display's work area, and no smaller than the minimum where the display allows it. */
function fitSize(size: Pick<Rect, 'width' | 'height'>, area: Rect): Pick<Rect, 'width' | 'height'> {
  return {
    width: clamp(size.width, Math.min(MIN_WINDOW_SIZE.width, area.width), area.width),
    height: clamp(size.height, Math.min(MIN_WINDOW_SIZE.height, area.height), area.height),
  }
}

/**
 * Where to open the window, from the saved state (null on a first run or after a corrupt file) and
 * the work areas of the displays now attached, the primary one first.
 * - No saved state: the default size (fitted to the primary display), centred.
 * - Saved on a display still attached (enough of it visible): same place and size, moved and
 *   shrunk just enough to lie wholly inside that display's work area.
 * - Otherwise: the saved size, fitted to the primary display, centred there.
 * The maximized state is kept either way.
 */
export function placeWindow(saved: WindowState | null, workAreas: readonly Rect[]): WindowPlacement {
  const primary = workAreas[0]
  if (!saved) {
    return { bounds: primary ? fitSize(DEFAULT_WINDOW_SIZE, primary) : { ...DEFAULT_WINDOW_SIZE }, maximized: false }
  }
  if (!primary) return { bounds: fitSize(saved.bounds, { x: 0, y: 0, width: Infinity, height: Infinity }), maximized: saved.maximized }

  let best: { area: Rect; width: number; height: number } | undefined
  for (const area of workAreas) {
    const seen = overlap(saved.bounds, area)
    if (!best || seen.width * seen.height > best.width * best.height) best = { area, ...seen }
  }
  if (best && best.width >= Math.min(MIN_VISIBLE.width, saved.bounds.width) && best.height >= Math.min(MIN_VISIBLE.height, saved.bounds.height)) {
    const area = best.area
    const size = fitSize(saved.bounds, area)
    return {
      bounds: {
        x: clamp(saved.bounds.x, area.x, area.x + area.width - size.width),
        y: clamp(saved.bounds.y, area.y, area.y + area.height - size.height),
        ...size,
      },
      maximized: saved.maximized,
    }
  }
  const size = fitSize(saved.bounds, primary)
  return {
    bounds: {
      x: primary.x + Math.round((primary.width - size.width) / 2),
      y: primary.y + Math.round((primary.height - size.height) / 2),
      ...size,
    },
    maximized: saved.maximized,
  }
}

/** The saved state, or null when there is none or the file is not one (a corrupt file is ignored, then replaced). */
export async function loadWindowState(file: string): Promise<WindowState | null> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch {
    return null
  }
  try {
    const parsed = WindowStateSchema.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

export function saveWindowState(file: string, state: WindowState): Promise<void> {
  return writeFileAtomic(file, `${JSON.stringify(WindowStateSchema.parse(state), null, 2)}\n`)
}

/**
 * Keeps the window state on disk as the window moves: `update` takes the latest state and writes
 * it `delayMs` after the last change (a drag fires hundreds of moves); `flush` writes a waiting
 * state at once (on close) and answers when every write has finished.
 */
export function createWindowStateKeeper(options: { file: string; delayMs?: number; onError?: (error: unknown) => void }) {
  const delayMs = options.delayMs ?? 500
  let waiting: WindowState | null = null
  let timer: ReturnType<typeof setTimeout> | undefined
  let writing: Promise<void> = Promise.resolve()

  function write(): Promise<void> {
    clearTimeout(timer)
    timer = undefined
    const state = waiting
    waiting = null
    if (state) {
      writing = writing.then(() => saveWindowState(options.file, state)).catch((error: unknown) => options.onError?.(error))
    }
    return writing
  }

  return {
    update(state: WindowState): void {
      waiting = { bounds: { ...state.bounds }, maximized: state.maximized }
      clearTimeout(timer)
      timer = setTimeout(() => void write(), delayMs)
    },
    flush: write,
  }
}
export type WindowStateKeeper = ReturnType<typeof createWindowStateKeeper>
