import type { CertificateInfo } from '../contract/result'
import { TrustedCertificateSchema } from '../contract/profiles'
import { usageError } from './exit-codes'

/**
 * A SHA-256 fingerprint as typed (colons or none, any case, spaces allowed) in the app's form:
 * upper-case hex pairs joined by colons. Anything else is bad usage.
 */
export function normalFingerprint(typed: string): string {
  const hex = typed.replace(/[\s:]/g, '').toUpperCase()
  const joined = hex.match(/.{1,2}/g)?.join(':') ?? ''
  const checked = TrustedCertificateSchema.shape.fingerprint256.safeParse(joined)
  if (!/^[0-9A-F]{64}$/.test(hex) || !checked.success) {
    throw usageError(`--trust-fingerprint: "${typed}" is not a SHA-256 fingerprint (64 hex digits, e.g. AB:CD:…, as printed when the certificate is not trusted).`)
  }
  return joined
}

/** The certificate a PBX presented, as lines for the person to compare with the PBX's. */
export function certificateLines(certificate: CertificateInfo): string[] {
  return [
    `  subject:     ${certificate.subject}`,
    `  issued by:   ${certificate.issuer}`,
    `  valid:       ${certificate.validFrom} to ${certificate.validTo}`,
    `  fingerprint: ${certificate.fingerprint256} (SHA-256)`,
    `  why:         ${certificate.reason}`,
  ]
}
