import { isRetired } from '../../../contract/batch-state'
import { capacityText } from '../../../contract/base-capacity'
import { macForPeople, rowHasErrors, type Batch } from '../../../contract/dect'
import type { ExtensionRange, ScanHandsetAnswer } from '../../../contract/bridge-handsets'
import { freeExtensions } from '../../../contract/handset-setting'
import { parseIpui } from '../../../contract/ipui'
import { ServiceError } from '../../errors'
import { buildHandsetRow } from './handset-rows'
import { recheckHandsets, type LinesOf } from './handset-import'
import { nextRowNumber } from '../batch-parts'
import { parseMac } from '../mac'
import { findDuplicateMacs } from '../mac-clashes'
import { buildRow } from '../row-validation'

/**
 * Enrolment by barcode scanner, one scan at a time: a base's MAC (12 hex digits) selects that base,
 * added as a row when the batch does not have it; a handset's IPUI (10 hex digits, or the 13-digit
 * IPEI of its box) adds a handset on the selected base with the lowest extension of the
 * installer's range that no handset of the batch has. A handset scanned twice, or one more than
 * the base's model takes, is not added: the answer says so, for the screen and the beep.
 */

export interface ScanInput {
  code: string
  baseMac?: string | undefined
  /** with a base selected, another base's MAC switches to it only when true (else it is offered) */
  switchBase?: boolean | undefined
  extensions: ExtensionRange
  /** the handset's name: `{extension}` and `{n}` (the handset's number in the batch) filled in */
  namePattern: string
}

type Answer = Omit<ScanHandsetAnswer, 'batch'>

/** How many handsets of the batch are on base `mac`: a retired one is off it (issue 43). */
const handsetsOn = (batch: Batch, mac: string): number => batch.handsets.filter((h) => h.values.base_mac === mac && !isRetired(h)).length

const invalid = (field: string, message: string) => new ServiceError('INVALID_INPUT', `${field}: ${message}`, { field })

/** The batch after one scan, and what the scan did. */
export function scanInto(batch: Batch, input: ScanInput, linesOf: LinesOf): { batch: Batch; answer: Answer } {
  const mac = parseMac(input.code)
  if (mac.ok) {
    const current = input.baseMac === undefined ? undefined : parseMac(input.baseMac)
    if (!input.switchBase && current?.ok && current.mac !== mac.mac && batch.rows.some((row) => row.values.mac === current.mac)) {
      return { batch, answer: offerSwitch(batch, current.mac, mac.mac, linesOf) }
    }
    return selectBase(batch, mac.mac, linesOf)
  }
  // a MAC of the right form that no phone can have (broadcast, all zeros, multicast): say so
  if (mac.kind !== undefined) throw invalid('code', mac.message)
  const ipui = parseIpui(input.code)
  if (!ipui.ok) {
    throw invalid('code', `${input.code.slice(0, 40)} is neither a base MAC (12 hex digits) nor a handset IPUI (10 hex digits) or IPEI (13 digits): ${ipui.message}`)
  }
  const selected = input.baseMac === undefined ? undefined : parseMac(input.baseMac)
  if (!selected?.ok) throw invalid('baseMac', "scan the base's MAC first: the handsets after it go on that base")
  const base = batch.rows.find((row) => row.values.mac === selected.mac)
  if (!base) throw invalid('baseMac', `base ${macForPeople(selected.mac)} is not in this batch: scan its MAC again`)
  if (rowHasErrors(base)) {
    const problem = base.problems.find((p) => p.severity === 'error')
    throw invalid('baseMac', `base ${base.values.name ?? macForPeople(selected.mac)} (row ${base.row}) has an error, ${problem?.field}: ${problem?.message}. Fix the base first`)
  }
  const baseName = base.values.name ?? macForPeople(selected.mac)
  const lines = linesOf({ ...batch.defaults, ...base.values })
  const onBase = handsetsOn(batch, selected.mac)
  const common = { baseMac: selected.mac, onBase, ...(lines === undefined ? {} : { lines }) }

  const twin = batch.handsets.find((h) => h.values.ipui === ipui.ipui && !isRetired(h))
  if (twin) {
    const where = twin.values.base_mac ? ` on base ${batch.rows.find((r) => r.values.mac === twin.values.base_mac)?.values.name ?? macForPeople(twin.values.base_mac)}` : ''
    const extension = twin.values.extension
    return {
      batch,
      answer: {
        ...common,
        result: 'duplicate',
        handsetId: twin.id,
        ...(extension ? { extension } : {}),
        message: `IPUI ${ipui.ipui} was scanned before: handset ${twin.row}${extension ? `, extension ${extension}` : ''}${where}. Nothing added.`,
      },
    }
  }
  if (lines !== undefined && onBase >= lines) {
    return { batch, answer: { ...common, result: 'full', message: `Base ${baseName} takes ${lines} handsets and has ${onBase}: scan the next base's MAC. Nothing added.` } }
  }
  const [extension] = freeExtensions(input.extensions, new Set(batch.handsets.map((h) => h.values.extension ?? '')), 1)
  if (extension === undefined) {
    throw invalid('extensions', `every extension of ${input.extensions.from}-${input.extensions.to} is taken in this batch: widen the range`)
  }
  const number = nextRowNumber(batch.handsets)
  const name = input.namePattern.replaceAll('{extension}', extension).replaceAll('{n}', String(number)).trim()
  const handset = buildHandsetRow({ base_mac: selected.mac, ipui: ipui.ipui, extension, ...(name ? { name } : {}) }, number)
  const next = { ...batch, handsets: [...batch.handsets, handset] }
  next.handsets = recheckHandsets(next, linesOf)
  const count = onBase + 1
  return {
    batch: next,
    answer: {
      ...common,
      onBase: count,
      result: 'added',
      handsetId: handset.id,
      extension,
      // the base's lines as they fill: "(8 of 10 lines: 2 left)", "(10 of 10 lines: full)"
      message: `Extension ${extension}: handset ${ipui.ipui} on base ${baseName} (${lines === undefined ? count : capacityText(count, lines)}).`,
    },
  }
}

