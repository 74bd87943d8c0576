import QRCode from 'qrcode'

/**
 * QR codes of auto-provisioning URLs, drawn by the qrcode library. SVG for the screen (sharp at
 * any size, about 0.6 ms each); PNG where a file is wanted; the modules themselves for the label
 * PDF, which draws them as vector squares. Error correction M: a label may get scuffed on site.
 */
const OPTIONS = { errorCorrectionLevel: 'M', margin: 1 } as const

/** The modules of `text`'s QR code, without the quiet zone (`margin` modules wide, drawn light). */
export interface QrMatrix {
  size: number
  margin: number
  dark(row: number, column: number): boolean
}

export function qrMatrix(text: string): QrMatrix {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: OPTIONS.errorCorrectionLevel })
  return { size: modules.size, margin: OPTIONS.margin, dark: (row, column) => Boolean(modules.get(row, column)) }
}

export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { ...OPTIONS, type: 'svg' })
}

export function qrPng(text: string, widthPx = 512): Promise<Buffer> {
  return QRCode.toBuffer(text, { ...OPTIONS, type: 'png', width: widthPx })
}
