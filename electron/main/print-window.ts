import { BrowserWindow } from 'electron'
import type { PrintAnswer, PrintLabels } from '../services/dect/labels/label-print'
import { withTempFile } from '../services/desktop/temp-file'
import { printWindowOptions } from './window-options'

/**
 * The services' print dependency in the app: the sheet's PDF in a temporary file, loaded in a
 * hidden window (window-options.ts: the security checklist, Chromium's PDF viewer), printed with
 * `webContents.print` through the system's print dialog. The callback's answer goes back as data
 * (services/dect/labels/label-print.ts says what it means); the window and the file go either way.
 */
export const printInHiddenWindow: PrintLabels = (job) =>
  withTempFile(job.pdf, 'labels.pdf', async (path) => {
    const window = new BrowserWindow(printWindowOptions())
    try {
      await window.loadFile(path)
      return await new Promise<PrintAnswer>((resolve) => {
        window.webContents.print({ silent: false, printBackground: true }, (success, failureReason) => resolve({ success, failureReason }))
      })
    } finally {
      window.destroy()
    }
  })
