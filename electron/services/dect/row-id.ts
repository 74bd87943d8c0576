import { randomFillSync } from 'node:crypto'

/**
 * A new row's id: a random (version 4) UUID, as `crypto.randomUUID` makes it. An import makes one
 * for each of up to 20,000 rows; `randomUUID` joins 20 small strings for each, which the rows then
 * keep, and which costs the garbage collector more than the rest of a row. Here the ids come in
 * batches: random bytes for `BATCH` ids written as text at once, each id a slice of that text.
 */

const BATCH = 256
const UUID_LENGTH = 36
const HEX = Buffer.from('0123456789abcdef', 'latin1')

let batch = ''
let used = BATCH

/** `BATCH` ids in one string: xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx, one after the other */
function newBatch(): string {
  const random = randomFillSync(Buffer.alloc(16 * BATCH))
  const text = Buffer.alloc(UUID_LENGTH * BATCH)
  let out = 0
  for (let at = 0; at < random.length; at++) {
    const i = at % 16
    let byte = random[at] as number
    if (i === 6) byte = (byte & 0x0f) | 0x40 // the version: 4
    if (i === 8) byte = (byte & 0x3f) | 0x80 // the variant: RFC 4122
    text[out++] = HEX[byte >> 4] as number
    text[out++] = HEX[byte & 0x0f] as number
    if (i === 3 || i === 5 || i === 7 || i === 9) text[out++] = 0x2d // '-'
  }
  return text.toString('latin1')
}

export function newRowId(): string {
  if (used === BATCH) {
    batch = newBatch()
    used = 0
  }
  const at = UUID_LENGTH * used++
  return batch.slice(at, at + UUID_LENGTH)
}
