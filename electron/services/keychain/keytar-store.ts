import { createRequire } from 'node:module'
import { KEYCHAIN_SERVICE, type KeychainState, type SecretStore } from './secret-store'
import { messageOf } from '../errors'

/** How long the keychain may take to answer the first question before we call it absent. */
const PROBE_TIMEOUT_MS = 5000

const PROBE_ACCOUNT = '__probe__'

/**
 * Opens the OS keychain through keytar, the only file that knows keytar exists. keytar is an
 * optional dependency: where it could not be built, or where no Secret Service answers (a Linux
 * desktop without one), this answers `available: false` with a reason the user can act on, and
 * the app keeps working without "remember password". There is never a fallback to a file.
 */
export async function openKeytarStore(): Promise<KeychainState> {
  let keytar: SecretStore
  try {
    keytar = createRequire(import.meta.url)('keytar') as SecretStore
  } catch {
    return {
      available: false,
      reason:
        'The keychain module (keytar) is not installed: it could not be built on this machine. ' +
        'On Linux install libsecret-1-dev and run npm install again.',
    }
  }
  try {
    await withTimeout(keytar.getPassword(KEYCHAIN_SERVICE, PROBE_ACCOUNT), PROBE_TIMEOUT_MS)
    return { available: true, store: keytar }
  } catch (error) {
    const detail = messageOf(error)
    return {
      available: false,
      reason:
        `No keychain answered (${detail}). Passwords cannot be remembered; ` +
        'on Linux a Secret Service such as GNOME Keyring or KWallet must be running and unlocked.',
    }
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer in ${ms / 1000} s`)), ms)
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error instanceof Error ? error : new Error(String(error)))
      },
    )
  })
}
