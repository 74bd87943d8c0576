import type { FleetEntry, FleetFigure } from '../contract/fleet'

/**
 * The fleet overview's figures as short words for one line per PBX (the desktop app's table
 * shows the same figures; its words live in the renderer, which the command line does not import).
 */

export function reachWords(entry: Pick<FleetEntry, 'reach' | 'rttMs' | 'checkedAt'>): string {
  switch (entry.reach) {
    case 'reachable':
      return entry.rttMs === undefined ? 'reachable' : `reachable ${Math.round(entry.rttMs)} ms`
    case 'unreachable':
      return 'UNREACHABLE'
    case 'untrusted':
      return 'UNTRUSTED CERT'
    case 'not_a_pbx':
      return 'NOT A PBX'
    default:
      return entry.checkedAt ? 'FAILED' : 'not read yet'
  }
}

const ACCESS_WORDS: Record<NonNullable<FleetEntry['access']>, string> = {
  signed_in: 'signed in',
  remembered: 'password kept',
  code_required: 'needs a code',
  needs_password: 'needs password',
}

export const accessWords = (access: FleetEntry['access']): string => (access ? ACCESS_WORDS[access] : '-')

const CERTIFICATE_WORDS: Record<FleetEntry['certificate'], string> = {
  http: 'none (http)',
  system: 'trusted',
  pinned: 'pinned',
  changed: 'CHANGED',
  untrusted: 'untrusted',
  unknown: '-',
}

export const certificateWords = (certificate: FleetEntry['certificate']): string => CERTIFICATE_WORDS[certificate]

/** A count, or why there is none: `n/a` (the PBX has no such endpoint), `denied`, `failed`, `-` (not read). */
export function figureWords(figure: FleetFigure | undefined): string {
  if (figure === undefined) return '-'
  if (typeof figure === 'number') return String(figure)
  return { not_offered: 'n/a', not_allowed: 'denied', failed: 'failed' }[figure]
}

/** The warnings' kinds, joined: `rule_disabled,no_alert_recipients`, or `-`. */
export const warningWords = (entry: Pick<FleetEntry, 'warnings'>): string => (entry.warnings.length === 0 ? '-' : [...new Set(entry.warnings.map((w) => w.kind))].join(','))

/** Whether a PBX's figures were read: it answered, and reading did not fail. */
export const wasRead = (entry: Pick<FleetEntry, 'reach' | 'warnings'>): boolean => entry.reach === 'reachable' && !entry.warnings.some((w) => w.kind === 'failed')
