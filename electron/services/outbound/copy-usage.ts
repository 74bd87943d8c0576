import type { OutboundRule } from '../../contract/pbx'

/** One provider or holiday the chosen rules use, and the names of the rules using it. */
export interface Usage {
  id: string
  /** the name on the source, where known */
  name: string | undefined
  usedBy: string[]
}

const add = (usage: Map<string, Usage>, id: string, name: string | undefined, rule: string): void => {
  const seen = usage.get(id)
  if (!seen) {
    usage.set(id, { id, name, usedBy: [rule] })
    return
  }
  seen.name ??= name
  if (!seen.usedBy.includes(rule)) seen.usedBy.push(rule)
}

/** The name a rule goes by in messages: its name, else its id. */
export const ruleLabel = (rule: OutboundRule): string => rule.name ?? rule.id

/**
 * The providers the rules' routes use, in order of first use. `names` is the source's provider
 * list (id → name) where it lists them. A route without a provider id names nothing.
 */
export function providersUsed(rules: readonly OutboundRule[], names: ReadonlyMap<string, string | undefined>): Usage[] {
  const usage = new Map<string, Usage>()
  for (const rule of rules) {
    for (const route of rule.routes ?? []) {
      if (route.provider_id) add(usage, route.provider_id, names.get(route.provider_id), ruleLabel(rule))
    }
  }
  return [...usage.values()]
}

/**
 * The holidays the rules use, in order of first use. A rule answers its holidays whole, so their
 * names come from the rule where the source does not list holidays.
 */
export function holidaysUsed(rules: readonly OutboundRule[], names: ReadonlyMap<string, string | undefined>): Usage[] {
  const usage = new Map<string, Usage>()
  for (const rule of rules) {
    for (const holiday of rule.holidays ?? []) add(usage, holiday.id, names.get(holiday.id) ?? holiday.name, ruleLabel(rule))
  }
  return [...usage.values()]
}

/** id → name of a list of providers or holidays. */
export const namesById = (items: readonly { id: string; name?: string | undefined }[]): Map<string, string | undefined> =>
  new Map(items.map((item) => [item.id, item.name]))

/**
 * The target's item of the same name: the exact name first, then the name trimmed and compared
 * without regard to case; null when none matches or the source name is not known.
 */
export function matchByName(name: string | undefined, targets: readonly { id: string; name?: string | undefined }[]): string | null {
  if (name === undefined) return null
  const exact = targets.find((t) => t.name === name)
  if (exact) return exact.id
  const loose = (s: string) => s.trim().toLocaleLowerCase()
  const wanted = loose(name)
  return targets.find((t) => t.name !== undefined && loose(t.name) === wanted)?.id ?? null
}
