import type { BatchSummary, DamagedBatch } from '../contract/dect'
import type { OpenServices } from './context'
import { damagedRefusal } from './damaged-batch-text'
import { failedError, usageError } from './exit-codes'
import { PROGRAM } from './output'

/** How many batches an "unknown name" message lists. */
const LISTED = 8

/**
 * A batch as `batch list` names it: one that reads, or a file that does not (damaged, named by the
 * name still read in it, else by its id). Every name the list prints reaches one of these.
 */
export type ListedBatch = { batch: BatchSummary; damaged?: undefined } | { damaged: DamagedBatch; batch?: undefined }

interface Candidate {
  id: string
  /** undefined: a damaged file whose name does not read (its id names it) */
  name: string | undefined
  /** as an ambiguity lists it */
  quoted: string
  listed: ListedBatch
}

function candidatesOf(batches: readonly BatchSummary[], damaged: readonly DamagedBatch[]): Candidate[] {
  return [
    ...batches.map((batch) => ({ id: batch.id, name: batch.name, quoted: `"${batch.name}" (id ${batch.id}, ${batch.counts.rows} rows, ${batch.status})`, listed: { batch } })),
    ...damaged.map((file) => ({ id: file.id, name: file.name, quoted: `"${file.name ?? file.id}" (id ${file.id}, damaged)`, listed: { damaged: file } })),
  ]
}

/**
 * The batch a command line argument names, among the batches and the damaged files `batch list`
 * prints: its id, else its name, else its name in any case (as saved PBXs are named:
 * pbx-names.ts). Unknown and ambiguous names are bad usage, naming the candidates.
 */
export function findListedBatch(batches: readonly BatchSummary[], damaged: readonly DamagedBatch[], name: string): ListedBatch {
  const wanted = name.trim()
  const candidates = candidatesOf(batches, damaged)
  const byId = candidates.find((candidate) => candidate.id === wanted)
  if (byId) return byId.listed
  const named = candidates.filter((candidate): candidate is Candidate & { name: string } => candidate.name !== undefined)
  const exact = named.filter((candidate) => candidate.name === wanted)
  const matches = exact.length > 0 ? exact : named.filter((candidate) => candidate.name.toLowerCase() === wanted.toLowerCase())
  if (matches.length === 1) return (matches[0] as Candidate).listed
  if (matches.length > 1) {
    throw usageError(`"${wanted}" names ${matches.length} batches: ${matches.map((candidate) => candidate.quoted).join(', ')}. Name one by its id.`)
  }
  if (candidates.length === 0) throw usageError(`There is no batch yet, so none is named "${wanted}": make one with \`${PROGRAM} batch import <file>\`.`)
  const similar = named.filter((candidate) => candidate.name.toLowerCase().includes(wanted.toLowerCase()))
  const pool = similar.length > 0 ? similar : candidates
  const shown = pool.slice(0, LISTED).map((candidate) => `"${candidate.name ?? candidate.id}"`)
  const more = pool.length - shown.length
  const list = `${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''}`
  throw usageError(
    `No batch is named "${wanted}". ${similar.length > 0 ? 'Did you mean' : 'Batches:'} ${list}${similar.length > 0 ? '?' : '.'} (\`${PROGRAM} batch list\` shows them all.)`,
  )
}

/** `name`, or `name 2`, `name 3`…: the first that no batch has (in any case). */
export function freeBatchName(batches: readonly Pick<BatchSummary, 'name'>[], name: string): string {
  const taken = new Set(batches.map((batch) => batch.name.toLowerCase()))
  if (!taken.has(name.toLowerCase())) return name
  for (let n = 2; ; n++) {
    const candidate = `${name.slice(0, 114)} ${n}`
    if (!taken.has(candidate.toLowerCase())) return candidate
  }
}

/** The batch or damaged file an argument names (id or name), as `batch list` prints them; unknown or ambiguous is bad usage. */
export async function listedBatch(open: OpenServices, name: string): Promise<ListedBatch> {
  return findListedBatch(await open.must('listBatches'), await open.must('listDamagedBatches'), name)
}

/**
 * The batch an argument names (id or name), for a command that needs all of it; unknown or
 * ambiguous is bad usage, a damaged file named fails saying what is wrong and what still works.
 */
export async function namedBatch(open: OpenServices, name: string): Promise<BatchSummary> {
  const listed = await listedBatch(open, name)
  if (listed.damaged) throw failedError(damagedRefusal(listed.damaged))
  return listed.batch
}
