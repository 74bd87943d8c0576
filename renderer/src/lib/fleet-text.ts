import type { BatchStatus, BatchVerdict } from '@contract/batch-state'
import {
  CERTIFICATE_EXPIRING_DAYS,
  type FLEET_ACCESS,
  type FLEET_CERTIFICATE,
  type FLEET_NOTIFICATIONS,
  type FLEET_REACH,
  type FleetFigure,
  type FleetWarning,
} from '@contract/fleet'
import { pbxCount } from '@contract/plural'
import type { ProfileColour } from '@contract/profiles'
import { ageText } from './age-text'
import { STATUS_WORDS } from './batch-text'

/** Words for the fleet screen (the reseller's table of every saved PBX). Plain functions, tested with it. */

export type FleetReach = (typeof FLEET_REACH)[number]
export type FleetCertificate = (typeof FLEET_CERTIFICATE)[number]
export type FleetAccess = (typeof FLEET_ACCESS)[number]
export type FleetNotifications = (typeof FLEET_NOTIFICATIONS)[number]

const DAY_MS = 24 * 60 * 60_000

/** A word and, where the word alone is short, the sentence a tooltip (title) gives. */
export type Words = { text: string; title?: string }

export const REACH_WORDS: Record<FleetReach, string> = {
  reachable: 'reachable',
  unreachable: 'unreachable',
  untrusted: 'certificate refused',
  not_a_pbx: 'not a PBX',
}

/** "reachable · 42 ms", "unreachable", "not checked" */
export function reachText(reach: FleetReach | undefined, rttMs: number | undefined): string {
  if (reach === undefined) return 'not checked'
  if (reach === 'reachable' && rttMs !== undefined) return `reachable · ${Math.round(rttMs)} ms`
  return REACH_WORDS[reach]
}

export const CERTIFICATE_WORDS: Record<FleetCertificate, Words> = {
  http: { text: 'plain http', title: 'No certificate: the PBX is reached over plain http, unencrypted' },
  system: { text: 'trusted', title: 'A certificate this computer trusts' },
  pinned: { text: 'pinned', title: 'A certificate you trusted for this PBX' },
  changed: { text: 'changed!', title: 'Not the certificate you trusted for this PBX: refused. Trust the new one only if you know why it changed' },
  untrusted: { text: 'not trusted', title: 'A certificate this computer does not trust (self-signed?), not trusted for this PBX either' },
  unknown: { text: 'unknown', title: 'Not known yet: the PBX was not reached' },
}

/** Whether a certificate has ended, ends within CERTIFICATE_EXPIRING_DAYS, or neither (or its end is unknown). */
export function certificateEnd(validTo: string | undefined, now: number): 'expired' | 'expiring' | null {
  const end = validTo === undefined ? Number.NaN : Date.parse(validTo)
  if (Number.isNaN(end)) return null
  if (end <= now) return 'expired'
  return end - now <= CERTIFICATE_EXPIRING_DAYS * DAY_MS ? 'expiring' : null
}

/** "expires in 12 days", "expires in 1 day", "expired"; '' when not within CERTIFICATE_EXPIRING_DAYS. */
export function expiryText(validTo: string | undefined, now: number): string {
  const state = certificateEnd(validTo, now)
  if (state !== 'expiring') return state ?? ''
  const days = Math.ceil((Date.parse(validTo!) - now) / DAY_MS)
  return `expires in ${days} ${days === 1 ? 'day' : 'days'}`
}

/** The certificate cell: "trusted", "pinned, expires in 12 days", "changed!" with its sentence. */
export function certificateText(certificate: FleetCertificate, validTo: string | undefined, now: number): Words {
  const words = CERTIFICATE_WORDS[certificate]
  const expiry = certificate === 'http' ? '' : expiryText(validTo, now)
  const date = validTo !== undefined && !Number.isNaN(Date.parse(validTo)) ? ` (valid to ${new Date(validTo).toLocaleDateString()})` : ''
  return { text: expiry ? `${words.text}, ${expiry}` : words.text, title: `${words.title ?? words.text}${certificate === 'http' ? '' : date}` }
}

