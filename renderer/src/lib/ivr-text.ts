import type { IvrServer, IvrStatus } from '@contract/pbx'

/** Words for the IVR servers screens. Plain functions, tested with them. */

/** "1 server", "3 servers" */
export function serversText(count: number): string {
  return `${count} ${count === 1 ? 'server' : 'servers'}`
}

export const isBuiltIn = (server: Pick<IvrServer, 'type'>): boolean => server.type === 'INTERNAL'

/** A server's name as a sentence can hold it. */
export function serverName(server: Pick<IvrServer, 'name' | 'type'> | undefined): string {
  if (server?.name) return server.name
  return server && isBuiltIn(server) ? 'the built-in server' : 'the server'
}

export const BUILT_IN_TEXT = 'The built-in IVR server is part of the PBX: it is listed read-only, and cannot be switched off or deleted here.'
export const READ_ONLY_TEXT = 'Your account on this PBX may read IVR servers, not change them.'
export const DELETE_NOT_OFFERED_TEXT = 'This PBX does not offer deleting IVR servers.'

/** What the message says when the PBX refuses to switch a server on or off. */
export function switchFailedText(name: string, enabled: boolean, reason: string): string {
  return `Could not switch ${name} ${enabled ? 'on' : 'off'}: ${reason}`
}

export function reachabilityText(status: Pick<IvrStatus, 'reachable'>): string {
  return status.reachable ? 'Reachable' : 'Not reachable'
}

/** "checked 12/03/2025, 10:42:00" in the user's own format; the PBX's text when it is not a date. */
export function checkedAtText(checkedAt: string): string {
  const at = new Date(checkedAt)
  return Number.isNaN(at.getTime()) ? `checked ${checkedAt}` : `checked ${at.toLocaleString()}`
}
