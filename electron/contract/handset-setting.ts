import { HANDSET_FIELDS, type HandsetField, type HandsetRow, type HandsetValues } from './dect-handsets'
import { EXTENSION_NUMBER_PATTERN } from './pbx-dect-handsets'
import type { ExtensionRange } from './bridge-handsets'

/**
 * One value set on many handsets of a batch at once (the Handsets tab's "Set a value…", `batch set
 * --handsets` on the command line), and its undoing. The handsets' counterpart of row-setting.ts:
 * - a base: every ticked handset moves to it (its handset index cleared: the lowest free one on the
 *   new base at push time);
 * - an extension range ("1201-1230", or "1201" and up): each ticked handset, in order, takes the
 *   lowest extension of the range that no other handset of the batch holds; a range with too few
 *   free extensions changes nothing and says how many it has;
 * - a name: `{n}` is each handset's number, `{extension}` its extension ("DECT {extension}");
 * - an IPUI and a handset index are each handset's own: set on one handset at a time.
 */

export const HANDSET_SETTABLE_FIELDS: readonly HandsetField[] = HANDSET_FIELDS
export const HANDSET_ONE_ROW_FIELDS: readonly HandsetField[] = ['ipui', 'handset_index']

export interface HandsetEdit {
  handsetId: string
  values: HandsetValues
}

export type HandsetSetting = { ok: true; edits: HandsetEdit[] } | { ok: false; message: string }

/** the fields one setting of `field` writes: a new base clears the index held on the old one */
const written = (field: HandsetField): HandsetField[] => (field === 'base_mac' ? ['base_mac', 'handset_index'] : [field])

/** "1201-1230" → that range; "1201" → from 1201 up, as far as `span` handsets could need; undefined when not a range */
export function parseExtensionRange(text: string, span: number): ExtensionRange | undefined {
  const match = /^\s*(\d+)\s*(?:[-–]\s*(\d+)\s*)?$/.exec(text)
  if (!match || !EXTENSION_NUMBER_PATTERN.test(match[1]!)) return undefined
  const from = match[1]!
  if (match[2] !== undefined) {
    if (!EXTENSION_NUMBER_PATTERN.test(match[2]) || BigInt(match[2]) < BigInt(from)) return undefined
    return { from, to: match[2] }
  }
  // an open range: as many extensions as the batch has handsets, enough for the ticked ones past those the others hold
  return { from, to: (BigInt(from) + BigInt(Math.max(span, 1)) - 1n).toString() }
}

/** The lowest extensions of the range not in `taken`, `count` of them at most, written as wide as the range's start ("0201"). */
export function freeExtensions(range: ExtensionRange, taken: ReadonlySet<string>, count: number): string[] {
  const width = range.from.length
  const out: string[] = []
  for (let n = BigInt(range.from); n <= BigInt(range.to) && out.length < count; n++) {
    const extension = n.toString().padStart(width, '0')
    if (!taken.has(extension)) out.push(extension)
  }
  return out
}

/**
 * The edits that set `field` to `value` on `chosen` (handsets of `all`, the batch's handsets), or
 * why nothing can be set.
 */
export function handsetSettingEdits(all: readonly HandsetRow[], chosen: readonly HandsetRow[], field: HandsetField, value: string): HandsetSetting {
  const text = value.trim()
  if (HANDSET_ONE_ROW_FIELDS.includes(field) && chosen.length > 1) return { ok: false, message: `${field}: each handset has its own; set it on one handset, not ${chosen.length}` }
  if (field === 'base_mac') return { ok: true, edits: chosen.map((h) => ({ handsetId: h.id, values: { base_mac: text, handset_index: '' } })) }
  if (field === 'name') {
    return { ok: true, edits: chosen.map((h) => ({ handsetId: h.id, values: { name: text.replaceAll('{n}', String(h.row)).replaceAll('{extension}', h.values.extension ?? '') } })) }
  }
  if (field === 'extension' && text !== '') return extensionEdits(all, chosen, text)
  return { ok: true, edits: chosen.map((h) => ({ handsetId: h.id, values: { [field]: text } })) }
}

function extensionEdits(all: readonly HandsetRow[], chosen: readonly HandsetRow[], text: string): HandsetSetting {
  const range = parseExtensionRange(text, all.length)
  if (!range) return { ok: false, message: `extension: ${text} is not an extension or a range of them (3 to 64 digits: 1201, or 1201-1230)` }
  const ids = new Set(chosen.map((h) => h.id))
  const taken = new Set(all.filter((h) => !ids.has(h.id) && h.values.extension).map((h) => h.values.extension!))
  const free = freeExtensions(range, taken, chosen.length)
  if (free.length < chosen.length) {
    const shown = range.from === range.to ? range.from : `${range.from}-${range.to}`
    const held = Number(BigInt(range.to) - BigInt(range.from) + 1n) - free.length
    const holders = held > 0 ? `; other handsets of the batch hold ${held} of its ${held + free.length}` : ''
    return { ok: false, message: `extension: ${shown} has ${free.length} free ${free.length === 1 ? 'extension' : 'extensions'} for ${chosen.length} handsets${holders}. Nothing was changed` }
  }
  return { ok: true, edits: chosen.map((h, i) => ({ handsetId: h.id, values: { extension: free[i]! } })) }
}

/** The edits that put back what `chosen` had in the fields a setting of `field` writes (empty where they had nothing). */
export function handsetUndoEdits(chosen: readonly HandsetRow[], field: HandsetField): HandsetEdit[] {
  return chosen.map((h) => ({ handsetId: h.id, values: Object.fromEntries(written(field).map((f) => [f, h.values[f] ?? ''])) }))
}
