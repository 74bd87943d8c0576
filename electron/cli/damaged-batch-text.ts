import type { DamagedBatch } from '../contract/dect'
import { plural, PROGRAM } from './output'

/**
 * A batch file that does not read, in words: the line `batch list` prints for it, the warning of
 * `batch show` and `export-results` (which answer with what still reads of it), and the refusal
 * of the commands that need the whole batch. Each names the file and what is wrong with it.
 */

/** `/…/batches/<id>.json ("Site B")`: the file, and the batch's name when that much reads */
const fileWords = (file: DamagedBatch): string => `${file.path}${file.name ? ` ("${file.name}")` : ''}`

/** "2 rows and 1 handset", or undefined when nothing reads */
function readableWords({ rows, handsets }: DamagedBatch['readable']): string | undefined {
  if (rows + handsets === 0) return undefined
  return `${plural(rows, 'row')}${handsets > 0 ? ` and ${plural(handsets, 'handset')}` : ''}`
}

/** One line for `batch list`: which file, why, what still reads, what to do. */
export function damagedLine(file: DamagedBatch): string {
  const readable = readableWords(file.readable)
  const what = readable ? `${readable} still read (\`${PROGRAM} batch export-results ${file.id}\` exports them as CSV)` : 'nothing in it can be read'
  return `Damaged: ${fileWords(file)}: ${file.reason}; ${what}. \`${PROGRAM} batch delete ${file.id}\` moves it aside.`
}

/** The warning of an answer made of what still reads (`batch show`, `export-results`): it is incomplete. */
export function damagedWarning(file: DamagedBatch, answer: 'shown' | 'exported'): string {
  const readable = readableWords(file.readable)
  return `Warning: ${fileWords(file)} is damaged: ${file.reason}; ${readable ? `only what still reads is ${answer} (${readable})` : 'nothing in it can be read'}.`
}

/** "Batch "Site B" (id …) is damaged: 2 rows still read.", the head of `batch show` */
export function damagedHeading(file: DamagedBatch): string {
  const readable = readableWords(file.readable)
  return `Batch "${file.name ?? file.id}" (id ${file.id}) is damaged: ${readable ? `${readable} still read` : 'nothing in it can be read'}.`
}

/** `what still reads of "Site B" (2 rows)`: what `batch export-results` wrote of a damaged batch */
export const exportedWords = (file: DamagedBatch): string => `what still reads of "${file.name ?? file.id}" (${readableWords(file.readable) ?? 'nothing'})`

/** Why a command that needs the whole batch (check, set, push, labels…) cannot use a damaged one, and what can. */
export function damagedRefusal(file: DamagedBatch): string {
  const named = `${PROGRAM} batch`
  return (
    `The batch "${file.name ?? file.id}" cannot be read: ${file.path} is damaged: ${file.reason}. ` +
    `\`${named} show ${file.id}\` shows what still reads, \`${named} export-results ${file.id}\` exports it, \`${named} delete ${file.id}\` moves the file aside.`
  )
}
