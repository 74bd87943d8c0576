import { charactersText } from '../../contract/characters'
import { macForPeople } from '../../contract/dect'
import { normalizeMac } from '../../contract/pbx'

/**
 * MAC addresses as people type them into spreadsheets, turned into the form the PBX stores
 * (`normalizeMac` of the contract: 12 upper-case hex digits, no separators).
 *
 * Accepted: `001565AABBCC`, `00:15:65:aa:bb:cc`, `00-15-65-AA-BB-CC`, `00.15.65.AA.BB.CC`,
 * `00 15 65 AA BB CC`, `0015.65aa.bbcc` (Cisco), `0015-65aa-bbcc`, `001565-AABBCC`, with spaces
 * around. The digits come in equal groups (1 × 12, 2 × 6, 3 × 4 or 6 × 2) with one kind of
 * separator; anything else is refused with a message that says what is wrong.
 *
 * `parseMac` also refuses the MACs no phone can have, saying why: the broadcast address
 * FF:FF:FF:FF:FF:FF, all zeros, and any multicast address (the lowest bit of the first octet set).
 * A locally administered MAC (the second-lowest bit of the first octet set) is a MAC, but not one
 * a manufacturer assigned: it is accepted with a `warning`. Every place a MAC enters a batch (a
 * spreadsheet's cells, an edit, a scan, a handset's base) goes through `parseMac`; `parseMacForm`
 * checks the form alone (for telling a MAC column or a first data row from a header, and for the
 * MACs a PBX answers).
 */

export type MacResult = { ok: true; mac: string; warning?: string } | { ok: false; message: string; kind?: NotAPhoneMac }

/** The MACs a phone cannot have. */
export type NotAPhoneMac = 'broadcast' | 'zero' | 'multicast'

const HEX_DIGITS = 12
const SEPARATORS = /[:\-. ]/
/**
 * Every accepted spelling at once (12 digits, or 2 × 6, 3 × 4, 6 × 2 with one kind of separator):
 * what the step-by-step checks below accept, in one test, so a valid MAC costs one regex. The
 * steps are for the values it refuses, to say what is wrong.
 */
const WELL_FORMED = /^(?:[0-9A-Fa-f]{12}|[0-9A-Fa-f]{6}[:\-. ][0-9A-Fa-f]{6}|[0-9A-Fa-f]{4}([:\-. ])[0-9A-Fa-f]{4}\1[0-9A-Fa-f]{4}|[0-9A-Fa-f]{2}([:\-. ])[0-9A-Fa-f]{2}(?:\2[0-9A-Fa-f]{2}){4})$/
const GROUP_SIZES = new Set([12, 6, 4, 2])
/** Excel turns an all-digit MAC like 001565123456 into 1.56512E+09. */
const SPREADSHEET_NUMBER = /^\d(?:[.,]\d+)?E\+?\d+$/i
const MAX_SHOWN = 40
/** how many characters that are not hex digits a message names */
const MAX_NAMED = 5

/** The value as the message shows it (long values are cut). */
const shown = (value: string): string => (value.length > MAX_SHOWN ? `${value.slice(0, MAX_SHOWN - 1)}…` : value)

export function parseMac(raw: string): MacResult {
  const form = parseMacForm(raw)
  if (!form.ok) return form
  return checkPhoneMac(form.mac)
}

/**
 * A MAC of the right form (12 hex digits, normalised) checked for being one a phone can have:
 * refused for broadcast, all zeros and multicast, a warning for a locally administered one.
 */
export function checkPhoneMac(mac: string): MacResult {
  // the messages are built for the MACs that get one: most rows have a plain maker's MAC
  const first = Number.parseInt(mac.slice(0, 2), 16)
  if ((first & 3) === 0 && mac !== '000000000000') return { ok: true, mac }
  const shownMac = macForPeople(mac)
  const octet = mac.slice(0, 2)
  if (mac === 'FFFFFFFFFFFF') return { ok: false, kind: 'broadcast', message: `MAC ${shownMac} is the broadcast address; no phone has it` }
  if (mac === '000000000000') return { ok: false, kind: 'zero', message: `MAC ${shownMac} is all zeros; no phone has it (a placeholder?): type the MAC from the phone's label` }
  if ((first & 1) === 1) {
    return {
      ok: false,
      kind: 'multicast',
      message: `MAC ${shownMac} is a multicast address (its first octet ${octet} is odd); no phone has one: check it against the phone's label`,
    }
  }
  return {
    ok: true,
    mac,
    warning: `MAC ${shownMac} is locally administered (its first octet ${octet} has the "local" bit set), not a maker's: check it against the phone's label`,
  }
}

/** The form alone: 12 hex digits in one of the accepted spellings, normalised (any kind of MAC). */
export function parseMacForm(raw: string): { ok: true; mac: string } | { ok: false; message: string } {
  const value = raw.trim()
  if (value === '') return { ok: false, message: 'MAC is missing' }
  // an accepted spelling: the quick way
  if (WELL_FORMED.test(value)) return { ok: true, mac: storedForm(value) }

  if (SPREADSHEET_NUMBER.test(value)) {
    return {
      ok: false,
      message: `MAC ${shown(value)} looks like a number a spreadsheet reformatted; format the column as text and type the MAC again`,
    }
  }

  // the first few characters that are not hex digits are named: a cell of a damaged file may hold
  // thousands, and naming each (where it is) took time growing with the square of its length
  const bad: string[] = []
  let more = false
  let digits = ''
  for (const ch of value) {
    if ((ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f') || (ch >= 'A' && ch <= 'F')) digits += ch
    else if (!SEPARATORS.test(ch) && !bad.includes(ch)) {
      if (bad.length < MAX_NAMED) bad.push(ch)
      else more = true
    }
  }
  if (bad.length === 1) {
    return { ok: false, message: `MAC ${shown(value)} has a character that is not a hex digit (${charactersText(value, bad)})` }
  }
  if (bad.length > 1) {
    return { ok: false, message: `MAC ${shown(value)} has characters that are not hex digits (${charactersText(value, bad)}${more ? ' …' : ''})` }
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

const digitCodes = new Uint16Array(HEX_DIGITS)

/**
 * A well-formed MAC's stored form, as `normalizeMac` gives it (12 upper-case hex digits, no
 * separators), in one pass and one string: a regex replace and an upper-casing cost an import
 * of 20,000 rows about 6 MB of garbage; and the string is one byte a character even when the
 * spreadsheet's text is not (a name with "Ł" makes every cell two bytes a character).
 */
function storedForm(wellFormed: string): string {
  let n = 0
  for (let i = 0; i < wellFormed.length; i++) {
    const c = wellFormed.charCodeAt(i)
    if (c >= 0x61) digitCodes[n++] = c - 0x20 // a-f → A-F
    else if (c >= 0x41 || (c >= 0x30 && c <= 0x39)) digitCodes[n++] = c // A-F, 0-9 (the rest are separators)
  }
  const d = digitCodes
  return String.fromCharCode(d[0]!, d[1]!, d[2]!, d[3]!, d[4]!, d[5]!, d[6]!, d[7]!, d[8]!, d[9]!, d[10]!, d[11]!)
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

/** True when `raw` is a MAC in one of the accepted forms (of any kind: a broadcast MAC is still a MAC). */
export const isMac = (raw: string): boolean => parseMacForm(raw).ok
