import type { Batch, BatchSummary } from '../../contract/dect'
import type { FleetEntry, FleetWarning } from '../../contract/fleet'
import type { PbxProfile } from '../../contract/profiles'
import { ServiceError } from '../errors'
import { mapLimited } from '../concurrency/map-limited'
import type { PbxCaller } from '../pbx-client/caller'
import { createDectMembersClient } from '../pbx-client/dect-members'
import { createDectPhonesClient } from '../pbx-client/dect-phones'
import { getInfo } from '../pbx-client/info'
import { createIvrServersClient } from '../pbx-client/ivr-servers'
import { createNotificationClient } from '../pbx-client/notification'
import { createOutboundRulesClient } from '../pbx-client/outbound-rules'
import { createProvisionedPhonesClient } from '../pbx-client/provisioned-phones'
import { peekCertificate } from '../pbx-client/transport'
import { figureOf, readFigure } from './fleet-figures'
import { certificateWarnings, disabledRulesWarning, notSeenWarning, recipientsWarning } from './fleet-warnings'

/**
 * One PBX read for the fleet: `GET /api/info` (reachable, round trip, tenant name) and the
 * certificate, and at the same time a session (the running one, else what the keychain keeps,
 * never a password typed now); then, when it answered, each figure once, in parallel: DECT bases and their handsets,
 * outbound rules, IVR servers, the alert emails, and, when a batch was pushed there, which of its
 * bases fetched their configuration since. A figure that cannot be read says why; it never stops
 * the others.
 */

export interface ProbeContext {
  /**
   * the session's caller when signed in (opened quietly from the keychain), else why not;
   * `settled`: a sign-in whose tokens are in while it still asks who the user is, to wait for at the end
   */
  access(profile: PbxProfile): Promise<{ state: 'signed_in'; caller: PbxCaller; settled?: Promise<unknown> } | { state: KeptAccess }>
  /** how the app would get in, asking nothing of the PBX (it was not reached) */
  keptAccess(profile: PbxProfile): KeptAccess
  /** the batch pushed to this PBX last, and the batch itself */
  lastBatch(profileId: string): Promise<{ summary: BatchSummary; batch: () => Promise<Batch> } | undefined>
  now(): Date
  signal: AbortSignal
}

/** Access without a session running now. */
export type KeptAccess = Exclude<NonNullable<FleetEntry['access']>, 'signed_in'>

/** How many bases' member lists one PBX is asked for at once. */
const MEMBER_READS = 4

