import type { ApplyItemRef, ConfigItem, ItemPlan, MissingNames, NameMapping } from '../../contract/config-apply'
import {
  CONFIG_PART_TITLES,
  type ConfigPart,
  type ConfigSnapshot,
  type NamedRef,
  type SnapshotBase,
  type SnapshotIvrServer,
  type SnapshotRule,
  type SnapshotTemplate,
  type UnreadReason,
} from '../../contract/config-snapshot'
import { ruleChanges, ruleDraftOf } from '../../contract/outbound-draft'
import {
  checkInput,
  DectMemberListWriteSchema,
  DectPhoneCreateSchema,
  normalizeMac,
  EmailTemplateCreateSchema,
  IvrServerCreateSchema,
  LegacyNotificationUpdateSchema,
  NotificationUpdateSchema,
  OutboundRuleCreateSchema,
  problemText,
  type EmailTemplateCreate,
  type EmailTemplateUpdate,
  type IvrServerCreate,
  type IvrServerUpdate,
  type LegacyNotificationUpdate,
  type NotificationSettings,
  type NotificationUpdate,
  type OutboundRuleCreate,
  type OutboundRuleUpdate,
  type DectMemberWrite,
  type DectPhoneCreate,
  type DectPhoneUpdate,
  type EmailTemplateName,
} from '../../contract/pbx'
import { fieldChanges } from './config-compare'
import { comparableBase, comparableRule, comparableServer, comparableTemplate, itemOf } from './config-items'
import type { SnapshotParts } from './snapshot-read'

/**
 * What applying one item of a source configuration to a target PBX would do (ItemPlan), and the
 * request that does it (Write; a DECT base with handsets takes two, see apply-write.ts). Nothing here talks to a PBX: the target's parts were read
 * before. An item is matched on the target as compare matches it (config-items.ts); a rule's
 * providers and holidays by name, or by the mapping the user chose for a name the target lacks.
 * A body the API would refuse is `cannot` here, naming the field, before anything is sent.
 */

export type Write =
  | { kind: 'createRule'; body: OutboundRuleCreate }
  | { kind: 'updateRule'; id: string; body: OutboundRuleUpdate }
  | { kind: 'createServer'; body: IvrServerCreate }
  | { kind: 'updateServer'; id: string; body: IvrServerUpdate }
  | { kind: 'createTemplate'; body: EmailTemplateCreate }
  | { kind: 'updateTemplate'; name: EmailTemplateName; body: EmailTemplateUpdate }
  | { kind: 'updateNotification'; body: NotificationUpdate | LegacyNotificationUpdate }
  /** a base and then its handsets; the base is deleted again when the PBX refuses them */
  | { kind: 'createBase'; body: DectPhoneCreate; members?: DectMemberWrite[] }
  /** the handsets first (the whole list), then the fields; `membersBefore` is put back if the fields fail */
  | { kind: 'updateBase'; id: string; body: DectPhoneUpdate; members?: DectMemberWrite[]; membersBefore?: DectMemberWrite[] }

/**
 * A plan with its write and the state before; `fails`: it cannot, and not in a way skipping is
 * meant for (a name mapped to something the PBX removed since the preview), so it fails.
 */
export type Planned = ItemPlan & { write?: Write; before?: ConfigItem; fails?: true }

/** The target as read for planning: the parts the items are in, and its providers and holidays. */
export type TargetParts = Pick<SnapshotParts, 'providers' | 'holidays'> & Partial<Omit<SnapshotParts, 'providers' | 'holidays'>>

const UNREAD_TEXT: Record<UnreadReason, string> = {
  not_offered: 'this PBX does not offer them',
  not_allowed: 'the account saved for this PBX may not change them',
}

const cannot = (ref: ApplyItemRef, reason: string, more: Partial<ItemPlan> = {}): Planned => ({ ...ref, action: 'cannot', reason, changes: [], ...more })

/** A body checked as the API would: the first problem, named by its field, or null. */
function refusal(schema: Parameters<typeof checkInput>[0], body: unknown): string | null {
  const result = checkInput(schema, body)
  return result.success ? null : `the PBX would refuse it: ${problemText(result.problems[0] ?? { path: '', message: 'is not valid' }, 'body')}`
}

const namedLike = (refs: readonly NamedRef[], name: string): NamedRef | undefined => (name === '' ? undefined : refs.find((r) => r.name === name))

/**
 * The rule as it would stand on the target (the target's provider and holiday ids and names), and
 * the source's names the target lacks that the mapping chose for.
 */
