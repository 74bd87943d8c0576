import type { DamagedBatch } from '../../contract/dect'
import { itemTables } from '../batch-text'
import { BridgeFailure, type CliContext, type OpenServices } from '../context'
import { damagedHeading, damagedWarning, exportedWords } from '../damaged-batch-text'
import { failedError } from '../exit-codes'

/**
 * `batch show` and `export-results` of a batch file that does not read: they answer with what still
 * reads of it (the store's reading of a damaged file, batch-damage.ts, which the app's export uses
 * too), say on stderr which file is damaged and why, and mark the answer incomplete (exit 3).
 */

/**
 * The status the rows of a damaged file are shown with: its own is not read, so pending rows are
 * "ready", as the app's export of what still reads has them (batch-damage.ts `readableCsv`).
 */
const READ_AS = 'draft'

/** `batch show` of a damaged batch: its rows and handsets that still read; `--json` the list's entry with them. */
export async function showDamaged(ctx: CliContext, open: OpenServices, file: DamagedBatch, json: boolean): Promise<void> {
  // read again: the file may have changed since it was listed, and the warning says what is shown
  const { damaged, rows, handsets } = await open.must('readDamagedBatch', { batchId: file.id })
  open.readPartly(damagedWarning(damaged, 'shown'))
  if (json) return ctx.out.json({ damaged: true, ...damaged, rows, handsets })
  ctx.out.line(damagedHeading(damaged))
  itemTables(ctx.out, { rows, handsets, status: READ_AS })
}

/** `batch export-results` of a damaged batch: the results CSV of what still reads, and what it is in words. */
export async function damagedResults(open: OpenServices, file: DamagedBatch): Promise<{ csv: string; what: string }> {
  const result = await open.call('exportDamagedBatch', { batchId: file.id })
  // nothing of it reads: no CSV to write; the name was right, so the run failed (not bad usage)
  if (!result.ok && result.error.code === 'INVALID_INPUT') throw failedError(result.error.message)
  if (!result.ok) throw new BridgeFailure(result.error)
  const { csv, rows, handsets } = result.value
  const exported = { ...file, readable: { rows, handsets } }
  open.readPartly(damagedWarning(exported, 'exported'))
  return { csv, what: exportedWords(exported) }
}
