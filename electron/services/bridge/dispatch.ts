import type { z } from 'zod'
import { bridge, type BridgeHandlers } from '../../contract/bridge'
import { OPERATION_NAMES, type OperationName } from '../../contract/operations'
import type { BridgeError, BridgeResult } from '../../contract/result'
import { ServiceError } from '../errors'

const known = new Set<string>(OPERATION_NAMES)

export const isOperationName = (name: unknown): name is OperationName => typeof name === 'string' && known.has(name)

/** The first problem of a failed schema check, as the user should read it: "field: what is wrong". */
export function describeIssue(issues: readonly z.core.$ZodIssue[]): Pick<BridgeError, 'message' | 'field'> {
  const first = issues[0]
  if (!first) return { message: 'The input is not valid.' }
  const field = first.path.map(String).join('.')
  const message = first.message.startsWith(`${field}:`) || field === '' ? first.message : `${field}: ${first.message}`
  return field === '' ? { message } : { message, field }
}

/**
 * The one way into the services from outside: check the operation name and the input against the
 * contract, run the handler, and answer a BridgeResult. Used by the IPC binding in main and by the
 * test harness that serves the renderer in Chromium, so both run the same checks.
 */
export async function dispatch(
  handlers: BridgeHandlers,
  name: unknown,
  input: unknown,
  onBug: (error: unknown) => void = () => {},
): Promise<BridgeResult<unknown>> {
  if (!isOperationName(name)) {
    return { ok: false, error: { code: 'INVALID_INPUT', message: `Unknown operation ${String(name)}.` } }
  }
  const parsed = bridge[name].input.safeParse(input)
  if (!parsed.success) {
    return { ok: false, error: { code: 'INVALID_INPUT', ...describeIssue(parsed.error.issues) } }
  }
  try {
    const handler = handlers[name] as (input: unknown) => Promise<unknown>
    return { ok: true, value: await handler(parsed.data) }
  } catch (error) {
    if (error instanceof ServiceError) return { ok: false, error: error.toBridgeError() }
    onBug(error)
    return {
      ok: false,
      error: { code: 'INTERNAL', message: 'Something went wrong inside the app. Details are in the log.' },
    }
  }
}
