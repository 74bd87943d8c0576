import { BrowserWindow } from 'electron'
import { withTempFile } from '../services/files/temp-file'
import { PDF_WINDOW_OPTIONS } from './window-options'

/**
 * Prints an HTML document (the label sheet) to PDF in a hidden, sandboxed window with scripts off.
 * The page sizes come from the document's own @page rule. The document is loaded from a temporary
 * file, not a data: URL: Chromium refuses URLs over 2 MB, which a sheet of ~650 labels passes.
 */
export async function printHtmlToPdf(html: string): Promise<Buffer> {
  return withTempFile('labels.html', html, async (file) => {
    const window = new BrowserWindow(PDF_WINDOW_OPTIONS)
    try {
      await window.loadFile(file)
      return await window.webContents.printToPDF({ printBackground: true, preferCSSPageSize: true })
    } finally {
      window.destroy()
    }
  })
}
