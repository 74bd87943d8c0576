/**
 * The areas of the app, in the order the sidebar shows them. The router and the sidebar are both
 * built from this list, so a new area is added here once.
 */
export const AREAS = [
  { key: 'pbxs', path: '/pbxs', title: 'PBXs' },
  { key: 'dect', path: '/dect', title: 'DECT phones' },
  { key: 'ivr', path: '/ivr', title: 'IVR servers' },
  { key: 'outbound', path: '/outbound', title: 'Outbound rules' },
  { key: 'templates', path: '/templates', title: 'Email templates' },
  { key: 'notifications', path: '/notifications', title: 'Notifications' },
] as const

export type Area = (typeof AREAS)[number]
export type AreaKey = Area['key']

export const APP_NAME = 'PBX Provisioner'

export function isAreaKey(value: unknown): value is AreaKey {
  return AREAS.some((area) => area.key === value)
}

/** What every area but PBXs says until profiles and sign-in arrive. */
export const NEEDS_SIGNED_IN_PBX = 'This area needs a signed-in PBX: sign in to one on the PBXs page first.'
