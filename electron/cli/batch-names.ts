import type { BatchSummary } from '../contract/dect'
import type { OpenServices } from './context'
import { usageError } from './exit-codes'
import { PROGRAM } from './output'

/** How many batches an "unknown name" message lists. */
const LISTED = 8

const quoted = (batch: BatchSummary): string => `"${batch.name}" (id ${batch.id}, ${batch.counts.rows} rows, ${batch.status})`

/**
 * The batch a command line argument names: its id, else its name, else its name in any case
 * (as saved PBXs are named: pbx-names.ts). Unknown and ambiguous names are bad usage, naming the
 * candidates.
 */
export function findBatch(batches: readonly BatchSummary[], name: string): BatchSummary {
  const wanted = name.trim()
  const byId = batches.find((batch) => batch.id === wanted)
  if (byId) return byId
  const exact = batches.filter((batch) => batch.name === wanted)
  const matches = exact.length > 0 ? exact : batches.filter((batch) => batch.name.toLowerCase() === wanted.toLowerCase())
  if (matches.length === 1) return matches[0] as BatchSummary
  if (matches.length > 1) {
    throw usageError(`"${wanted}" names ${matches.length} batches: ${matches.map(quoted).join(', ')}. Name one by its id.`)
  }
  if (batches.length === 0) throw usageError(`There is no batch yet, so none is named "${wanted}": make one with \`${PROGRAM} batch import <file>\`.`)
  const similar = batches.filter((batch) => batch.name.toLowerCase().includes(wanted.toLowerCase()))
  const pool = similar.length > 0 ? similar : batches
  const shown = pool.slice(0, LISTED).map((batch) => `"${batch.name}"`)
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

/** The batch an argument names (id or name); unknown or ambiguous is bad usage. */
export async function namedBatch(open: OpenServices, name: string): Promise<BatchSummary> {
  return findBatch(await open.must('listBatches'), name)
}
