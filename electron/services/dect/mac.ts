import { MAC_PATTERN, normalizeMac } from '../../contract/pbx'

/**
 * MAC addresses as people type them into spreadsheets, turned into the form the PBX stores
 * (`normalizeMac` of the contract: 12 upper-case hex digits, no separators).
 *
 * Accepted: `001565AABBCC`, `00:15:65:aa:bb:cc`, `00-15-65-AA-BB-CC`, `00.15.65.AA.BB.CC`,
 * `00 15 65 AA BB CC`, `0015.65aa.bbcc` (Cisco), `0015-65aa-bbcc`, `001565-AABBCC`, with spaces
 * around. The digits come in equal groups (1 × 12, 2 × 6, 3 × 4 or 6 × 2) with one kind of
 * separator; anything else is refused with a message that says what is wrong.
 */

export type MacResult = { ok: true; mac: string } | { ok: false; message: string }

const HEX_DIGITS = 12
const SEPARATORS = /[:\-. ]/
const GROUP_SIZES = new Set([12, 6, 4, 2])
/** Excel turns an all-digit MAC like 001565123456 into 1.56512E+09. */
const SPREADSHEET_NUMBER = /^\d(?:[.,]\d+)?E\+?\d+$/i
const MAX_SHOWN = 40

/** The value as the message shows it (long values are cut). */
const shown = (value: string): string => (value.length > MAX_SHOWN ? `${value.slice(0, MAX_SHOWN - 1)}…` : value)

export function parseMac(raw: string): MacResult {
  const value = raw.trim()
  if (value === '') return { ok: false, message: 'MAC is missing' }
  // the forms the PBX itself accepts (plain, colons, dashes): the quick way
  if (MAC_PATTERN.test(value)) return { ok: true, mac: normalizeMac(value) }

  if (SPREADSHEET_NUMBER.test(value)) {
    return {
      ok: false,
      message: `MAC ${shown(value)} looks like a number a spreadsheet reformatted; format the column as text and type the MAC again`,
    }
  }

  const bad: string[] = []
  let digits = ''
  for (const ch of value) {
    if ((ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f') || (ch >= 'A' && ch <= 'F')) digits += ch
    else if (!SEPARATORS.test(ch) && !bad.includes(ch)) bad.push(ch)
  }
  if (bad.length === 1) {
    return { ok: false, message: `MAC ${shown(value)} has a character that is not a hex digit (${bad[0]})` }
  }
  if (bad.length > 1) {
    return { ok: false, message: `MAC ${shown(value)} has characters that are not hex digits (${bad.join(' ')})` }
  }

  if (digits.length < HEX_DIGITS) {
    const hint = /^\d+$/.test(value) ? ' (a spreadsheet may have dropped leading zeros: format the column as text)' : ''
    return { ok: false, message: `MAC ${shown(value)} has ${digits.length} of ${HEX_DIGITS} hex digits${hint}` }
  }
  if (digits.length > HEX_DIGITS) {
    return { ok: false, message: `MAC ${shown(value)} has ${digits.length} hex digits; a MAC has ${HEX_DIGITS}` }
  }

  if (!wellGrouped(value)) {
    return {
      ok: false,
      message: `MAC ${shown(value)} has its separators in the wrong places; write it as 001565AABBCC or 00:15:65:AA:BB:CC`,
    }
  }
  return { ok: true, mac: normalizeMac(digits) }
}

/** Equal groups of 12, 6, 4 or 2 digits joined by one kind of separator. */
function wellGrouped(value: string): boolean {
  const separators = new Set(value.replace(/[0-9A-Fa-f]/g, ''))
  if (separators.size === 0) return true
  if (separators.size > 1) return false
  const [separator] = separators
  const groups = value.split(separator as string)
  const size = groups[0]?.length ?? 0
  return GROUP_SIZES.has(size) && groups.every((g) => g.length === size)
}

/** True when `raw` is a MAC in one of the accepted forms. */
export const isMac = (raw: string): boolean => parseMac(raw).ok