function ruleOnTarget(ref: ApplyItemRef, rule: SnapshotRule, target: TargetParts, mapping: NameMapping): { rule: SnapshotRule; mapped: MissingNames } | Planned {
  const providers = target.providers.state === 'read' ? target.providers.items : []
  const holidays = target.holidays.state === 'read' ? target.holidays.items : []
  const missing: MissingNames = { providers: [], holidays: [] }
  const mapped: MissingNames = { providers: [], holidays: [] }
  /** names mapped to something the target no longer lists (removed since the preview) */
  const gone: string[] = []
  const routes = rule.routes.map((route) => {
    const name = route.provider_name || route.provider_id
    const namesake = namedLike(providers, route.provider_name)
    const chosen = Object.hasOwn(mapping.providers, name) ? mapping.providers[name] : undefined
    const match = namesake ?? providers.find((p) => p.id === chosen)
    if (!namesake && chosen === undefined) missing.providers.push(name)
    else if (!match) gone.push(`provider "${name}"`)
    else if (!namesake) mapped.providers.push(name)
    return { ...route, provider_id: match?.id ?? '', provider_name: match?.name ?? '' }
  })
  const kept: NamedRef[] = []
  for (const holiday of rule.holidays) {
    const name = holiday.name || holiday.id
    const match = namedLike(holidays, holiday.name)
    if (match) kept.push({ id: match.id, name: match.name })
    else if (Object.hasOwn(mapping.holidays, name)) {
      const id = mapping.holidays[name]
      const chosen = holidays.find((h) => h.id === id)
      if (chosen) kept.push({ id: chosen.id, name: chosen.name })
      if (chosen || id === null) mapped.holidays.push(name)
      else gone.push(`holiday "${name}"`)
    } else missing.holidays.push(name)
  }
  if (gone.length > 0) {
    return { ...cannot(ref, `the ${gone.join(' and the ')} chosen for it ${gone.length === 1 ? 'is' : 'are'} no longer on this PBX (removed since the preview): preview again to choose anew`), fails: true }
  }
  if (missing.providers.length > 0 || missing.holidays.length > 0) {
    const what = [...missing.providers.map((n) => `provider "${n}"`), ...missing.holidays.map((n) => `holiday "${n}"`)]
    return cannot(ref, `this PBX has no ${what.join(', no ')}: choose what it uses instead`, { missing, ...(hasNames(mapped) ? { mapped } : {}) })
  }
  return { rule: { ...rule, routes, holidays: [...new Map(kept.map((h) => [h.id, h])).values()] }, mapped }
}

const hasNames = (names: MissingNames) => names.providers.length + names.holidays.length > 0

function planRule(ref: ApplyItemRef, rule: SnapshotRule, target: TargetParts, mapping: NameMapping): Planned {
  const rules = target.outboundRules
  if (!rules || rules.state !== 'read') return cannot(ref, `Outbound rules: ${UNREAD_TEXT[rules?.state ?? 'not_offered']}`)
  const onTarget = ruleOnTarget(ref, rule, target, mapping)
  if ('action' in onTarget) return onTarget
  const planned = planRuleOn(ref, onTarget.rule, rules.items)
  return hasNames(onTarget.mapped) ? { ...planned, mapped: onTarget.mapped } : planned
}

/** Creating, updating or leaving a rule as it stands on the target (its names already the target's). */
function planRuleOn(ref: ApplyItemRef, wanted: SnapshotRule, rules: readonly SnapshotRule[]): Planned {
  const there = rules.find((r) => r.name === wanted.name)
  // the create body: office hours with every day, holidays and providers by id (ruleDraftOf reads
  // only the fields the API has, so the names kept for matching drop out)
  const body = ruleDraftOf(wanted)
  const refused = refusal(OutboundRuleCreateSchema, body)
  if (refused) return cannot(ref, refused)
  if (!there) return { ...ref, action: 'create', changes: [], write: { kind: 'createRule', body } }
  const changes = fieldChanges(comparableRule(there), comparableRule(wanted))
  if (changes.length === 0) return { ...ref, action: 'unchanged', changes }
  const update = ruleChanges(ruleDraftOf(there), body)
  return { ...ref, action: 'update', changes, write: { kind: 'updateRule', id: there.id, body: update }, before: { part: 'outboundRules', item: there } }
}

