import type { BridgeHandlers } from '../../../contract/bridge'
import type { Batch } from '../../../contract/dect'
import { labelHandsets } from '../../../contract/handset-labels'
import { FIRST_CELL, startIndex, type LabelChoice, type LabelSheetRequest, type LabelStart } from '../../../contract/label-sheet'
import { ServiceError } from '../../errors'
import { batchFileStem } from '../results-csv'
import type { LabelSheet } from './label-pdf'
import { printOutcome, type PrintLabels } from './label-print'

/**
 * The label sheet behind the Bridge: which labels a request chooses (every pushed base and every
 * handset on the PBX, or only the rows and handsets of a reprint), drawn from the start cell it
 * names, as a PDF file or through the print dependency (the desktop app's system print dialog).
 * The PDF library loads on first use.
 */

export interface LabelServiceOptions {
  getBatch: (batchId: string) => Promise<Batch>
  /** prints a sheet through the system's print dialog; absent (the command line): not offered */
  print?: PrintLabels
}

/** The rows pushed to the PBX: a MAC and a provisioning URL (what a label and a QR code show). */
export const pushedRows = (batch: Batch): Batch['rows'] => batch.rows.filter((row) => row.outcome.url && row.values.mac)

/** The bases with a provisioning URL (pushed) and the handsets on the PBX, of `only` when given. */
export function chooseLabels(batch: Batch, only?: LabelChoice): LabelSheet {
  const rowIds = only ? new Set(only.rowIds) : null
  const handsetIds = only ? new Set(only.handsetIds) : null
  const bases = pushedRows(batch)
    .filter((row) => !rowIds || rowIds.has(row.id))
    .map((row) => ({
      row: row.row,
      name: row.values.name ?? '',
      mac: row.values.mac!,
      url: row.outcome.url!,
      ...(row.values.extension ? { extension: row.values.extension } : {}),
    }))
  const handsets = labelHandsets({ rows: batch.rows, handsets: handsetIds ? batch.handsets.filter((h) => handsetIds.has(h.id)) : batch.handsets })
  return { bases, handsets }
}

export function createLabelService(options: LabelServiceOptions): Pick<BridgeHandlers, 'exportLabelsPdf' | 'printLabels'> {
  async function sheetPdf({ batchId, size, start = FIRST_CELL, only }: LabelSheetRequest) {
    const batch = await options.getBatch(batchId)
    const sheet = chooseLabels(batch, only)
    if (sheet.bases.length + sheet.handsets.length === 0) {
      throw new ServiceError(
        'INVALID_INPUT',
        only
          ? 'None of the chosen rows or handsets is on the PBX yet: push them first, or print every label of the batch.'
          : 'No phone or handset of this batch is on the PBX yet: push the batch first.',
      )
    }
    const { labelPdf } = await import('./label-pdf')
    const made = await labelPdf(sheet, size, batch.name, startIndex(start, size))
    return { batch, sheet, start, ...made }
  }

  return {
    async exportLabelsPdf(request) {
      const { batch, pdf, labels, pages, warnings } = await sheetPdf(request)
      return { fileName: `${batchFileStem(batch)}-labels-${request.size}.pdf`, base64: pdf.toString('base64'), labels, pages, warnings }
    },
    async printLabels(request) {
      const print = options.print
      if (!print) throw new ServiceError('NOT_SUPPORTED', 'Printing is offered in the desktop app: export the PDF and print it at 100 % ("actual size").')
      const { batch, sheet, start, pdf, labels, pages } = await sheetPdf(request)
      const answer = await print({
        batchId: batch.id,
        title: `${batch.name}: labels`,
        size: request.size,
        start: start satisfies LabelStart,
        rows: sheet.bases.map((base) => base.row),
        handsets: sheet.handsets.map((handset) => handset.ipui),
        pdf,
      })
      return { printed: printOutcome(answer), labels, pages }
    },
  }
}
