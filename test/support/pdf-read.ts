import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs'

/**
 * A PDF read back by pdf.js (Mozilla's reader, independent of the pdfkit that wrote it): per page
 * its size, its texts and its filled rectangles, all in points from the page's top left corner,
 * as the label layout places things.
 */

export interface PdfText {
  str: string
  /** left edge and baseline */
  x: number
  y: number
  width: number
  /** type size */
  size: number
}

export interface PdfRect {
  x: number
  y: number
  width: number
  height: number
}

export interface PdfPage {
  width: number
  height: number
  texts: PdfText[]
  rects: PdfRect[]
}

export interface PdfRead {
  pages: PdfPage[]
  title: string | undefined
}

type Matrix = [number, number, number, number, number, number]
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0]
const multiply = (m: Matrix, n: Matrix): Matrix => [
  n[0] * m[0] + n[1] * m[2],
  n[0] * m[1] + n[1] * m[3],
  n[2] * m[0] + n[3] * m[2],
  n[2] * m[1] + n[3] * m[3],
  n[4] * m[0] + n[5] * m[2] + m[4],
  n[4] * m[1] + n[5] * m[3] + m[5],
]
const apply = (m: Matrix, x: number, y: number): [number, number] => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]]

/** pdf.js's path data: an op code then its points (0 moveTo, 1 lineTo, 2 curveTo, 3 quadraticCurveTo, 4 closePath). */
const POINTS = [1, 1, 3, 2, 0]

/** The axis-aligned rectangles (move, three lines, close) of one path, in page space. */
function rectsOf(data: ArrayLike<number>, ctm: Matrix, pageHeight: number): PdfRect[] {
  const rects: PdfRect[] = []
  let points: [number, number][] = []
  for (let i = 0; i < data.length; ) {
    const op = data[i++]!
    if (op === 4) {
      const xs = points.map(([x]) => x)
      const ys = points.map(([, y]) => y)
      if (points.length === 4) {
        const [x, y] = [Math.min(...xs), Math.min(...ys)]
        rects.push({ x, y: pageHeight - Math.max(...ys), width: Math.max(...xs) - x, height: Math.max(...ys) - y })
      }
      points = []
      continue
    }
    if (op === 0) points = []
    for (let p = 0; p < POINTS[op]!; p++, i += 2) if (op <= 1) points.push(apply(ctm, data[i]!, data[i + 1]!))
  }
  return rects
}

export async function readPdf(bytes: Uint8Array): Promise<PdfRead> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise
  const pages: PdfPage[] = []
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n)
    const [, , width, height] = page.view as [number, number, number, number]
    const content = await page.getTextContent()
    const texts: PdfText[] = []
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue
      const [size, , , , x, y] = item.transform as Matrix
      texts.push({ str: item.str, x, y: height - y, width: item.width, size })
    }
    const ops = await page.getOperatorList()
    const rects: PdfRect[] = []
    const stack: Matrix[] = []
    let ctm = IDENTITY
    ops.fnArray.forEach((fn, i) => {
      const args = ops.argsArray[i] as unknown[]
      if (fn === OPS.save) stack.push(ctm)
      else if (fn === OPS.restore) ctm = stack.pop() ?? IDENTITY
      else if (fn === OPS.transform) ctm = multiply(ctm, args as Matrix)
      else if (fn === OPS.constructPath) for (const data of args[1] as ArrayLike<number>[]) if (data) rects.push(...rectsOf(data, ctm, height))
    })
    pages.push({ width, height, texts, rects })
    page.cleanup()
  }
  const { info } = (await pdf.getMetadata()) as { info: { Title?: string } }
  await pdf.destroy()
  return { pages, title: info.Title }
}

const inside = (text: PdfText, box: PdfRect): boolean =>
  text.x >= box.x - 0.01 && text.x + text.width <= box.x + box.width + 0.01 && text.y > box.y && text.y < box.y + box.height

/**
 * The texts of a page (of `box` on it, when given) joined into lines, top to bottom (pdf.js splits
 * a line at its spaces).
 */
export function linesOf(page: PdfPage, box?: PdfRect): string[] {
  const rows = new Map<number, PdfText[]>()
  for (const text of page.texts) {
    if (box && !inside(text, box)) continue
    const key = Math.round(text.y * 10)
    rows.set(key, [...(rows.get(key) ?? []), text])
  }
  return [...rows.entries()].sort(([a], [b]) => a - b).map(([, texts]) => texts.sort((a, b) => a.x - b.x).map((t) => t.str).join(' '))
}