function planServer(ref: ApplyItemRef, wanted: SnapshotIvrServer, target: TargetParts): Planned {
  const servers = target.ivrServers
  if (!servers || servers.state !== 'read') return cannot(ref, `IVR servers: ${UNREAD_TEXT[servers?.state ?? 'not_offered']}`)
  // the built-in server is every PBX's own: only whether it is on is carried over
  const there = wanted.type === 'INTERNAL' ? servers.items.find((s) => s.type === 'INTERNAL') : servers.items.find((s) => s.name === wanted.name)
  if (there && there.type !== wanted.type) return cannot(ref, `"${wanted.name}" is this PBX's built-in server; an external server cannot take its place`)
  if (!there) {
    if (wanted.type === 'INTERNAL') return cannot(ref, 'this PBX has no built-in IVR server')
    const body: IvrServerCreate = { name: wanted.name, enabled: wanted.enabled, ...(wanted.ipv4 ? { ipv4: wanted.ipv4 } : {}), ...(wanted.ipv6 ? { ipv6: wanted.ipv6 } : {}) }
    const refused = refusal(IvrServerCreateSchema, body)
    return refused ? cannot(ref, refused) : { ...ref, action: 'create', changes: [], write: { kind: 'createServer', body } }
  }
  const fields = wanted.type === 'INTERNAL' ? (['enabled'] as const) : (['enabled', 'ipv4', 'ipv6'] as const)
  const body: IvrServerUpdate = {}
  for (const field of fields) if (wanted[field] !== undefined && wanted[field] !== there[field]) Object.assign(body, { [field]: wanted[field] })
  const before = comparableServer(there)
  const changes = fieldChanges(before, { ...before, ...body })
  if (changes.length === 0) return { ...ref, action: 'unchanged', changes }
  return { ...ref, action: 'update', changes, write: { kind: 'updateServer', id: there.id, body }, before: { part: 'ivrServers', item: there } }
}

function planTemplate(ref: ApplyItemRef, wanted: SnapshotTemplate, target: TargetParts): Planned {
  const templates = target.emailTemplates
  if (!templates || templates.state !== 'read') return cannot(ref, `Email templates: ${UNREAD_TEXT[templates?.state ?? 'not_offered']}`)
  // a field the source leaves empty is not sent (the API has no "empty sender")
  const fields = { ...(wanted.from ? { from: wanted.from } : {}), ...(wanted.subject ? { subject: wanted.subject } : {}), ...(wanted.body ? { body: wanted.body } : {}) }
  const refused = refusal(EmailTemplateCreateSchema, { name: wanted.name, ...fields })
  if (refused) return cannot(ref, refused)
  const there = templates.items.find((t) => t.name === wanted.name)
  if (!there) return { ...ref, action: 'create', changes: [], write: { kind: 'createTemplate', body: { name: wanted.name, ...fields } } }
  const before = comparableTemplate(there)
  const changes = fieldChanges(before, { ...before, ...fields })
  if (changes.length === 0) return { ...ref, action: 'unchanged', changes }
  return { ...ref, action: 'update', changes, write: { kind: 'updateTemplate', name: wanted.name, body: fields }, before: { part: 'emailTemplates', item: there } }
}

const MAIL_PASSWORD_NOTE = 'the mail password stays as it is on this PBX (a snapshot never holds it)'

function planNotification(ref: ApplyItemRef, wanted: NotificationSettings, target: TargetParts): Planned {
  const settings = target.notification
  if (!settings || settings.state !== 'read') return cannot(ref, `Notification settings: ${UNREAD_TEXT[settings?.state ?? 'not_offered']}`)
  const there = settings.settings
  const legacy = there.type === undefined
  const { type, enable_tenant_access, ...common } = wanted
  let body: NotificationUpdate | LegacyNotificationUpdate
  if (legacy) {
    if (wanted.auth === 'AUTO' || wanted.auth === 'DISABLE') return cannot(ref, `this PBX has the older settings, which sign in to the mail server with LOGIN or PLAIN only, not ${wanted.auth}`)
    body = { ...common, auth: wanted.auth, username: wanted.username ?? '' } as LegacyNotificationUpdate
  } else {
    body = { ...common, username: wanted.username ?? '', type: type ?? there.type!, ...(enable_tenant_access === undefined ? {} : { enable_tenant_access }) } as NotificationUpdate
  }
  if (body.auth === undefined) delete body.auth
  const refused = refusal(legacy ? LegacyNotificationUpdateSchema : NotificationUpdateSchema, body)
  if (refused) return cannot(ref, refused)
  const changes = fieldChanges(there, { ...there, ...body })
  if (changes.length === 0) return { ...ref, action: 'unchanged', changes }
  return { ...ref, action: 'update', reason: MAIL_PASSWORD_NOTE, changes, write: { kind: 'updateNotification', body }, before: { part: 'notification', item: there } }
}

