import { isRetired } from '../../contract/batch-state'
import { macForPeople, rowHasErrors, type BatchRow, type RowProblem } from '../../contract/dect'
import type { DectPhone } from '../../contract/pbx'
import { findDectPhoneByMac } from '../pbx-client/dect-phones'
import { parseMacForm } from './mac'
import { isRowsOwnPhone } from './own-phone'
import { withProblem } from './row-validation'

/**
 * The checks across the rows of a batch, after each row is built (row-validation.ts): a MAC in
 * several rows, and a MAC that is already a phone on the target PBX.
 */

const STORED_MAC = /^[0-9A-F]{12}$/

/** The problems of `findDuplicateMacs` (recognised so that calling it again adds nothing). */
const isDuplicateProblem = (p: RowProblem): boolean => p.field === 'mac' && / is also in rows? /.test(p.message)

/** The normalised MAC of a row whose MAC is valid, else undefined (a retired base's MAC is free again). */
function validMacOf(row: BatchRow): string | undefined {
  const mac = row.values.mac
  if (mac === undefined || !STORED_MAC.test(mac) || isRetired(row)) return undefined
  const broken = row.problems.some((p) => p.field === 'mac' && p.severity === 'error' && !isDuplicateProblem(p))
  return broken ? undefined : mac
}

const rowList = (numbers: number[]): string => {
  const shownNumbers = numbers.slice(0, 5).map(String)
  const more = numbers.length - shownNumbers.length
  if (numbers.length === 1) return `row ${shownNumbers[0] as string}`
  if (more > 0) return `rows ${shownNumbers.join(', ')} and ${more} more`
  return `rows ${shownNumbers.slice(0, -1).join(', ')} and ${shownNumbers[shownNumbers.length - 1] as string}`
}


/**
 * A MAC in several rows: one row keeps it and stays pushable, the others are kept out of the push.
 * The row that keeps it is the first (in batch order) that is on the PBX already (created or
 * matched by a push), else the first without another error, else the first; it gets a warning
 * naming the others ("is also in rows 9 and 12"), each other row an error naming it ("is also in
 * row 3"). A push sends rows without errors only, so the MAC is pushed once, from the row that
 * keeps it. The problems of an earlier call are replaced, so calling it again adds nothing.
 */
export function findDuplicateMacs(rows: readonly BatchRow[]): BatchRow[] {
  const out = rows.map((row) => (row.problems.some(isDuplicateProblem) ? { ...row, problems: row.problems.filter((p) => !isDuplicateProblem(p)) } : row))
  // the first row of each MAC, and a list only for the MACs seen again (most are not)
  const firstOf = new Map<string, number>()
  const repeats = new Map<string, number[]>()
  out.forEach((row, i) => {
    const mac = validMacOf(row)
    if (mac === undefined) return
    const first = firstOf.get(mac)
    if (first === undefined) firstOf.set(mac, i)
    else {
      const list = repeats.get(mac)
      if (list) list.push(i)
      else repeats.set(mac, [first, i])
    }
  })
  for (const [mac, indexes] of repeats) {
    const rowAt = (i: number): BatchRow => out[i] as BatchRow
    const keeper = indexes.find((i) => isOnPbx(rowAt(i))) ?? indexes.find((i) => !rowHasErrors(rowAt(i))) ?? (indexes[0] as number)
    const keeperRow = rowAt(keeper).row
    const others = indexes.filter((i) => i !== keeper)
    const shownMac = macForPeople(mac)
    for (const i of others) {
      out[i] = withProblem(rowAt(i), {
        field: 'mac',
        message: `MAC ${shownMac} is also in row ${keeperRow}: this row is left out of the push; remove it or correct its MAC`,
        severity: 'error',
      })
    }
    out[keeper] = withProblem(rowAt(keeper), {
      field: 'mac',
      message: `MAC ${shownMac} is also in ${rowList(others.map((i) => rowAt(i).row))}, which ${others.length === 1 ? 'is' : 'are'} left out of the push`,
      severity: 'warning',
    })
  }
  return out
}

const isOnPbx = (row: BatchRow): boolean => row.outcome.state === 'created' || row.outcome.state === 'matched'

/**
 * Rows whose MAC is already a phone on the target PBX get a warning: the push matches that phone
 * when it is the row's own (its name), and reports the row when it is another phone; it never
 * creates a second one, which the PBX would refuse with 409 (own-phone.ts).
 */
export function flagMacsOnPbx(rows: readonly BatchRow[], existingPhones: readonly DectPhone[]): BatchRow[] {
  const known = new Set<string>()
  for (const phone of existingPhones) {
    const parsed = phone.mac === undefined ? undefined : parseMacForm(phone.mac)
    if (parsed?.ok) known.add(parsed.mac)
  }
  return rows.map((row) => {
    const mac = validMacOf(row)
    if (mac === undefined || !known.has(mac)) return row
    const phone = findDectPhoneByMac(existingPhones, mac)
    if (phone === undefined) return row
    const name = phone.name === undefined ? '' : ` as '${phone.name}'`
    const what = isRowsOwnPhone(phone, row.values) ? ': the push will match it' : ', another phone: the push will report this row'
    return withProblem(row, { field: 'mac', message: `MAC ${mac} is already on the PBX${name} (id ${phone.id})${what}, not create it`, severity: 'warning' })
  })
}
