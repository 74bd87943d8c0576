import { isReservedUsername } from '../../contract/pbx'
import type { DemoState, User } from '../state'

export const LOGIN_FAILED = 'login failed: wrong username, password or domain'
/** The grants without a second step cannot sign in an account that needs a one-time code. */
export const NEEDS_TWO_FACTOR = 'login failed: this account signs in with a one-time code; use POST /api/auth/sign_in'

/**
 * The user these credentials belong to, or undefined. Without a domain only the system
 * administrator signs in; with a domain only that tenant's users, never a reserved name.
 */
export const findUser = (state: DemoState, username: string, password: string, domain: string | undefined): User | undefined => {
  if (domain === undefined || domain === '') {
    return state.users.find((u) => u.tenant === null && u.username === username && u.password === password)
  }
  if (isReservedUsername(username)) return undefined
  const tenant = state.tenantByDomain(domain)
  if (!tenant) return undefined
  return state.users.find((u) => u.tenant === tenant && u.username === username && u.password === password)
}

/** A tenant user by name (password recovery), never a reserved name. */
export const findTenantUser = (state: DemoState, domain: string, username: string): User | undefined => {
  if (isReservedUsername(username)) return undefined
  const tenant = state.tenantByDomain(domain)
  if (!tenant) return undefined
  return state.users.find((u) => u.tenant === tenant && u.username === username)
}