/** The fields of a base an update may change (its MAC, template, vendor and model are set when it is added). */
const BASE_FIELDS = ['name', 'timezone', 'region', 'language', 'handset_language', 'tone', 'rps', 'https', 'codecs', 'interface', 'preferred_transport'] as const
const BASE_IDENTITY = ['template', 'vendor', 'model'] as const
const BASE_PASSWORD_NOTE = 'a snapshot holds no base passwords: the new base has the PBX\'s defaults'

const byIndex = (members: readonly DectMemberWrite[]) => [...members].sort((a, b) => Number(a.handset_index) - Number(b.handset_index))
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

function planBase(ref: ApplyItemRef, wanted: SnapshotBase, target: TargetParts): Planned {
  const bases = target.dectBases
  if (!bases || bases.state !== 'read') return cannot(ref, `DECT bases: ${UNREAD_TEXT[bases?.state ?? 'not_offered']}`)
  const members = wanted.members ? byIndex(wanted.members) : undefined
  if (members) {
    const refused = refusal(DectMemberListWriteSchema, { items: members })
    if (refused) return cannot(ref, refused)
  }
  // a PBX that lists another base without members does not offer them
  const membersOffered = !bases.items.some((b) => b.members === undefined)
  if (members && members.length > 0 && !membersOffered) return cannot(ref, 'this PBX does not offer handset enrolment (DECT base members): the base\'s handsets cannot be set here')
  const there = bases.items.find((b) => normalizeMac(b.mac) === normalizeMac(wanted.mac))
  if (!there) {
    const { members: _m, id: _id, ...fields } = wanted
    const body = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as DectPhoneCreate
    const refused = refusal(DectPhoneCreateSchema, body)
    if (refused) return cannot(ref, refused)
    return { ...ref, action: 'create', reason: BASE_PASSWORD_NOTE, changes: [], write: { kind: 'createBase', body, ...(members && members.length > 0 ? { members } : {}) } }
  }
  const other = BASE_IDENTITY.find((field) => wanted[field] !== undefined && there[field] !== undefined && wanted[field] !== there[field])
  if (other) return cannot(ref, `this PBX has the base ${wanted.mac} with ${other} "${there[other]}", not "${wanted[other]}": a base's ${other} is set when it is added (delete it on the PBX to add it anew)`)
  const body: DectPhoneUpdate = {}
  for (const field of BASE_FIELDS) if (wanted[field] !== undefined && !sameJson(wanted[field], there[field])) Object.assign(body, { [field]: wanted[field] })
  const membersBefore = there.members ? byIndex(there.members) : undefined
  const newMembers = members && membersOffered && !sameJson(members, membersBefore ?? []) ? members : undefined
  const before = comparableBase(there)
  const changes = fieldChanges(before, { ...before, ...body, ...(newMembers ? { members: newMembers } : {}) })
  if (changes.length === 0) return { ...ref, action: 'unchanged', changes }
  const write: Write = { kind: 'updateBase', id: there.id, body, ...(newMembers ? { members: newMembers, membersBefore: membersBefore ?? [] } : {}) }
  return { ...ref, action: 'update', changes, write, before: { part: 'dectBases', item: there } }
}

/** How the source is said to lack an item it was asked for. */
const NOT_IN_SOURCE: Record<ConfigPart, (key: string) => string> = {
  outboundRules: (key) => `the source has no outbound rule "${key}"`,
  ivrServers: (key) => `the source has no IVR server "${key}"`,
  emailTemplates: (key) => `the source has no custom template ${key}`,
  notification: () => 'the source has no notification settings',
  dectBases: (key) => `the source has no DECT base with MAC ${key}`,
}

/** What applying the item `ref` of `source` to a target (its parts read) would do. */
export function planItem(ref: ApplyItemRef, source: ConfigSnapshot, target: TargetParts, mapping: NameMapping): Planned {
  if (source[ref.part].state !== 'read') return cannot(ref, `${CONFIG_PART_TITLES[ref.part]}: the source could not read them`)
  const wanted = itemOf(source, ref.part, ref.key)
  if (!wanted) return cannot(ref, NOT_IN_SOURCE[ref.part](ref.key))
  switch (wanted.part) {
    case 'outboundRules':
      return planRule(ref, wanted.item, target, mapping)
    case 'ivrServers':
      return planServer(ref, wanted.item, target)
    case 'emailTemplates':
      return planTemplate(ref, wanted.item, target)
    case 'notification':
      return planNotification(ref, wanted.item, target)
    case 'dectBases':
      return planBase(ref, wanted.item, target)
  }
}

/** The parts a target must be read for to plan these items. */
export function partsFor(items: readonly ApplyItemRef[]): ConfigPart[] {
  return [...new Set(items.map((i) => i.part))]
}
