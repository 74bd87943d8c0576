import type { FleetSortKey } from './fleet-rows'

/**
 * The fleet table's columns the user may show or hide (the PBX and its actions always show), in
 * the table's order: whether a PBX wants a look and its figures first, then the rest, the group
 * and tags (which the filters above the table also offer) last. A column turned on takes its place
 * in this order: the less used ones come after the figures' age, so they never push the default
 * figures out of view (Reached and the IVR servers, among them, do).
 */
export const FLEET_COLUMN_KEYS = [
  'reach',
  'warnings',
  'access',
  'dectBases',
  'handsets',
  'outboundRules',
  'ivrServers',
  'checkedAt',
  'certificate',
  'tenant',
  'notifications',
  'lastBatch',
  'group',
  'tags',
] as const satisfies readonly FleetSortKey[]
export type FleetColumnKey = (typeof FLEET_COLUMN_KEYS)[number]

/** Each column's title, in the table's header and in the column chooser alike. */
export const FLEET_COLUMN_TITLES: Record<FleetColumnKey, string> = {
  reach: 'Reached',
  warnings: 'Warnings',
  access: 'Access',
  dectBases: 'DECT bases',
  handsets: 'Handsets',
  outboundRules: 'Outbound rules',
  ivrServers: 'IVR servers',
  checkedAt: 'Figures',
  certificate: 'Certificate',
  tenant: 'Tenant',
  notifications: 'Alert emails',
  lastBatch: 'Last batch',
  group: 'Group',
  tags: 'Tags',
}

/**
 * Shown until the user chooses: what fits beside the sidebar in the window's default width
 * (1280 px) without scrolling sideways, in Debian's DejaVu Sans, the widest of the fonts the app
 * meets. The warnings (their colour says "not reached" too), whether the app can get in, the
 * figures most looked at and their age. Reached (its round trip) and the IVR servers (which a
 * tenant's admin may not read) would push the age under the actions: one click away in "Columns".
 */
export const DEFAULT_FLEET_COLUMNS: readonly FleetColumnKey[] = ['warnings', 'access', 'dectBases', 'handsets', 'outboundRules', 'checkedAt']
