import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import * as fontkit from 'fontkit'

/**
 * The fonts labels are printed in: DejaVu Sans (names, bold), DejaVu Sans Mono (MACs, IPUIs),
 * shipped with the app (npm package dejavu-fonts-ttf) and embedded in every PDF, so a label looks
 * the same on every machine and printer. DejaVu covers Latin, Greek, Cyrillic, Armenian, Georgian,
 * Hebrew and Arabic among others; a character it lacks (Chinese, say) prints as an empty box,
 * which `missingCharacters` finds so the export can say so before the labels are stuck on.
 */

/**
 * The fonts' files, by their package's name: Node's resolution finds them from this module's own
 * place, in a checkout (from the source, or from the build's chunk in out/main/chunks) and in the
 * packaged app's archive alike (app.asar/node_modules, which Electron's fs reads). They are found
 * when first used, not as the module loads: a command that prints no label never looks.
 *
 * Nothing here is named `require`: the bundler declares its own `require` at the top of the chunk
 * this module goes into, and a second declaration kept the whole main bundle from loading (issue
 * 36; lint refuses the name in bundled code, and test/build loads the build).
 */
const LABEL_FONT_FILES = {
  sans: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
  mono: 'dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf',
} as const

export type LabelFont = keyof typeof LABEL_FONT_FILES

/** The fonts' bytes, read once (about 1.4 MB in all): every export embeds from them. */
let bytes: Record<LabelFont, Buffer> | undefined
export function labelFontBytes(): Record<LabelFont, Buffer> {
  if (!bytes) {
    const fromHere = createRequire(import.meta.url)
    const read = (font: LabelFont) => readFileSync(fromHere.resolve(LABEL_FONT_FILES[font]))
    bytes = { sans: read('sans'), bold: read('bold'), mono: read('mono') }
  }
  return bytes
}

const opened = new Map<LabelFont, fontkit.Font>()
function fontOf(font: LabelFont): fontkit.Font {
  let found = opened.get(font)
  if (!found) {
    found = fontkit.create(labelFontBytes()[font]) as fontkit.Font
    opened.set(font, found)
  }
  return found
}

/** The characters of `text` that `font` has no glyph for, each once, in the order they come. */
export function missingCharacters(text: string, font: LabelFont): string[] {
  const missing = new Set<string>()
  const face = fontOf(font)
  for (const ch of text) if (!face.hasGlyphForCodePoint(ch.codePointAt(0)!)) missing.add(ch)
  return [...missing]
}
