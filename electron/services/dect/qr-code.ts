import QRCode from 'qrcode'

/**
 * QR codes of auto-provisioning URLs, drawn by the qrcode library. SVG for the screen and the
 * label sheet (sharp at any size, about 0.6 ms each); PNG where a file is wanted. Error
 * correction M: a label may get scuffed on site.
 */
const OPTIONS = { errorCorrectionLevel: 'M', margin: 1 } as const

export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { ...OPTIONS, type: 'svg' })
}

export function qrPng(text: string, widthPx = 512): Promise<Buffer> {
  return QRCode.toBuffer(text, { ...OPTIONS, type: 'png', width: widthPx })
}
