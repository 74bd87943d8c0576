import {
  CONFIG_SNAPSHOT_FORMAT,
  CONFIG_SNAPSHOT_VERSION,
  ConfigSnapshotSchema,
  type ConfigSnapshot,
  type NamedRef,
  type SnapshotBase,
  type SnapshotRule,
  type UnreadReason,
} from '../../contract/config-snapshot'
import { ruleDraftOf } from '../../contract/outbound-draft'
import type { DectPhone, OutboundRule } from '../../contract/pbx'
import type { PbxProfile } from '../../contract/profiles'
import { mapLimited } from '../concurrency/map-limited'
import { ServiceError } from '../errors'
import type { PbxCaller } from '../pbx-client/caller'
import { createDectMembersClient } from '../pbx-client/dect-members'
import { createDectPhonesClient } from '../pbx-client/dect-phones'
import { createEmailTemplatesClient } from '../pbx-client/email-templates'
import { createIvrServersClient } from '../pbx-client/ivr-servers'
import { createNotificationClient } from '../pbx-client/notification'
import { createOutboundRulesClient } from '../pbx-client/outbound-rules'
import { createProvidersHolidaysClient } from '../pbx-client/providers-holidays'
import type { CallOptions } from '../pbx-client/resource'

/** Items read one by one (a rule's routes, a base's members): a few at once, not a flood. */
const AT_ONCE = 4

type Part<T> = { state: 'read'; items: T } | { state: UnreadReason }

/**
 * A part the PBX does not offer (404/405, NOT_SUPPORTED) or the account may not read (403) is
 * recorded as such; any other failure fails the snapshot (a snapshot with a part silently missing
 * would restore as if that part were empty).
 */
async function part<T>(read: () => Promise<T>): Promise<Part<T>> {
  try {
    return { state: 'read', items: await read() }
  } catch (error) {
    if (error instanceof ServiceError && (error.code === 'NOT_SUPPORTED' || error.status === 404 || error.status === 405)) return { state: 'not_offered' }
    if (error instanceof ServiceError && error.status === 403) return { state: 'not_allowed' }
    throw error
  }
}

const nameOf = (refs: readonly NamedRef[], id: string): string => refs.find((ref) => ref.id === id)?.name ?? ''

/** A rule read in full, with its providers' and holidays' names. */
function snapshotRule(rule: OutboundRule, providers: readonly NamedRef[]): SnapshotRule {
  const draft = ruleDraftOf(rule)
  return {
    ...draft,
    id: rule.id,
    office_hours: draft.office_hours,
    holidays: (rule.holidays ?? []).map((holiday) => ({ id: holiday.id, name: holiday.name ?? '' })),
    routes: draft.routes.map((route) => ({ ...route, provider_name: nameOf(providers, route.provider_id) })),
  }
}

/** A base without what the PBX makes itself (url, lines), and its members when offered. */
async function snapshotBase(phone: DectPhone, members: ReturnType<typeof createDectMembersClient>, options: CallOptions): Promise<SnapshotBase> {
  const { url: _url, lines: _lines, ...kept } = phone
  const base: SnapshotBase = { ...kept, name: phone.name ?? '', mac: phone.mac ?? '' }
  try {
    const items = await members.list(phone.id, options)
    base.members = items.map((m) => ({ extension_number: m.extension_number, ipui: m.ipui, handset_index: String(m.handset_index) }))
  } catch (error) {
    if (!(error instanceof ServiceError && error.code === 'NOT_SUPPORTED')) throw error
  }
  return base
}

/**
 * Reads a PBX's configuration into a snapshot: every part at once, a rule's routes and a base's
 * members a few at a time. The result is checked against the contract's schema before it is
 * answered, so what is written to a file reads back.
 */
export async function readSnapshot(caller: PbxCaller, profile: PbxProfile, options: CallOptions & { now?: Date } = {}): Promise<ConfigSnapshot> {
  const refs = createProvidersHolidaysClient(caller)
  const rules = createOutboundRulesClient(caller)
  const phones = createDectPhonesClient(caller)
  const members = createDectMembersClient(caller)
  const supported = async <T>(answer: Promise<{ supported: false } | { supported: true; items: T[] }>): Promise<T[]> => {
    const read = await answer
    if (!read.supported) throw new ServiceError('NOT_SUPPORTED', 'not offered')
    return read.items
  }

  const [providers, holidays, ivrServers, emailTemplates, notification, ruleList, baseList] = await Promise.all([
    part(async () => (await supported(refs.providers(options))).map((p) => ({ id: p.id, name: p.name ?? '' }))),
    part(async () => (await supported(refs.holidays(options))).map((h) => ({ ...h, name: h.name ?? '' }))),
    part(async () =>
      (await createIvrServersClient(caller).listAll({}, options)).items.map((s) => ({
        id: s.id,
        name: s.name ?? '',
        enabled: s.enabled ?? true,
        ...(s.ipv4 ? { ipv4: s.ipv4 } : {}),
        ...(s.ipv6 ? { ipv6: s.ipv6 } : {}),
        type: s.type ?? 'EXTERNAL',
      })),
    ),
    part(async () => (await createEmailTemplatesClient(caller).list(options)).items.map((t) => ({ name: t.name, from: t.from ?? '', subject: t.subject ?? '', body: t.body ?? '' }))),
    part(() => createNotificationClient(caller).get(options)),
    part(() => rules.listAll({}, options)),
    part(() => phones.list(options)),
  ])

  const providerNames = providers.state === 'read' ? providers.items : []
  const outboundRules: Part<SnapshotRule[]> =
    ruleList.state === 'read'
      ? { state: 'read', items: (await mapLimited(ruleList.items.items, AT_ONCE, (item) => rules.get(item.id, options))).map((rule) => snapshotRule(rule!, providerNames)) }
      : ruleList
  const dectBases: Part<SnapshotBase[]> =
    baseList.state === 'read' ? { state: 'read', items: (await mapLimited(baseList.items.items, AT_ONCE, (phone) => snapshotBase(phone, members, options))) as SnapshotBase[] } : baseList

  const list = <T>(p: Part<T[]>) => (p.state === 'read' ? { state: 'read' as const, items: p.items } : p)
  return ConfigSnapshotSchema.parse({
    format: CONFIG_SNAPSHOT_FORMAT,
    version: CONFIG_SNAPSHOT_VERSION,
    takenAt: (options.now ?? new Date()).toISOString(),
    source: { label: profile.label, baseUrl: profile.baseUrl, domain: profile.domain },
    providers: list(providers),
    holidays: list(holidays),
    outboundRules: list(outboundRules),
    ivrServers: list(ivrServers),
    emailTemplates: list(emailTemplates),
    notification: notification.state === 'read' ? { state: 'read', settings: notification.items } : notification,
    dectBases: list(dectBases),
  })
}
