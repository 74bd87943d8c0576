import type { OperationName } from '../contract/operations'
import type { BridgeError } from '../contract/result'

/** answers that are part of normal use (a PBX asking for its password, a cancelled sign-in, a typo in a form) */
const ROUTINE = new Set<BridgeError['code']>(['NOT_SIGNED_IN', 'CANCELLED', 'INVALID_INPUT', 'NOT_FOUND', 'NOT_SUPPORTED'])

/**
 * How main logs a Bridge call answered with an error: the operation, the code and the message,
 * and what locates the failure (HTTP status, the PBX's code, the field). Never the input, which
 * may hold a password; the logger's redaction runs over the message as over every line.
 * A PBX that failed (unreachable, its own error, an untrusted certificate) is a warning; routine
 * answers are information.
 */
export function bridgeFailureEntry(operation: OperationName, error: BridgeError): { level: 'info' | 'warn'; text: string; details: Record<string, string | number> } {
  const details: Record<string, string | number> = {}
  if (error.status !== undefined) details.status = error.status
  if (error.pbxCode !== undefined) details.pbxCode = error.pbxCode
  if (error.field !== undefined) details.field = error.field
  return { level: ROUTINE.has(error.code) ? 'info' : 'warn', text: `[bridge] ${operation} failed: ${error.code}: ${error.message}`, details }
}