/** Another base's MAC, scanned while enrolling on `current`: offered, nothing changed (a label scanned by mistake moves nothing). */
function offerSwitch(batch: Batch, current: string, mac: string, linesOf: LinesOf): Answer {
  const nameOf = (m: string) => batch.rows.find((row) => row.values.mac === m)?.values.name ?? macForPeople(m)
  const row = batch.rows.find((r) => r.values.mac === current)
  const onBase = handsetsOn(batch, current)
  const lines = row ? linesOf({ ...batch.defaults, ...row.values }) : undefined
  const known = batch.rows.some((r) => r.values.mac === mac)
  const offered = nameOf(mac)
  return {
    result: 'switch',
    baseMac: current,
    onBase,
    ...(lines === undefined ? {} : { lines }),
    offeredMac: mac,
    offeredName: offered,
    message: `That is base ${offered === macForPeople(mac) ? offered : `${offered} (${macForPeople(mac)})`}${known ? '' : ', not in the batch yet'}, not a handset: press Enter to switch to it, or scan the next handset for ${nameOf(current)}. Nothing added.`,
  }
}

function selectBase(batch: Batch, mac: string, linesOf: LinesOf): { batch: Batch; answer: Answer } {
  const onBase = handsetsOn(batch, mac)
  const existing = batch.rows.find((row) => row.values.mac === mac)
  const row = existing ?? buildRow({ mac, name: `Base ${macForPeople(mac)}` }, batch.defaults, nextRowNumber(batch.rows))
  const next = existing ? batch : { ...batch, rows: findDuplicateMacs([...batch.rows, row]) }
  if (!existing) next.handsets = recheckHandsets(next, linesOf)
  const lines = linesOf({ ...batch.defaults, ...row.values })
  const name = row.values.name ?? macForPeople(mac)
  const room = lines === undefined ? `${onBase} handsets` : `${onBase} of ${lines} handsets`
  return {
    batch: next,
    answer: {
      result: 'base',
      baseMac: mac,
      onBase,
      ...(lines === undefined ? {} : { lines }),
      message: existing ? `Base ${name} selected (${room}): scan its handsets.` : `Base ${name} added to the batch: scan its handsets.`,
    },
  }
}
