import { withChoice } from '../contract/apply-outlook'
import type { ApplyItemRef, NameMapping, TargetPlan } from '../contract/config-apply'
import { CONFIG_PART_TITLES, CONFIG_PARTS, type ConfigPart } from '../contract/config-snapshot'
import { normalizeMac } from '../contract/pbx'
import type { PbxProfile } from '../contract/profiles'
import { usageError } from './exit-codes'
import { PROGRAM } from './output'
import { findPbxs } from './pbx-names'

/**
 * The arguments of `config apply` made into a request: `--item part:key` checked against the
 * source's items, the target PBXs from `--to`, `--tag` and `--group`, and the names each target
 * maps (`--map-provider`, `--map-holiday`, `--drop-holiday`).
 */

/** A part as `--item` may name it: the contract's name or a short one, in any case. */
const PART_NAMES: Record<string, ConfigPart> = {
  ...Object.fromEntries(CONFIG_PARTS.map((part) => [part.toLowerCase(), part])),
  rule: 'outboundRules',
  rules: 'outboundRules',
  outbound: 'outboundRules',
  ivr: 'ivrServers',
  template: 'emailTemplates',
  templates: 'emailTemplates',
  notifications: 'notification',
  base: 'dectBases',
  bases: 'dectBases',
  dect: 'dectBases',
}

const partNames = CONFIG_PARTS.join(', ')

const sameMac = (a: string, b: string): boolean => normalizeMac(a) === normalizeMac(b)

/**
 * `--item` values (`outboundRules:Local`, `rule:Local`, `notification`, `bases:*`) as the source's
 * items; no `--item`: all of them. An item the source does not have is bad usage naming what it has.
 */
export function chosenItems(values: readonly string[] | undefined, source: readonly ApplyItemRef[]): ApplyItemRef[] {
  if (!values || values.length === 0) return source.map(({ part, key }) => ({ part, key }))
  const chosen: ApplyItemRef[] = []
  for (const value of values) {
    const colon = value.indexOf(':')
    const partName = (colon < 0 ? value : value.slice(0, colon)).trim()
    const key = colon < 0 ? '' : value.slice(colon + 1).trim()
    const part = PART_NAMES[partName.toLowerCase()]
    if (!part) throw usageError(`--item ${JSON.stringify(value)}: "${partName}" is not a part; the parts are ${partNames} (then a colon and the item's name, e.g. outboundRules:Local).`)
    const ofPart = source.filter((item) => item.part === part)
    const title = CONFIG_PART_TITLES[part].toLowerCase()
    if (ofPart.length === 0) throw usageError(`--item ${JSON.stringify(value)}: the source has no ${title} (or could not read them).`)
    let found: ApplyItemRef[]
    if (part === 'notification' || key === '*') found = ofPart
    else if (key === '') throw usageError(`--item ${JSON.stringify(value)}: name the item after the colon, e.g. ${part}:${ofPart[0]?.key ?? 'name'} (or ${part}:* for all).`)
    else {
      const exact = ofPart.filter((item) => item.key === key)
      const loose = ofPart.filter((item) => item.key.toLowerCase() === key.toLowerCase() || (part === 'dectBases' && sameMac(item.key, key)))
      found = exact.length > 0 ? exact : loose.length === 1 ? loose : []
    }
    if (found.length === 0) {
      const some = ofPart.slice(0, 10).map((item) => JSON.stringify(item.key))
      const more = ofPart.length > some.length ? ` and ${ofPart.length - some.length} more` : ''
      throw usageError(`--item ${JSON.stringify(value)}: the source has no such item; its ${title}: ${some.join(', ')}${more}.`)
    }
    for (const item of found) if (!chosen.some((c) => c.part === item.part && c.key === item.key)) chosen.push({ part: item.part, key: item.key })
  }
  return chosen
}

export interface TargetOptions {
  to?: string[] | undefined
  tag?: string[] | undefined
  group?: string[] | undefined
}

const lower = (text: string) => text.trim().toLowerCase()

/**
 * The PBXs named by `--to`, with any `--tag`, or in any `--group` (each once, in that order);
 * the source PBX is left out. None chosen, or a tag or group no PBX has, is bad usage.
 */
