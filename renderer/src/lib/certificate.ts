import type { TrustedCertificate } from '@contract/profiles'
import type { CertificateInfo } from '@contract/result'

/** How many bytes (hex pairs) stand in one group of a fingerprint shown for reading aloud. */
const PAIRS_PER_GROUP = 4

/**
 * A SHA-256 fingerprint (`AB:CD:…`, 32 pairs) in groups of four pairs, to read aloud or compare
 * group by group with the one the PBX shows: `['AB:CD:EF:01', '23:45:67:89', …]`.
 */
export function fingerprintGroups(fingerprint: string): string[] {
  const pairs = fingerprint.toUpperCase().split(':').filter((pair) => pair !== '')
  const groups: string[] = []
  for (let i = 0; i < pairs.length; i += PAIRS_PER_GROUP) groups.push(pairs.slice(i, i + PAIRS_PER_GROUP).join(':'))
  return groups
}

/** The first groups of a fingerprint and an ellipsis, enough to recognise it in a list. */
export function fingerprintStart(fingerprint: string, groups = 2): string {
  const all = fingerprintGroups(fingerprint)
  return all.length > groups ? `${all.slice(0, groups).join(' ')} …` : all.join(' ')
}

/** What the app keeps of a certificate the user trusts for one PBX. */
export function trustedFrom(certificate: Pick<CertificateInfo, 'fingerprint256' | 'subject' | 'validTo'>): TrustedCertificate {
  return { fingerprint256: certificate.fingerprint256, subject: certificate.subject, validTo: certificate.validTo }
}

/** The reason main gives when a certificate changed since the user trusted one. */
export const CERTIFICATE_CHANGED = 'CERTIFICATE_CHANGED'

const REASONS: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'It is self-signed: the PBX made it itself, so no authority vouches for it.',
  SELF_SIGNED_CERT_IN_CHAIN: 'Its chain ends in a self-signed certificate this computer does not know.',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'It was issued by an authority this computer does not know.',
  UNABLE_TO_GET_ISSUER_CERT: 'It was issued by an authority this computer does not know.',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'It was issued by an authority this computer does not know.',
  CERT_HAS_EXPIRED: 'It has expired.',
  CERT_NOT_YET_VALID: 'It is not valid yet (check the clock of this computer and of the PBX).',
  ERR_TLS_CERT_ALTNAME_INVALID: 'It was made for another name than this address.',
}

/** Why this computer does not trust a certificate, in words (with main's code for support). */
export function reasonText(reason: string): string {
  const known = REASONS[reason]
  return known ? `${known} (${reason})` : `This computer does not trust it (${reason}).`
}

/**
 * A certificate date (Node's `Jan  1 00:00:00 2026 GMT`, or ISO 8601) as a local date and time;
 * the text as given when it does not parse.
 */
export function certificateDate(text: string): string {
  const time = Date.parse(text)
  if (Number.isNaN(time)) return text
  return new Date(time).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
}
