import {
  CONFIG_PARTS,
  CONFIG_SNAPSHOT_FORMAT,
  CONFIG_SNAPSHOT_VERSION,
  ConfigSnapshotSchema,
  type ConfigPart,
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
import { unreadReasonOf, type CallOptions } from '../pbx-client/resource'

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
    const unread = unreadReasonOf(error)
    if (unread) return { state: unread }
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

/** What a snapshot holds besides its envelope: each part, and the providers and holidays rules name. */
export type SnapshotParts = Pick<ConfigSnapshot, 'providers' | 'holidays' | ConfigPart>

/**
 * Reads the given parts of a PBX (the providers and holidays too, which rules are matched by)
 * all at once, a rule's routes and a base's members a few at a time.
 */
export async function readParts<P extends ConfigPart>(caller: PbxCaller, parts: readonly P[], options: CallOptions = {}): Promise<Pick<SnapshotParts, 'providers' | 'holidays' | P>> {
  const wanted = new Set<ConfigPart>(parts)
  const refs = createProvidersHolidaysClient(caller)
  const supported = async <T>(answer: Promise<{ supported: false } | { supported: true; items: T[] }>): Promise<T[]> => {
    const read = await answer
    if (!read.supported) throw new ServiceError('NOT_SUPPORTED', 'not offered')
    return read.items
  }
  const rules = createOutboundRulesClient(caller)
  const members = createDectMembersClient(caller)
  const providers = part(async () => (await supported(refs.providers(options))).map((p) => ({ id: p.id, name: p.name ?? '' })))
  const readers: { [K in ConfigPart]: () => Promise<unknown> } = {
    async outboundRules() {
      const list = await part(() => rules.listAll({}, options))
      if (list.state !== 'read') return list
      const read = await providers
      const names = read.state === 'read' ? read.items : []
      const full = await mapLimited(list.items.items, AT_ONCE, (item) => rules.get(item.id, options))
      return { state: 'read', items: full.map((rule) => snapshotRule(rule!, names)) }
    },
    ivrServers: () =>
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
    emailTemplates: () =>
      part(async () => (await createEmailTemplatesClient(caller).list(options)).items.map((t) => ({ name: t.name, from: t.from ?? '', subject: t.subject ?? '', body: t.body ?? '' }))),
    async notification() {
      const read = await part(() => createNotificationClient(caller).get(options))
      return read.state === 'read' ? { state: 'read', settings: read.items } : read
    },
    async dectBases() {
      const list = await part(() => createDectPhonesClient(caller).list(options))
      if (list.state !== 'read') return list
      return { state: 'read', items: await mapLimited(list.items.items, AT_ONCE, (phone) => snapshotBase(phone, members, options)) }
    },
  }
  const chosen = CONFIG_PARTS.filter((p) => wanted.has(p))
  const [providersRead, holidays, ...read] = await Promise.all([
    providers,
    part(async () => (await supported(refs.holidays(options))).map((h) => ({ ...h, name: h.name ?? '' }))),
    ...chosen.map((p) => readers[p]()),
  ])
  const result: Record<string, unknown> = { providers: providersRead, holidays }
  chosen.forEach((p, i) => (result[p] = read[i]))
  return result as Pick<SnapshotParts, 'providers' | 'holidays' | P>
}

/**
 * Reads a PBX's configuration into a snapshot. The result is checked against the contract's
 * schema before it is answered, so what is written to a file reads back.
 */
export async function readSnapshot(caller: PbxCaller, profile: PbxProfile, options: CallOptions & { now?: Date } = {}): Promise<ConfigSnapshot> {
  const parts = await readParts(caller, CONFIG_PARTS, options)
  return ConfigSnapshotSchema.parse({
    format: CONFIG_SNAPSHOT_FORMAT,
    version: CONFIG_SNAPSHOT_VERSION,
    takenAt: (options.now ?? new Date()).toISOString(),
    source: { label: profile.label, baseUrl: profile.baseUrl, domain: profile.domain },
    ...parts,
  })
}
