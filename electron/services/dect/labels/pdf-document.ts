import PDFDocument from 'pdfkit'
import { labelFontBytes, type LabelFont } from './label-fonts'

/**
 * A PDF the app writes (label sheets, the hand-over report): a pdfkit document with no page yet, no
 * margins, the label fonts registered by their names (label-fonts.ts), and its bytes once it ends.
 * `bufferPages` keeps every page open until the end (for footers that say "page n of m").
 */
export function openPdf(title: string, options: { bufferPages?: boolean } = {}): { doc: PDFKit.PDFDocument; bytes: Promise<Buffer> } {
  const doc = new PDFDocument({ margin: 0, autoFirstPage: false, bufferPages: options.bufferPages ?? false, info: { Title: title, Creator: 'PBX Provisioner' } })
  const fonts = labelFontBytes()
  for (const font of Object.keys(fonts) as LabelFont[]) doc.registerFont(font, fonts[font])
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  return { doc, bytes }
}
