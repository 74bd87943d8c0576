#!/usr/bin/env node
// Draws the app icon (a PBX: two rack units with a status light) as resources/icon.svg and a
// 1024×1024 resources/icon.png, from one list of shapes. electron-builder makes the platform
// formats (.ico, .icns, Linux sizes) from the PNG. Run once after changing the shapes:
//   node electron/tools/make-icon.mjs
// Plain Node (zlib for the PNG), so it needs no package.
import { writeFileSync } from 'node:fs'
import { deflateSync } from 'node:zlib'

const SIZE = 1024
/** samples per pixel side: 4×4 supersampling smooths the edges */
const SAMPLES = 4

const hex = (color) => [1, 3, 5].map((at) => parseInt(color.slice(at, at + 2), 16))

/** back to front */
const SHAPES = [
  { kind: 'rect', x: 64, y: 64, width: 896, height: 896, radius: 200, color: '#1e4fd0' },
  { kind: 'rect', x: 224, y: 300, width: 576, height: 180, radius: 40, color: '#ffffff' },
  { kind: 'rect', x: 224, y: 544, width: 576, height: 180, radius: 40, color: '#ffffff' },
  { kind: 'circle', cx: 322, cy: 390, r: 36, color: '#16a34a' },
  { kind: 'circle', cx: 322, cy: 634, r: 36, color: '#16a34a' },
  { kind: 'rect', x: 412, y: 376, width: 300, height: 28, radius: 14, color: '#1e3a8a' },
  { kind: 'rect', x: 412, y: 620, width: 300, height: 28, radius: 14, color: '#1e3a8a' },
]

function inside(shape, px, py) {
  if (shape.kind === 'circle') return (px - shape.cx) ** 2 + (py - shape.cy) ** 2 <= shape.r ** 2
  const { x, y, width, height, radius } = shape
  if (px < x || py < y || px > x + width || py > y + height) return false
  const dx = Math.max(x + radius - px, 0, px - (x + width - radius))
  const dy = Math.max(y + radius - py, 0, py - (y + height - radius))
  return dx * dx + dy * dy <= radius * radius
}

function svg() {
  const body = SHAPES.map((shape) =>
    shape.kind === 'circle'
      ? `  <circle cx="${shape.cx}" cy="${shape.cy}" r="${shape.r}" fill="${shape.color}"/>`
      : `  <rect x="${shape.x}" y="${shape.y}" width="${shape.width}" height="${shape.height}" rx="${shape.radius}" fill="${shape.color}"/>`,
  )
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}">\n  <title>PBX Provisioner</title>\n${body.join('\n')}\n</svg>\n`
}

function pixels() {
  const colors = SHAPES.map((shape) => hex(shape.color))
  const rows = Buffer.alloc(SIZE * (SIZE * 4 + 1))
  for (let y = 0; y < SIZE; y++) {
    const row = y * (SIZE * 4 + 1)
    rows[row] = 0 // filter: none
    for (let x = 0; x < SIZE; x++) {
      let r = 0
      let g = 0
      let b = 0
      let a = 0
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const px = x + (sx + 0.5) / SAMPLES
          const py = y + (sy + 0.5) / SAMPLES
          for (let index = SHAPES.length - 1; index >= 0; index--) {
            if (inside(SHAPES[index], px, py)) {
              const [cr, cg, cb] = colors[index]
              r += cr
              g += cg
              b += cb
              a += 255
              break
            }
          }
        }
      }
      const n = SAMPLES * SAMPLES
      const covered = a / 255
      const at = row + 1 + x * 4
      // colour averaged over the covered samples (straight alpha), coverage as alpha
      rows[at] = covered ? Math.round(r / covered) : 0
      rows[at + 1] = covered ? Math.round(g / covered) : 0
      rows[at + 2] = covered ? Math.round(b / covered) : 0
      rows[at + 3] = Math.round(a / n)
    }
  }
  return rows
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
function crc32(buffer) {
  let c = 0xffffffff
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type, data) {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

function png() {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(SIZE, 0)
  header.writeUInt32BE(SIZE, 4)
  header[8] = 8 // bits per channel
  header[9] = 6 // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels(), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

const out = new URL('../../resources/', import.meta.url)
writeFileSync(new URL('icon.svg', out), svg())
writeFileSync(new URL('icon.png', out), png())
console.log('wrote resources/icon.svg and resources/icon.png')
