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

const require = createRequire(import.meta.url)

export const LABEL_FONT_FILES = {
  sans: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
  mono: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf'),
} as const

export type LabelFont = keyof typeof LABEL_FONT_FILES

/** The fonts' bytes, read once (about 1.4 MB in all): every export embeds from them. */
let bytes: Record<LabelFont, Buffer> | undefined
export function labelFontBytes(): Record<LabelFont, Buffer> {
  bytes ??= {
    sans: readFileSync(LABEL_FONT_FILES.sans),
    bold: readFileSync(LABEL_FONT_FILES.bold),
    mono: readFileSync(LABEL_FONT_FILES.mono),
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
