import type { FleetFigure } from '../../contract/fleet'
import { messageOf, ServiceError } from '../errors'
import { unreadReasonOf } from '../pbx-client/resource'

/**
 * One figure of a PBX read for the fleet: the count, or why there is none. A PBX without the
 * endpoint (404/405) is `not_offered`, an account without the right (403) `not_allowed`; any other
 * failure is `failed`, with a sentence for the PBX's warnings.
 */
export type Read<T> = { ok: true; value: T } | { ok: false; figure: Exclude<FleetFigure, number>; why?: string }

export async function readFigure<T>(what: string, read: () => Promise<T>): Promise<Read<T>> {
  try {
    return { ok: true, value: await read() }
  } catch (error) {
    const unread = unreadReasonOf(error)
    if (unread) return { ok: false, figure: unread }
    if (error instanceof ServiceError && error.code === 'CANCELLED') throw error
    return { ok: false, figure: 'failed', why: `Could not read the ${what}: ${messageOf(error)}` }
  }
}

/** The figure of a read: its count, or why there is none. */
export const figureOf = <T>(read: Read<T>, count: (value: T) => number): FleetFigure => (read.ok ? count(read.value) : read.figure)
