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
