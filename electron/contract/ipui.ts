import { charactersText } from './characters'

/**
 * DECT handset identities as installers type or scan them (ETSI EN 300 175-6).
 *
 * - The IPEI is 36 bits: EMC (equipment manufacturer code, 16 bits) and PSN (serial number, 20 bits).
 * - IPUI-N is what handsets show and print: 10 hex digits, the first the identity type (0 for N),
 *   then 4 of EMC and 5 of PSN (`00092263DD`). It is the form the PBX stores.
 * - Some boxes print the IPEI in decimal: EMC as 5 digits, PSN as 7, then a check digit (annex C):
 *   the sum of each of the 12 digits times its position (1..12), modulo 11; 10 is written `*`
 *   (`00146 0156577 9`). The two forms convert into each other exactly.
 */

export type IpuiResult = { ok: true; ipui: string; ipei: string } | { ok: false; message: string }

/** The canonical form: IPUI-N, 10 upper-case hex digits. */
export const IPUI_PATTERN = /^0[0-9A-F]{9}$/

const MAX_EMC = 0xffff
const MAX_PSN = 0xfffff
const MAX_SHOWN = 40
/** how many characters that are not hex digits a message names */
const MAX_NAMED = 5
const LABEL = /^(?:IPUI(?:[- ]?N)?|IPEI)\s*:?\s*/i
const SEPARATORS = /[\s.:-]/g
const SPREADSHEET_NUMBER = /^\d(?:[.,]\d+)?E\+?\d+$/i

const shown = (value: string): string => (value.length > MAX_SHOWN ? `${value.slice(0, MAX_SHOWN - 1)}…` : value)

/** The check digit of the 12 decimal digits of an IPEI: '0'..'9', or '*' for 10. */
export function ipeiCheckDigit(twelveDigits: string): string {
  let sum = 0
  for (let i = 0; i < 12; i++) sum += Number(twelveDigits[i]) * (i + 1)
  const check = sum % 11
  return check === 10 ? '*' : String(check)
}

/** IPUI-N (10 hex digits) → the 13-character decimal IPEI, check digit included. */
export function ipuiToIpei(ipui: string): string {
  const emc = parseInt(ipui.slice(1, 5), 16)
  const psn = parseInt(ipui.slice(5, 10), 16)
  const digits = `${String(emc).padStart(5, '0')}${String(psn).padStart(7, '0')}`
  return `${digits}${ipeiCheckDigit(digits)}`
}

/** The decimal IPEI (12 digits, or 13 with its check digit, not verified here) → IPUI-N. */
export function ipeiToIpui(ipei: string): string {
  const emc = Number(ipei.slice(0, 5))
  const psn = Number(ipei.slice(5, 12))
  return `0${emc.toString(16).padStart(4, '0')}${psn.toString(16).padStart(5, '0')}`.toUpperCase()
}

/** An IPEI as boxes print it: `00146 0156577 9`. */
export const formatIpei = (ipei: string): string => `${ipei.slice(0, 5)} ${ipei.slice(5, 12)} ${ipei.slice(12)}`

/** An IPUI or IPEI as typed or scanned → IPUI-N and the IPEI, or a message naming what is wrong. */
export function parseIpui(raw: string): IpuiResult {
  const value = raw.trim()
  if (value === '') return { ok: false, message: 'IPUI is missing' }
  // "0E12345678" is an IPUI (EMC E123) as much as it is Excel's 0 × 10^12345678: the IPUI wins
  if (SPREADSHEET_NUMBER.test(value) && !IPUI_PATTERN.test(value.toUpperCase())) {
    return { ok: false, message: `IPUI ${shown(value)} looks like a number a spreadsheet reformatted; format the column as text and type it again` }
  }
  const stripped = value.replace(LABEL, '').replace(SEPARATORS, '')
  // checked as typed, before upper-casing: "ﬀ" upper-cases to the hex digits "FF", "ß" to "SS"
  // the first few are named: a cell of a damaged file may hold thousands
  const bad: string[] = []
  let more = false
  for (const c of stripped.replace(/\*$/, '')) {
    if (/[0-9A-Fa-f]/.test(c) || bad.some((b) => b.toUpperCase() === c.toUpperCase())) continue
    if (bad.length < MAX_NAMED) bad.push(c)
    else more = true
  }
  const bare = stripped.toUpperCase()
  if (bad.length > 0) {
    // named as typed, counted after a label like "IPUI:"
    const named = charactersText(value, bad, LABEL.exec(value)?.[0].length ?? 0)
    return { ok: false, message: `IPUI ${shown(value)} has ${bad.length === 1 ? 'a character that is not a hex digit' : 'characters that are not hex digits'} (${named}${more ? ' …' : ''})` }
  }

  if (bare.length === 10 && !bare.endsWith('*')) {
    if (bare[0] !== '0') return { ok: false, message: `IPUI ${shown(value)} starts with ${bare[0]}; only IPUI type N (starting with 0) is used for handsets` }
    return { ok: true, ipui: bare, ipei: ipuiToIpei(bare) }
  }

  const decimal = /^\d{12}[\d*]?$/.test(bare)
  if (decimal && (bare.length === 12 || bare.length === 13)) {
    if (Number(bare.slice(0, 5)) > MAX_EMC) return { ok: false, message: `IPEI ${shown(value)}: the first 5 digits (EMC) must be at most ${MAX_EMC}` }
    if (Number(bare.slice(5, 12)) > MAX_PSN) return { ok: false, message: `IPEI ${shown(value)}: digits 6 to 12 (PSN) must be at most ${MAX_PSN}` }
    const check = ipeiCheckDigit(bare)
    if (bare.length === 13 && bare[12] !== check) return { ok: false, message: `IPEI ${shown(value)}: check digit should be ${check}` }
    const ipui = ipeiToIpui(bare)
    return { ok: true, ipui, ipei: `${bare.slice(0, 12)}${check}` }
  }
  if (bare.includes('*') && !decimal) return { ok: false, message: `IPUI ${shown(value)}: a * stands only last, as the check digit of a 13-digit IPEI` }
  return {
    ok: false,
    message: `IPUI ${shown(value)} has ${bare.length} ${bare.length === 1 ? 'digit' : 'digits'}; an IPUI has 10 hex digits (or an IPEI 13 decimal digits)`,
  }
}
