import type { LabelSizeName } from '../../../contract/dect'
import type { LabelStart } from '../../../contract/label-sheet'
import { ServiceError } from '../../errors'

/**
 * Printing a label sheet: what the services hand the print dependency (the desktop app's hidden
 * window holding the PDF, which opens the system's print dialog; a recorder in the tests), and what
 * its answer means. The answer is Electron's `webContents.print` callback as data: `success`, and
 * the dialog's `failureReason` when it did not print.
 */

export interface LabelPrintJob {
  batchId: string
  /** the print job's name in the system's queue */
  title: string
  size: LabelSizeName
  /** the cell the first label goes on */
  start: LabelStart
  /** the batch rows (bases) whose labels the sheet holds, in order */
  rows: number[]
  /** the handsets (IPUI) whose labels follow, in order */
  handsets: string[]
  pdf: Buffer
}

export interface PrintAnswer {
  success: boolean
  /** why it did not print, in the dialog's words ("cancelled" when the user closed it) */
  failureReason?: string
}

export type PrintLabels = (job: LabelPrintJob) => Promise<PrintAnswer>

/** Chromium's word for a print dialog the user closed: not a failure. */
const CANCELLED = 'cancelled'

/**
 * true: sent to the printer; false: the user cancelled in the dialog. Any other failure (no
 * printer, a printer error) is PRINT_FAILED, quoting the dialog's reason and saying what to do.
 */
export function printOutcome(answer: PrintAnswer): boolean {
  if (answer.success) return true
  const reason = answer.failureReason?.trim() || 'no reason given'
  if (reason.toLowerCase() === CANCELLED) return false
  throw new ServiceError(
    'PRINT_FAILED',
    `The labels were not printed: the print dialog said "${reason}". Check that a printer is set up and on, or export the PDF and print it from another program at 100 % ("actual size").`,
  )
}
