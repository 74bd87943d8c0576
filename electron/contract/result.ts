import { z } from 'zod'

/**
 * What crosses the Bridge. Expected failures are values, not exceptions: every operation answers
 * `{ ok: true, value }` or `{ ok: false, error }`, so the renderer sees a typed error with a message
 * meant for the user, and an exception in main is a bug, never a way to report a wrong password.
 */
export const BRIDGE_ERROR_CODES = [
  /** input failed the contract's schema; `field` names the first offending field */
  'INVALID_INPUT',
  /** the PBX could not be reached (refused, DNS, TLS, timeout) */
  'UNREACHABLE',
  /** the server answered, but not as a PBX of this API (HTML, 404 on /api/info, ...) */
  'NOT_A_PBX',
  /** the PBX answered with an error of the API's error shape; `status` and `pbxCode` say which */
  'PBX_ERROR',
  /** the PBX needs a sign-in first (no session, or its refresh token was refused): show the sign-in dialog */
  'NOT_SIGNED_IN',
  /** a saved PBX (or another item the app keeps) with that id does not exist */
  'NOT_FOUND',
  /** the PBX does not offer this (an optional endpoint answered 404 or 405) */
  'NOT_SUPPORTED',
  /** the user cancelled the work (a request, a batch) */
  'CANCELLED',
  /** the PBX's TLS certificate is not trusted (self-signed, or changed since it was trusted); `certificate` says which */
  'UNTRUSTED_CERTIFICATE',
  /** the operation needs a keychain and none answers */
  'NO_KEYCHAIN',
  /** another window or command line is using the same file (a batch being pushed, the saved PBXs): try again when it is done */
  'BUSY',
  /** the system's print dialog could not print (no printer, a printer error); the message quotes its reason */
  'PRINT_FAILED',
  /** anything unexpected: a bug in the app */
  'INTERNAL',
] as const

/** A TLS certificate as the app shows it before the user trusts it for one PBX. */
export const CertificateInfoSchema = z.object({
  /** SHA-256 fingerprint, upper-case hex pairs joined by colons */
  fingerprint256: z.string(),
  subject: z.string(),
  issuer: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  /** why the system did not trust it (e.g. DEPTH_ZERO_SELF_SIGNED_CERT), or that it changed */
  reason: z.string(),
  /** the fingerprint trusted before, when the certificate changed since */
  trustedFingerprint256: z.string().optional(),
})
export type CertificateInfo = z.infer<typeof CertificateInfoSchema>

export const BridgeErrorSchema = z.object({
  code: z.enum(BRIDGE_ERROR_CODES),
  message: z.string(),
  field: z.string().optional(),
  status: z.number().int().optional(),
  pbxCode: z.string().optional(),
  certificate: CertificateInfoSchema.optional(),
})
export type BridgeError = z.infer<typeof BridgeErrorSchema>

export type BridgeResult<T> = { ok: true; value: T } | { ok: false; error: BridgeError }
