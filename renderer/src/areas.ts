import type { Capability } from '@contract/pbx'
import type { SessionState } from '@contract/profiles'

/**
 * Who may use a PBX area: the capability the PBX must grant the signed-in user
 * (electron/demo-pbx/README.md, "Roles and capabilities"), and who has it, for the reason shown
 * when the user lacks it.
 */
type AreaNeeds = { capability: Capability; who: 'a tenant administrator' | 'the system administrator' }

/**
 * The areas of the app, in the order the sidebar shows them. The router and the sidebar are both
 * built from this list, so a new area is added here once. `needs: null` is always open and works
 * on no one PBX (PBXs; Fleet, every saved PBX at a glance).
 * `offline: true` marks an area that is always open too, though part of it needs a PBX (DECT
 * phones: batches are prepared without a PBX; only "Phones on the PBX" needs `needs`).
 */
export const AREAS = [
  { key: 'pbxs', path: '/pbxs', title: 'PBXs', needs: null },
  { key: 'fleet', path: '/fleet', title: 'Fleet', needs: null },
  { key: 'dect', path: '/dect', title: 'DECT phones', needs: { capability: 'dect_phones:read', who: 'a tenant administrator' }, offline: true },
  { key: 'ivr', path: '/ivr', title: 'IVR servers', needs: { capability: 'ivr_servers:read', who: 'the system administrator' } },
  { key: 'outbound', path: '/outbound', title: 'Outbound rules', needs: { capability: 'outbound_rules:read', who: 'a tenant administrator' } },
  { key: 'templates', path: '/templates', title: 'Email templates', needs: { capability: 'email_templates:read', who: 'a tenant administrator' } },
  { key: 'notifications', path: '/notifications', title: 'Notifications', needs: { capability: 'notification:read', who: 'the system administrator' } },
] as const satisfies readonly { key: string; path: string; title: string; needs: AreaNeeds | null; offline?: true }[]

export type Area = (typeof AREAS)[number]
export type AreaKey = Area['key']

export const APP_NAME = 'PBX Provisioner'

export function isAreaKey(value: unknown): value is AreaKey {
  return AREAS.some((area) => area.key === value)
}

export function areaOf(key: AreaKey): Area {
  return AREAS.find((area) => area.key === key) ?? AREAS[0]
}

/** What an area says when no PBX is open. */
export const OPEN_A_PBX_FIRST = 'open a PBX first'

/**
 * Whether the signed-in user of the active PBX (`session`, null when none is open) may use an
 * area, and if not, why, in a few words for the sidebar.
 */
export type AreaAccess =
  | { allowed: true }
  | {
      allowed: false
      reason: 'no-pbx' | 'role'
      text: string
      /**
       * the area needs the system administrator and the open entry is a tenant's: it may be
       * entered, and offers "Sign in as the system administrator of this PBX" right there
       */
      systemSignIn?: true
    }

/**
 * What the open PBX's sign-ins may do: the entry's own user's capabilities, and its system
 * administrator's while that second sign-in is signed in (one entry for both roles).
 */
export function capabilitiesOf(session: SessionState | null): readonly string[] {
  if (session === null || session.status !== 'signed_in') return []
  const own = session.user?.capabilities ?? []
  const system = session.system?.status === 'signed_in' ? (session.system.user?.capabilities ?? []) : []
  return [...own, ...system]
}

/**
 * What an area that needs the system administrator says to a tenant entry: "IVR servers need the
 * system administrator of this PBX. Demo Company is signed in as manager (Admin): sign in as the
 * system administrator too, and this entry keeps both."
 */
export const systemSignInSentence = (area: string, pbxLabel: string, signedInAs: string): string =>
  `${area} need the system administrator of this PBX. ${pbxLabel} is signed in as ${signedInAs}: sign in as the system administrator too, and this entry keeps both.`

/** Whether an area may be entered: allowed, or offering the system administrator's sign-in there. */
export const mayEnter = (access: AreaAccess): boolean => access.allowed || access.systemSignIn === true

export function areaAccess(key: AreaKey, session: SessionState | null): AreaAccess {
  const area: Area = areaOf(key)
  if ('offline' in area && area.offline) return { allowed: true }
  return pbxAccess(key, session)
}

/**
 * Whether the active PBX lets its signed-in user use what an area does on the PBX (for an
 * offline area, the part that needs a PBX: DECT's "Phones on the PBX"), and if not, why.
 */
export function pbxAccess(key: AreaKey, session: SessionState | null): AreaAccess {
  const { needs } = areaOf(key)
  if (needs === null) return { allowed: true }
  if (session === null || session.status !== 'signed_in') return { allowed: false, reason: 'no-pbx', text: OPEN_A_PBX_FIRST }
  if (capabilitiesOf(session).includes(needs.capability)) return { allowed: true }
  if (needs.who === 'the system administrator') return { allowed: false, reason: 'role', text: `needs ${needs.who}`, systemSignIn: true }
  return { allowed: false, reason: 'role', text: `needs ${needs.who}` }
}

/** Whether an area works on the open PBX (every area but PBXs and Fleet). */
export function isPbxArea(key: AreaKey): boolean {
  return areaOf(key).needs !== null
}

/**
 * The first PBX area (after PBXs and Fleet) the signed-in user may use on the PBX, or null when there is
 * none. An offline area counts only where the PBX grants its capability.
 */
export function firstPermittedArea(session: SessionState | null): Area | null {
  return AREAS.find((area) => area.needs !== null && pbxAccess(area.key, session).allowed) ?? null
}
