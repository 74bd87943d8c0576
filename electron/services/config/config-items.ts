import type { ConfigPart, ConfigSnapshot, SnapshotBase, SnapshotIvrServer, SnapshotRule, SnapshotTemplate, UnreadReason } from '../../contract/config-snapshot'
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

function comparableServer(server: SnapshotIvrServer): Record<string, unknown> {
  const { id: _id, ...fields } = server
  return fields
}

function comparableTemplate(template: SnapshotTemplate): Record<string, unknown> {
  const { name: _name, ...fields } = template
  return fields
}

function comparableBase(base: SnapshotBase): Record<string, unknown> {
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
