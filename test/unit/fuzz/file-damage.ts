import fc from 'fast-check'

/**
 * Damage done to a file's bytes, as a disk, a copy or a hand can do it: cut short, a bit flipped,
 * a byte set. The fuzz properties of the files the app reads back (batch files, profiles.json).
 */
export type Damage = { kind: 'cut'; at: number } | { kind: 'flip'; at: number; mask: number } | { kind: 'set'; at: number; byte: number }

export const damage: fc.Arbitrary<Damage> = fc.oneof(
  fc.record({ kind: fc.constant('cut' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('flip' as const), at: fc.nat(), mask: fc.integer({ min: 1, max: 255 }) }),
  fc.record({ kind: fc.constant('set' as const), at: fc.nat(), byte: fc.integer({ min: 0, max: 255 }) }),
)

/** `bytes` with each change done in turn (a position past the end wraps round) */
export function damaged(bytes: Buffer, changes: readonly Damage[]): Buffer {
  let out = Buffer.from(bytes)
  for (const change of changes) {
    const at = out.length === 0 ? 0 : change.at % out.length
    if (change.kind === 'cut') out = out.subarray(0, at)
    else if (at < out.length) out[at] = change.kind === 'flip' ? (out[at] as number) ^ change.mask : change.byte
  }
  return out
}

/**
 * The JSON file `source()` gives with one field (at any depth) replaced by any JSON value, one of
 * `odd` (values that are near a valid one), or taken out; written back with `space` indentation.
 */
export function fieldChanged(source: () => Buffer, odd: readonly unknown[], space?: number): fc.Arbitrary<Buffer> {
  const value = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constant(undefined), fc.constantFrom(...odd))
  return fc.record({ pick: fc.nat(), value }).map(({ pick, value }) => {
    const data = JSON.parse(source().toString('utf8')) as unknown
    const places: { owner: Record<string, unknown>; key: string }[] = []
    const walk = (node: unknown) => {
      if (typeof node !== 'object' || node === null) return
      for (const [key, child] of Object.entries(node)) {
        places.push({ owner: node as Record<string, unknown>, key })
        walk(child)
      }
    }
    walk(data)
    const place = places[pick % places.length] as (typeof places)[number]
    if (value === undefined) delete place.owner[place.key]
    else place.owner[place.key] = value
    return Buffer.from(JSON.stringify(data, null, space))
  })
}
