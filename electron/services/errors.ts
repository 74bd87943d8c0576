import type { BridgeError } from '../contract/result'

/**
 * An expected failure of a service, with a message meant for the user ("what failed and what to
 * do"). The Bridge turns it into `{ ok: false, error }`; anything else thrown is a bug and is
 * reported as INTERNAL without its details.
 */
export class ServiceError extends Error {
  readonly code: BridgeError['code']
  readonly field: string | undefined
  readonly status: number | undefined
  readonly pbxCode: string | undefined
  readonly certificate: BridgeError['certificate']

  constructor(code: BridgeError['code'], message: string, extra: Omit<BridgeError, 'code' | 'message'> = {}) {
    super(message)
    this.name = 'ServiceError'
    this.code = code
    this.field = extra.field
    this.status = extra.status
    this.pbxCode = extra.pbxCode
    this.certificate = extra.certificate
  }

  toBridgeError(): BridgeError {
    const error: BridgeError = { code: this.code, message: this.message }
    if (this.field !== undefined) error.field = this.field
    if (this.status !== undefined) error.status = this.status
    if (this.pbxCode !== undefined) error.pbxCode = this.pbxCode
    if (this.certificate !== undefined) error.certificate = this.certificate
    return error
  }
}

/** The words of any failure: an Error's message, or the thrown value as text. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** The user cancelled: not a failure to report, not a bug. */
export const cancelled = (): ServiceError => new ServiceError('CANCELLED', 'Cancelled.')
