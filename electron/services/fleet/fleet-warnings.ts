import type { Batch } from '../../contract/dect'
import { CERTIFICATE_EXPIRING_DAYS, type FleetEntry, type FleetWarning } from '../../contract/fleet'
import { normalizeMac, type NotificationSettings, type OutboundRuleListItem, type ProvisionedPhone } from '../../contract/pbx'

/**
 * The warnings a reseller acts on, in words: a certificate changed, not trusted or ending soon, an
 * outbound rule switched off, alert emails going to no one, bases of the last batch pushed there
 * that never fetched their configuration.
 */

const DAY_MS = 24 * 60 * 60_000
/** A base not seen this long after its push is worth a look (the on-site check's default too). */
export const NOT_SEEN_AFTER_MS = 10 * 60_000
const SHOWN_NAMES = 3

const names = (list: readonly string[]): string => {
  const shown = list.slice(0, SHOWN_NAMES).map((n) => `'${n}'`).join(', ')
  return list.length > SHOWN_NAMES ? `${shown} and ${list.length - SHOWN_NAMES} more` : shown
}

const ago = (ms: number): string => {
  const minutes = Math.round(ms / 60_000)
  if (minutes < 60) return `${minutes} min ago`
  const hours = Math.round(minutes / 60)
  if (hours < 48) return `${hours} h ago`
  return `${Math.round(hours / 24)} days ago`
}

export function certificateWarnings(entry: Pick<FleetEntry, 'certificate' | 'certificateValidTo'>, now: Date): FleetWarning[] {
  const out: FleetWarning[] = []
  if (entry.certificate === 'changed') {
    out.push({ kind: 'certificate_changed', text: 'The certificate changed since you trusted it; nothing was sent. Open the PBX to compare the new one.' })
  }
  if (entry.certificate === 'untrusted') {
    out.push({ kind: 'certificate_untrusted', text: 'The certificate is not trusted by this computer; nothing was sent. Open the PBX to check and trust it.' })
  }
  if (entry.certificateValidTo) {
    const left = Date.parse(entry.certificateValidTo) - now.getTime()
    const day = entry.certificateValidTo.slice(0, 10)
    if (left <= 0) out.push({ kind: 'certificate_expiring', text: `The certificate expired on ${day}.` })
    else if (left <= CERTIFICATE_EXPIRING_DAYS * DAY_MS) {
      const days = Math.ceil(left / DAY_MS)
      out.push({ kind: 'certificate_expiring', text: `The certificate expires in ${days} ${days === 1 ? 'day' : 'days'} (${day}).` })
    }
  }
  return out
}

/** `items` is the first page of the rules (at most 100); `count` all of them. */
export function disabledRulesWarning(items: readonly Pick<OutboundRuleListItem, 'id' | 'name' | 'enabled'>[], count: number): FleetWarning[] {
  const off = items.filter((rule) => rule.enabled === false).map((rule) => rule.name ?? `rule ${rule.id}`)
  if (off.length === 0) return []
  const more = count > items.length ? ` (of the first ${items.length} rules)` : ''
  return [{ kind: 'rule_disabled', text: `${off.length} outbound ${off.length === 1 ? 'rule' : 'rules'} switched off${more}: ${names(off)}` }]
}

export function recipientsWarning(settings: Pick<NotificationSettings, 'recipients'>): FleetWarning[] {
  return settings.recipients?.trim() ? [] : [{ kind: 'no_alert_recipients', text: 'No one gets the alert emails: no recipients are set.' }]
}

/** The bases of `batch` pushed at least NOT_SEEN_AFTER_MS ago that are not among the provisioned phones. */
export function notSeenWarning(batch: Pick<Batch, 'name' | 'rows'>, provisioned: readonly Pick<ProvisionedPhone, 'mac'>[], now: Date): FleetWarning[] {
  const seen = new Set(provisioned.map((phone) => normalizeMac(phone.mac)))
  const late = batch.rows.filter((row) => {
    const pushed = row.outcome.state === 'created' || row.outcome.state === 'matched'
    const at = row.outcome.at ? Date.parse(row.outcome.at) : Number.NaN
    return pushed && row.values.mac !== undefined && !seen.has(row.values.mac) && now.getTime() - at >= NOT_SEEN_AFTER_MS
  })
  if (late.length === 0) return []
  const oldest = Math.min(...late.map((row) => Date.parse(row.outcome.at as string)))
  const which = names(late.map((row) => row.values.name || row.values.mac || `row ${row.row}`))
  return [
    {
      kind: 'base_not_seen',
      text: `${late.length} ${late.length === 1 ? 'base' : 'bases'} of '${batch.name}' not seen since the push ${ago(now.getTime() - oldest)}: ${which}`,
    },
  ]
}
