import { PNG } from 'pngjs'

/**
 * The pixel side of the focus walk (focus-walk.ts): the clip photographed around a control, a shot
 * cut out of a larger one, and the pixels of the band around a control's edge that differ between
 * its focused and unfocused shots.
 */

/** px around the control: an outline or a ring drawn just outside it is still its indicator */
export const MARGIN = 6
/** px inside the control's edge that count too: an outline drawn just inside, a wrapper's border */
const INSET = 3
const MIN_CHANNEL_DELTA = 40

export type Box = { x: number; y: number; width: number; height: number }
/** RGBA pixels, 4 bytes each, row after row (what pngjs decodes) */
export type Shot = { width: number; height: number; data: Buffer }

/** The clip around a control's box (MARGIN on each side, within the viewport); null when nothing of it is on screen. */
export function clipAround(box: Box, viewport: { width: number; height: number }): Box | null {
  const x = Math.max(0, Math.floor(box.x - MARGIN))
  const y = Math.max(0, Math.floor(box.y - MARGIN))
  const width = Math.min(viewport.width, Math.ceil(box.x + box.width + MARGIN)) - x
  const height = Math.min(viewport.height, Math.ceil(box.y + box.height + MARGIN)) - y
  return width > 0 && height > 0 ? { x, y, width, height } : null
}

/** The smallest clip holding both. */
export function unionOf(a: Box, b: Box): Box {
  const x = Math.min(a.x, b.x)
  const y = Math.min(a.y, b.y)
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y }
}

export const areaOf = (box: Box): number => box.width * box.height

export function decode(png: Buffer): Shot {
  return PNG.sync.read(png)
}

/** The part of `shot` (a capture of `whole`) that `part` covers; `part` lies inside `whole`. */
export function cut(shot: Shot, whole: Box, part: Box): Shot {
  const data = Buffer.alloc(part.width * part.height * 4)
  for (let row = 0; row < part.height; row++) {
    const from = ((part.y - whole.y + row) * shot.width + (part.x - whole.x)) * 4
    shot.data.copy(data, row * part.width * 4, from, from + part.width * 4)
  }
  return { width: part.width, height: part.height, data }
}

/** The pixels of a band that count, and how many of them differ clearly between the two shots. */
export type BandChange = { changed: number; counted: number; band: number }

/**
 * Pixels of the band around the control's edge that differ clearly between two shots of its clip.
 * Pixels inside `leaveOut` (another control's clip, whose own focus ring the shot may hold) do not
 * count; `counted` says how many of the band's `band` pixels did.
 */
export function changedPixels(a: Shot, b: Shot, clip: Box, box: Box, leaveOut?: Box): BandChange {
  if (a.width !== b.width || a.height !== b.height) return { changed: a.width * a.height, counted: a.width * a.height, band: a.width * a.height }
  // the control's inside, in the clip's pixels: left out
  const left = box.x + INSET - clip.x
  const top = box.y + INSET - clip.y
  const right = box.x + box.width - INSET - clip.x
  const bottom = box.y + box.height - INSET - clip.y
  const out = leaveOut && { left: leaveOut.x - clip.x, top: leaveOut.y - clip.y, right: leaveOut.x + leaveOut.width - clip.x, bottom: leaveOut.y + leaveOut.height - clip.y }
  let changed = 0
  let counted = 0
  let band = 0
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      if (x >= left && x < right && y >= top && y < bottom) continue
      band++
      if (out && x >= out.left && x < out.right && y >= out.top && y < out.bottom) continue
      counted++
      const i = (y * a.width + x) * 4
      const delta = Math.max(Math.abs(a.data[i]! - b.data[i]!), Math.abs(a.data[i + 1]! - b.data[i + 1]!), Math.abs(a.data[i + 2]! - b.data[i + 2]!))
      if (delta >= MIN_CHANNEL_DELTA) changed++
    }
  }
  return { changed, counted, band }
}
