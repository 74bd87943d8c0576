import { BrowserWindow } from 'electron'
import { PDF_WINDOW_OPTIONS } from './window-options'

/**
 * Prints an HTML document (the label sheet) to PDF in a hidden, sandboxed window with scripts off.
 * The page sizes come from the document's own @page rule.
 */
export async function printHtmlToPdf(html: string): Promise<Buffer> {
  const window = new BrowserWindow(PDF_WINDOW_OPTIONS)
  try {
    await window.loadURL(`data:text/html;charset=utf-8,${encodeURIComponent(html)}`)
    return await window.webContents.printToPDF({ printBackground: true, preferCSSPageSize: true })
  } finally {
    window.destroy()
  }
}
