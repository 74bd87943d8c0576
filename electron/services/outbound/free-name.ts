import { LIMITS } from '../../contract/pbx'

/**
 * Names for a new rule that must not clash with the tenant's (rule names are unique per tenant):
 * the base with a suffix, the base cut short where needed so the whole stays within the PBX's
 * limit of 64 characters.
 */

const MAX = LIMITS.ruleName.max

/** `base` + `suffix`, with `base` cut (at a whole character, trailing spaces dropped) to fit `max`. */
export function withSuffix(base: string, suffix: string, max = MAX): string {
  if (base.length + suffix.length <= max) return base + suffix
  let cut = ''
  for (const char of base) {
    if (cut.length + char.length + suffix.length > max) break
    cut += char
  }
  return cut.trimEnd() + suffix
}

/**
 * The first of `candidate(1)`, `candidate(2)`, ... that is not in `taken`. `candidate(n)` answers
 * the suffix of the n-th try; every name is fitted to 64 characters.
 */
export function freeName(base: string, taken: ReadonlySet<string>, suffix: (n: number) => string): string {
  for (let n = 1; ; n++) {
    const name = withSuffix(base, suffix(n))
    if (!taken.has(name)) return name
  }
}

/** "<name> (copy)", then "<name> (copy 2)", "<name> (copy 3)", ... */
export const copySuffix = (n: number): string => (n === 1 ? ' (copy)' : ` (copy ${n})`)

/** The name itself when free, then "<name> (2)", "<name> (3)", ... */
export function freeNameOnTarget(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name) && name.length <= MAX) return name
  return freeName(name, taken, (n) => ` (${n + 1})`)
}
