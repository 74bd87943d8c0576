import type { BridgeError } from '@contract/result'

/** A sign-in's error as the password step shows it: a 401 of the PBX is a wrong password (or user); anything else says what it is. */
export function signInErrorText(error: BridgeError | null): string | null {
  if (!error) return null
  if (error.code === 'PBX_ERROR' && error.status === 401) return 'Wrong user name or password'
  return error.message
}
