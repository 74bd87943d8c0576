import type { ConfigItem } from '../../contract/config-apply'
import { CONFIG_SNAPSHOT_FORMAT, CONFIG_SNAPSHOT_VERSION, type ConfigPart, type ConfigSnapshot, type SnapshotBase, type SnapshotIvrServer, type SnapshotRule, type SnapshotTemplate, type UnreadReason } from '../../contract/config-snapshot'
import type { NotificationSettings } from '../../contract/pbx'

/**
 * The items of a snapshot's part as they are matched and compared across PBXs: each with the key
 * it is matched by (a rule, a server by name; a template by its kind; a base by its MAC; the
 * notification settings are the one item 'settings') and its fields without what each PBX numbers
 * itself (ids): a route's provider and a rule's holidays by name (the id where there is no name).
 * Compare and apply both read items through here, so they match alike.
 */

export type PartItem = { key: string; fields: Record<string, unknown> }
export type PartItems = { state: 'read'; items: PartItem[] } | { state: UnreadReason }

export function comparableRule(rule: SnapshotRule): Record<string, unknown> {
  const { id: _id, routes, holidays, ...fields } = rule
  return {
    ...fields,
    holidays: holidays.map((h) => h.name || h.id),
    routes: routes.map(({ provider_id, provider_name, ...route }) => ({ provider: provider_name || provider_id, ...route })),
  }
}

export function comparableServer(server: SnapshotIvrServer): Record<string, unknown> {
  const { id: _id, ...fields } = server
  return fields
}

export function comparableTemplate(template: SnapshotTemplate): Record<string, unknown> {
  const { name: _name, ...fields } = template
  return fields
}

export function comparableBase(base: SnapshotBase): Record<string, unknown> {
  const { id: _id, ...fields } = base
  return fields
}

function comparableSettings(settings: NotificationSettings): Record<string, unknown> {
  return { ...settings }
}

/** The items of one part of a snapshot, keyed, or why the part was not read. */
export function partItems(snapshot: ConfigSnapshot, part: ConfigPart): PartItems {
  switch (part) {
    case 'outboundRules': {
      const p = snapshot.outboundRules
      return p.state === 'read' ? { state: 'read', items: p.items.map((r) => ({ key: r.name, fields: comparableRule(r) })) } : p
    }
    case 'ivrServers': {
      const p = snapshot.ivrServers
      return p.state === 'read' ? { state: 'read', items: p.items.map((s) => ({ key: s.name, fields: comparableServer(s) })) } : p
    }
    case 'emailTemplates': {
      const p = snapshot.emailTemplates
      return p.state === 'read' ? { state: 'read', items: p.items.map((t) => ({ key: t.name, fields: comparableTemplate(t) })) } : p
    }
    case 'notification': {
      const p = snapshot.notification
      return p.state === 'read' ? { state: 'read', items: [{ key: 'settings', fields: comparableSettings(p.settings) }] } : p
    }
    case 'dectBases': {
      const p = snapshot.dectBases
      return p.state === 'read' ? { state: 'read', items: p.items.map((b) => ({ key: b.mac, fields: comparableBase(b) })) } : p
    }
  }
}

/**
 * A configuration of the given items only (what a rollout applied, or what its items were before):
 * each part holding its items, read. What a retry and an undo plan from.
 */
export function snapshotOfItems(items: readonly ConfigItem[], source: ConfigSnapshot['source'], takenAt: string): ConfigSnapshot {
  type ItemOf<P> = Extract<ConfigItem, { part: P }>['item']
  const of = <P extends ConfigItem['part']>(part: P): ItemOf<P>[] => items.filter((i) => i.part === part).map((i) => i.item as ItemOf<P>)
  const settings = of('notification')[0]
  return {
    format: CONFIG_SNAPSHOT_FORMAT,
    version: CONFIG_SNAPSHOT_VERSION,
    takenAt,
    source,
    providers: { state: 'read', items: [] },
    holidays: { state: 'read', items: [] },
    outboundRules: { state: 'read', items: of('outboundRules') },
    ivrServers: { state: 'read', items: of('ivrServers') },
    emailTemplates: { state: 'read', items: of('emailTemplates') },
    notification: settings ? { state: 'read', settings } : { state: 'not_offered' },
    dectBases: { state: 'read', items: of('dectBases') },
  }
}

/** The item of a snapshot an item ref names, with its part; undefined when the snapshot has none. */
export function itemOf(snapshot: ConfigSnapshot, part: ConfigPart, key: string): ConfigItem | undefined {
  switch (part) {
    case 'outboundRules': {
      const item = snapshot.outboundRules.state === 'read' ? snapshot.outboundRules.items.find((r) => r.name === key) : undefined
      return item && { part, item }
    }
    case 'ivrServers': {
      const item = snapshot.ivrServers.state === 'read' ? snapshot.ivrServers.items.find((s) => s.name === key) : undefined
      return item && { part, item }
    }
    case 'emailTemplates': {
      const item = snapshot.emailTemplates.state === 'read' ? snapshot.emailTemplates.items.find((t) => t.name === key) : undefined
      return item && { part, item }
    }
    case 'notification':
      return snapshot.notification.state === 'read' ? { part, item: snapshot.notification.settings } : undefined
    case 'dectBases': {
      const item = snapshot.dectBases.state === 'read' ? snapshot.dectBases.items.find((b) => b.mac === key) : undefined
      return item && { part, item }
    }
  }
}