export const ACCESS_WORDS: Record<FleetAccess, Words> = {
  signed_in: { text: 'signed in', title: 'The app is signed in to this PBX' },
  remembered: { text: 'remembered', title: 'A password or token is kept, but the PBX was not reached to sign in' },
  needs_password: { text: 'needs password', title: 'Nothing is kept for this PBX: sign in by hand' },
  code_required: { text: 'code required', title: 'The PBX asks for a one-time code: sign in by hand' },
}

/** The access cell ("—" before the PBX was read). */
export function accessText(access: FleetAccess | undefined): Words {
  return access === undefined ? { text: '—', title: 'Not read yet' } : ACCESS_WORDS[access]
}

/** Whether the row offers "Sign in": the app cannot get in without the user. */
export const needsSignIn = (access: FleetAccess | undefined): boolean => access === 'needs_password' || access === 'code_required'

/**
 * A figure not read: blank, and why. Where the app cannot sign in by itself (no password kept, a
 * one-time code asked for), nothing is read until the user signs in; otherwise it was not read yet.
 */
function unreadText(access: FleetAccess | undefined): Words {
  return { text: '', title: needsSignIn(access) ? 'Sign in to read' : 'Not read yet' }
}

/** A count, or why there is none: "—" not offered, "no access", "?" failed; '' not read (yet, or until signed in). */
export function figureText(figure: FleetFigure | undefined, access?: FleetAccess): Words {
  if (figure === undefined) return unreadText(access)
  if (typeof figure === 'number') return { text: String(figure) }
  if (figure === 'not_offered') return { text: '—', title: 'not offered by this PBX' }
  if (figure === 'not_allowed') return { text: 'no access', title: 'the account may not read this on this PBX' }
  return { text: '?', title: 'could not be read: see the warnings' }
}

export const NOTIFICATIONS_WORDS: Record<FleetNotifications, Words> = {
  recipients: { text: 'recipients', title: 'Alert emails have recipients' },
  no_recipients: { text: 'none!', title: 'Alert emails have no recipients: nobody hears of a problem' },
  not_offered: { text: '—', title: 'not offered by this PBX' },
  not_allowed: { text: 'no access', title: 'the account may not read the alert emails on this PBX' },
  failed: { text: '?', title: 'could not be read: see the warnings' },
}

export function notificationsText(notifications: FleetNotifications | undefined, access?: FleetAccess): Words {
  return notifications === undefined ? unreadText(access) : NOTIFICATIONS_WORDS[notifications]
}

/** The last batch pushed to the PBX: "Site A · Done · 2 h ago". */
export function lastBatchText(batch: { name: string; status: BatchStatus; verdict?: BatchVerdict; at: string } | undefined, now: number): string {
  return batch === undefined ? '' : `${batch.name} · ${STATUS_WORDS[batch.verdict ?? batch.status]} · ${ageText(batch.at, now)}`
}

/** A warning's tag: red where the PBX cannot be trusted or reached, amber for what wants a look. */
export function warningTagType(kind: FleetWarning['kind']): 'error' | 'warning' {
  return kind === 'unreachable' || kind === 'certificate_changed' || kind === 'certificate_untrusted' ? 'error' : 'warning'
}

/** The warnings cell's count: "1 warning", "3 warnings". */
export function warningsCountText(count: number): string {
  return `${count} ${count === 1 ? 'warning' : 'warnings'}`
}

/** The colour of a PBX's warnings taken together: that of the worst one (red before amber). */
export function worstWarningType(warnings: readonly FleetWarning[]): 'error' | 'warning' {
  return warnings.some((warning) => warningTagType(warning.kind) === 'error') ? 'error' : 'warning'
}

/** "Refreshing 12 of 200": how many of the PBXs asked for are read. */
export function refreshProgressText(done: number, total: number): string {
  return `Refreshing ${done} of ${total}`
}

/** "3 of 200 shown", "200 PBXs" */
export function shownText(shown: number, total: number): string {
  return shown === total ? pbxCount(total) : `${shown} of ${total} shown`
}

export const COLOUR_WORDS: Record<ProfileColour, string> = {
  red: 'Red',
  orange: 'Orange',
  yellow: 'Yellow',
  green: 'Green',
  teal: 'Teal',
  blue: 'Blue',
  purple: 'Purple',
  grey: 'Grey',
}

/** "none" for '' */
export const colourText = (colour: ProfileColour | ''): string => (colour === '' ? 'None' : COLOUR_WORDS[colour])

/** The group filter's word for the PBXs in no group. */
export const NO_GROUP = 'no group'