export function chosenTargets(all: readonly PbxProfile[], options: TargetOptions, sourceId?: string): { targets: PbxProfile[]; notes: string[] } {
  const to = options.to ?? []
  const tags = options.tag ?? []
  const groups = options.group ?? []
  if (to.length + tags.length + groups.length === 0) {
    throw usageError(`Choose the PBXs to apply to: --to <pbx> (repeat it for several), --tag <tag> or --group <group> (see \`${PROGRAM} pbx list\`).`)
  }
  const picked = [...findPbxs(all, to)]
  for (const tag of tags) {
    const tagged = all.filter((profile) => profile.tags.some((t) => lower(t) === lower(tag)))
    if (tagged.length === 0) throw usageError(`--tag ${JSON.stringify(tag)}: no saved PBX has this tag.`)
    picked.push(...tagged)
  }
  for (const group of groups) {
    const members = all.filter((profile) => lower(profile.group) === lower(group))
    if (members.length === 0) throw usageError(`--group ${JSON.stringify(group)}: no saved PBX is in this group.`)
    picked.push(...members)
  }
  const unique = picked.filter((profile, index) => picked.findIndex((other) => other.id === profile.id) === index)
  const notes: string[] = []
  const targets = unique.filter((profile) => profile.id !== sourceId)
  if (targets.length < unique.length) notes.push('The source PBX is left out of the PBXs to apply to.')
  if (targets.length === 0) throw usageError('The only PBX chosen is the source itself: choose other PBXs to apply to.')
  return { targets, notes }
}

export interface MappingOptions {
  mapProvider?: string[] | undefined
  mapHoliday?: string[] | undefined
  dropHoliday?: string[] | undefined
}

type Pair = { from: string; to: string }

/** `"Telco One=Other Telco"` → from and to; bad usage naming the option otherwise. */
function pairsOf(option: string, values: readonly string[] | undefined): Pair[] {
  return (values ?? []).map((value) => {
    const equals = value.indexOf('=')
    const from = equals < 0 ? '' : value.slice(0, equals).trim()
    const to = equals < 0 ? '' : value.slice(equals + 1).trim()
    if (!from || !to) throw usageError(`${option} ${JSON.stringify(value)}: write the source's name, "=", and the name on the PBXs, e.g. ${option} "Telco One=Other Telco".`)
    return { from, to }
  })
}

/** Checks the mapping options' syntax before anything is read. */
export function checkMappingOptions(options: MappingOptions): void {
  pairsOf('--map-provider', options.mapProvider)
  pairsOf('--map-holiday', options.mapHoliday)
  for (const name of options.dropHoliday ?? []) if (!name.trim()) throw usageError('--drop-holiday takes the name of a holiday of the source.')
}

export const hasMappingOptions = (options: MappingOptions): boolean =>
  (options.mapProvider?.length ?? 0) + (options.mapHoliday?.length ?? 0) + (options.dropHoliday?.length ?? 0) > 0

const named = (list: readonly { id: string; name: string }[], name: string) =>
  list.find((entry) => entry.name === name) ?? list.find((entry) => lower(entry.name) === lower(name))

/**
 * The names each target maps, from the options and what each target lists (a preview's): only
 * where the target has no namesake of the source's name, and has the name mapped to. Notes say
 * which mapped-to names no target has.
 */
export function mappingsFor(options: MappingOptions, targets: readonly TargetPlan[]): { mappings: Record<string, NameMapping>; notes: string[] } {
  const providers = pairsOf('--map-provider', options.mapProvider)
  const holidays = pairsOf('--map-holiday', options.mapHoliday)
  const dropped = (options.dropHoliday ?? []).map((name) => name.trim())
  const mappings: Record<string, NameMapping> = {}
  const used = new Set<string>()
  for (const target of targets) {
    if (target.state !== 'ready') continue
    /** none until a name is mapped */
    let mapping: NameMapping | undefined
    for (const { from, to } of providers) {
      if (named(target.providers, from)) continue
      const match = named(target.providers, to)
      if (match) {
        mapping = withChoice(mapping, 'providers', from, match.id)
        used.add(`--map-provider ${from}=${to}`)
      }
    }
    for (const { from, to } of holidays) {
      if (named(target.holidays, from)) continue
      const match = named(target.holidays, to)
      if (match) {
        mapping = withChoice(mapping, 'holidays', from, match.id)
        used.add(`--map-holiday ${from}=${to}`)
      }
    }
    for (const name of dropped) if (!named(target.holidays, name) && !Object.hasOwn(mapping?.holidays ?? {}, name)) mapping = withChoice(mapping, 'holidays', name, null)
    if (mapping) mappings[target.profileId] = mapping
  }
  const notes: string[] = []
  for (const { from, to } of providers) {
    const needed = targets.some((t) => t.state === 'ready' && !named(t.providers, from))
    if (needed && !used.has(`--map-provider ${from}=${to}`)) notes.push(`Note: --map-provider "${from}=${to}": no PBX lacking "${from}" has a provider named "${to}".`)
  }
  for (const { from, to } of holidays) {
    const needed = targets.some((t) => t.state === 'ready' && !named(t.holidays, from))
    if (needed && !used.has(`--map-holiday ${from}=${to}`)) notes.push(`Note: --map-holiday "${from}=${to}": no PBX lacking "${from}" has a holiday named "${to}".`)
  }
  return { mappings, notes }
}
