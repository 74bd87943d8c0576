// Benchmark: the label PDF of 800 pushed phones on A4 (21 a page, 39 pages), as "Export PDF" and
// `batch labels` make it. Beside it, in the same process, the bare libraries doing the same
// drawing (pdfkit with the same fonts, qrcode's modules as squares, three lines of text a label,
// no fitting of the text and no check of the fonts): what our layout and checks cost.
// Prints `labels_pdf_800_ms` and `labels_pdf_800_bare_ms`.
import { performance } from 'node:perf_hooks'
import PDFDocument from 'pdfkit'
import QRCode from 'qrcode'
import { labelFontBytes } from '../../electron/services/dect/labels/label-fonts'
import { labelPdf, type LabelPhone } from '../../electron/services/dect/labels/label-pdf'
import { sheetLayout } from '../../electron/services/dect/labels/label-layout'

const COUNT = 800
const phones: LabelPhone[] = Array.from({ length: COUNT }, (_, i) => {
  const mac = `001565${i.toString(16).toUpperCase().padStart(6, '0')}`
  return { row: i + 1, name: `Büro Jürgen ${i + 1} Lagerhalle Nord`, mac, extension: String(1000 + i), url: `https://pbx.demo.example/dect/demo.pbx.example/${mac}.xml` }
})

async function bare(): Promise<number> {
  const layout = sheetLayout('a4-21')
  const doc = new PDFDocument({ size: layout.page, margin: 0, autoFirstPage: false })
  const fonts = labelFontBytes()
  for (const [name, bytes] of Object.entries(fonts)) doc.registerFont(name, bytes)
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const ended = new Promise((resolve) => doc.on('end', resolve))
  phones.forEach((phone, i) => {
    const slot = i % layout.cells.length
    if (slot === 0) doc.addPage({ size: layout.page, margin: 0 })
    const cell = layout.cells[slot]!
    const { modules } = QRCode.create(phone.url, { errorCorrectionLevel: 'M' })
    const unit = 73 / (modules.size + 2)
    for (let r = 0; r < modules.size; r++) for (let c = 0; c < modules.size; c++) if (modules.get(r, c)) doc.rect(cell.x + (c + 1) * unit, cell.y + (r + 1) * unit, unit, unit)
    doc.fill('#000')
    doc.font('bold').fontSize(10).text(phone.name, cell.x + 85, cell.y + 20, { lineBreak: false })
    doc.font('mono').fontSize(8).text(phone.mac, cell.x + 85, cell.y + 40, { lineBreak: false })
    doc.font('mono').fontSize(8).text(`Ext. ${phone.extension}`, cell.x + 85, cell.y + 52, { lineBreak: false })
  })
  doc.end()
  await ended
  return Buffer.concat(chunks).length
}

// warm up both once (fonts read, code compiled)
await labelPdf({ bases: phones.slice(0, 21), handsets: [] }, 'a4-21', 'warm-up')
await bare()

let started = performance.now()
const ours = await labelPdf({ bases: phones, handsets: [] }, 'a4-21', 'Bench')
const oursMs = performance.now() - started
started = performance.now()
const bareBytes = await bare()
const bareMs = performance.now() - started

const kB = (bytes: number) => Math.round(bytes / 1024)
console.log(`labels_pdf_800_ms: ${Math.round(oursMs)} ms (${COUNT} base labels, a4-21, ${ours.pages} pages, ${kB(ours.pdf.length)} kB; ${(oursMs / bareMs).toFixed(2)}x the bare libraries)`)
console.log(`labels_pdf_800_bare_ms: ${Math.round(bareMs)} ms (pdfkit + qrcode alone, the same drawing without fitting or font checks, ${kB(bareBytes)} kB)`)