export async function probePbx(profile: PbxProfile, ctx: ProbeContext): Promise<FleetEntry> {
  const url = new URL(profile.baseUrl)
  const pinned = profile.trustedCertificate?.fingerprint256
  const entry: FleetEntry = { profileId: profile.id, checkedAt: ctx.now().toISOString(), certificate: url.protocol === 'https:' ? 'unknown' : 'http', counts: {}, warnings: [] }
  const warnings: FleetWarning[] = []

  // 1. reachable? (and the certificate) and, at the same time, in? A sign-in to a PBX that turns
  // out unreachable fails as fast, and one with a refused certificate sends nothing.
  const accessing = ctx.access(profile)
  accessing.catch(() => undefined)
  const started = performance.now()
  try {
    const info = await getInfo(profile.baseUrl, { ...(profile.domain ? { domain: profile.domain } : {}), ...(pinned ? { trustedFingerprint256: pinned } : {}), signal: ctx.signal })
    entry.rttMs = Math.round(performance.now() - started)
    entry.reach = 'reachable'
    if (info.name) entry.tenant = info.name
    if (url.protocol === 'https:') {
      entry.certificate = pinned ? 'pinned' : 'system'
      const validTo = pinned ? profile.trustedCertificate?.validTo : (await peekCertificate(url, ctx.signal).catch(() => undefined))?.validTo
      const iso = validTo ? isoDate(validTo) : undefined
      if (iso) entry.certificateValidTo = iso
    }
  } catch (error) {
    if (!(error instanceof ServiceError) || error.code === 'CANCELLED' || error.code === 'INTERNAL') throw error
    if (error.code === 'UNTRUSTED_CERTIFICATE') {
      entry.reach = 'untrusted'
      entry.certificate = error.certificate?.reason === 'CERTIFICATE_CHANGED' ? 'changed' : 'untrusted'
      const iso = error.certificate?.validTo ? isoDate(error.certificate.validTo) : undefined
      if (iso) entry.certificateValidTo = iso
    } else {
      entry.reach = error.code === 'NOT_A_PBX' ? 'not_a_pbx' : 'unreachable'
      warnings.push({ kind: 'unreachable', text: error.message })
    }
  }
  warnings.push(...certificateWarnings(entry, ctx.now()))

  const last = await ctx.lastBatch(profile.id)
  if (last) entry.lastBatch = { batchId: last.summary.id, name: last.summary.name, status: last.summary.status, verdict: last.summary.state.verdict, at: last.summary.updatedAt }

  // 2. in? (a PBX that did not answer shows what is kept)
  const access = await accessing.catch(() => ({ state: ctx.keptAccess(profile) }))
  if (entry.reach !== 'reachable') {
    entry.access = access.state === 'signed_in' ? ctx.keptAccess(profile) : access.state
    entry.warnings = warnings
    return entry
  }
  entry.access = access.state
  if (access.state !== 'signed_in') {
    entry.warnings = warnings
    return entry
  }

  // 3. the figures, each once, at the same time; the handsets as soon as the bases are known
  const caller = access.caller
  const options = { signal: ctx.signal }
  const members = createDectMembersClient(caller)
  const readBases = readFigure('DECT phones', () => createDectPhonesClient(caller).list(options))
  const readHandsets = readBases.then((bases) =>
    bases.ok
      ? readFigure('handsets', async () => {
          const counts = await mapLimited(bases.value.items, MEMBER_READS, async (base) => (await members.list(base.id, options)).length)
          return counts.reduce<number>((sum, n) => sum + (n ?? 0), 0)
        })
      : undefined,
  )
  const [bases, handsets, rules, ivr, notification, seen] = await Promise.all([
    readBases,
    readHandsets,
    readFigure('outbound rules', () => createOutboundRulesClient(caller).list({ top: 100 }, options)),
    readFigure('IVR servers', () => createIvrServersClient(caller).list({ top: 1 }, options)),
    readFigure('alert email settings', () => createNotificationClient(caller).get(options)),
    last && last.summary.counts.created + last.summary.counts.matched > 0
      ? readFigure('provisioned phones', async () => ({ phones: await createProvisionedPhonesClient(caller).list(options), batch: await last.batch() }))
      : Promise.resolve(undefined),
  ])
  if (handsets) entry.counts.handsets = figureOf(handsets, (n) => n)
  entry.counts.dectBases = figureOf(bases, (list) => list.items.length)
  entry.counts.outboundRules = figureOf(rules, (list) => list.count)
  entry.counts.ivrServers = figureOf(ivr, (list) => list.count)
  entry.notifications = notification.ok ? (notification.value.recipients?.trim() ? 'recipients' : 'no_recipients') : notification.figure

  // the sign-in's last step (who the user is) ran beside the figures: done before the entry is
  await access.settled?.catch(() => undefined)
  for (const read of [bases, handsets, rules, ivr, notification, seen]) if (read && !read.ok && read.why) warnings.push({ kind: 'failed', text: read.why })
  if (rules.ok) warnings.push(...disabledRulesWarning(rules.value.items, rules.value.count))
  if (notification.ok) warnings.push(...recipientsWarning(notification.value))
  if (seen?.ok && seen.value.phones.supported) warnings.push(...notSeenWarning(seen.value.batch, seen.value.phones.items, ctx.now()))
  entry.warnings = warnings
  return entry
}

/** OpenSSL's "Mar  1 12:00:00 2027 GMT" (or an ISO date) as ISO 8601; undefined when unreadable. */
function isoDate(text: string): string | undefined {
  const time = Date.parse(text)
  return Number.isNaN(time) ? undefined : new Date(time).toISOString()
}
