import type { FreeExtensions } from '../../../contract/bridge-handsets'
import { EXTENSION_NUMBER_PATTERN } from '../../../contract/pbx'

/** A range holds at most this many extensions (the scan's `ExtensionRangeSchema`). */
export const MAX_RUN = 10_000

/**
 * The first run of free extensions (issue 40): of the users' extensions, those no base has a
 * member for, lowest first; the run is the first of them and each next number after it
 * (written as wide as the first, as a range hands them out: 0201, 0202, …) while it is free
 * too. A number with no user, or one a base holds, ends it. At most `MAX_RUN` long.
 */
export function firstFreeRun(users: Iterable<string>, held: Iterable<string>, max = MAX_RUN): Omit<FreeExtensions, 'supported'> {
  const taken = new Set(held)
  const free = new Set<string>()
  for (const extension of users) if (EXTENSION_NUMBER_PATTERN.test(extension) && !taken.has(extension)) free.add(extension)
  if (free.size === 0) return { free: 0 }
  let first: string | undefined
  let lowest = 0n
  for (const extension of free) {
    const n = BigInt(extension)
    if (first === undefined || n < lowest || (n === lowest && extension.length < first.length)) {
      first = extension
      lowest = n
    }
  }
  const start = first as string
  let to = start
  let count = 1
  for (let n = lowest + 1n; count < max; n++) {
    const next = n.toString().padStart(start.length, '0')
    if (!free.has(next)) break
    to = next
    count++
  }
  return { free: free.size, run: { from: start, to, count } }
}
