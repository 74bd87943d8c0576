import type { OutboundRuleDraft } from '@contract/outbound-draft'
import type { FieldProblem } from '@contract/pbx'
import type { BridgeError } from '@contract/result'
import { DAY_NAMES, isWeekday, rangeText } from './office-hours'

/**
 * Where a problem with an outbound rule stands in the editor. A problem's path is the dotted path
 * of the contract and of the PBX (`name`, `routes.0.provider_id`,
 * `office_hours.monday.ranges.1.to`); its *place* is the path of the control that shows it: the
 * path itself where the editor has such a control, else the nearest enclosing one
 * (`office_hours.monday.ranges` → `office_hours.monday`). A path with no place (`id`, an index
 * the draft does not have any more) is about the rule as a whole.
 */

const TOP_FIELDS = [
  'name',
  'number_prefix',
  'number_length',
  'number_mask',
  'enabled',
  'priority',
  'routing_strategy',
  'office_hours',
  'holidays',
  'routes',
] as const
const ROUTE_FIELDS = ['enabled', 'provider_id', 'strip_digits', 'prepend', 'outbound_caller_id'] as const

const has = (list: readonly string[], value: string | undefined): boolean => value !== undefined && list.includes(value)
const indexIn = (value: string | undefined, length: number): boolean => value !== undefined && /^\d+$/.test(value) && Number(value) < length

function isPlace(parts: readonly string[], draft: OutboundRuleDraft): boolean {
  const [top, a, b, c, d] = parts
  if (parts.length === 1) return has(TOP_FIELDS, top)
  if (top === 'routes') {
    if (!indexIn(a, draft.routes.length)) return false
    return parts.length === 2 || (parts.length === 3 && has(ROUTE_FIELDS, b))
  }
  if (top === 'holidays') return parts.length === 2 && indexIn(a, draft.holidays.length)
  if (top === 'office_hours' && a !== undefined && isWeekday(a)) {
    if (parts.length === 2) return true
    if (b !== 'ranges' || !indexIn(c, draft.office_hours[a].ranges.length)) return false
    return parts.length === 4 || (parts.length === 5 && (d === 'from' || d === 'to'))
  }
  return false
}

/** The place of a problem at `path`, or null when it is about the rule as a whole. */
export function placeOf(path: string, draft: OutboundRuleDraft): string | null {
  const parts = path.split('.').filter((part) => part !== '')
  for (let n = parts.length; n > 0; n--) {
    const candidate = parts.slice(0, n)
    if (isPlace(candidate, draft)) return candidate.join('.')
  }
  return null
}

/** The top-level field a place belongs to (`routes.0.prepend` → `routes`). */
export const topFieldOf = (place: string): string => place.split('.')[0] ?? place

const range = (draft: OutboundRuleDraft, day: string, index: number) =>
  isWeekday(day) ? draft.office_hours[day].ranges[index] : undefined

/**
 * A message as it stands beside its control: a range's `from`/`to` named ("to must be later
 * than from"), an overlap naming the other range by its times, not its index; the part of the
 * path below the place put in front when the place is an enclosing control.
 */
export function messageAt(place: string, path: string, message: string, draft: OutboundRuleDraft): string {
  const below = path.length > place.length && path.startsWith(`${place}.`) ? path.slice(place.length + 1) : ''
  if (below !== '') return `${below}: ${message}`
  const parts = place.split('.')
  const last = parts.at(-1)
  if (parts[0] === 'office_hours' && (last === 'from' || last === 'to')) return `${last} ${message}`
  const overlap = /^overlaps range (\d+) of the same day$/.exec(message)
  if (overlap && parts[0] === 'office_hours' && parts[1] !== undefined) {
    const other = range(draft, parts[1], Number(overlap[1]))
    if (other) return `overlaps ${rangeText(other)} on the same day`
  }
  return message
}

/** The problems of the contract's check, one message per place (the first); `''` for the rule as a whole. */
export function problemsByPlace(problems: readonly FieldProblem[], draft: OutboundRuleDraft): Record<string, string> {
  const out: Record<string, string> = {}
  for (const problem of problems) {
    const place = placeOf(problem.path, draft) ?? ''
    if (out[place] === undefined) out[place] = messageAt(place, problem.path, problem.message, draft)
  }
  return out
}

/**
 * Where main's error about a save stands: the path of the rule it names (main's own check names
 * `rule.…` or `changes.…`; the PBX names the rule's field) and its message without the leading
 * `<field>: `. Null when it names no place of the editor: then it is shown above the form.
 */
export function placeOfError(error: BridgeError, draft: OutboundRuleDraft): { place: string; message: string } | null {
  if (!error.field) return null
  const path = error.field.replace(/^(rule|changes)\./, '')
  const place = placeOf(path, draft)
  if (place === null) return null
  let message = error.message
  for (const prefix of [error.field, path]) {
    if (message.startsWith(`${prefix}: `)) {
      message = message.slice(prefix.length + 2)
      break
    }
  }
  return { place, message: messageAt(place, path, message, draft) }
}

const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  number_prefix: 'Number prefix',
  number_length: 'Number lengths',
  number_mask: 'Calling extensions',
  enabled: 'Enabled',
  priority: 'Priority',
  routing_strategy: 'Routing',
  office_hours: 'Office hours',
  holidays: 'Holidays',
  routes: 'Routes',
  provider_id: 'provider',
  strip_digits: 'strip digits',
  prepend: 'prepend',
  outbound_caller_id: 'outbound caller ID',
}

/** A place in words, for the list of problems beside Save: "Route 2 provider", "Monday range 1 to". */
export function placeLabel(place: string): string {
  if (place === '') return 'The rule'
  const [top, a, b, c, d] = place.split('.')
  if (top === 'routes' && a !== undefined) return [`Route ${Number(a) + 1}`, b && FIELD_LABELS[b]].filter(Boolean).join(' ')
  if (top === 'holidays' && a !== undefined) return `Holiday ${Number(a) + 1}`
  if (top === 'office_hours' && a !== undefined && isWeekday(a)) {
    return [DAY_NAMES[a], b === 'ranges' && c !== undefined ? `range ${Number(c) + 1}` : '', d ?? ''].filter(Boolean).join(' ')
  }
  return FIELD_LABELS[top ?? ''] ?? place
}
