/**
 * Where secrets live: the OS keychain, one service name for the app, one account per saved PBX.
 * Shaped like GitHub Desktop's ISecureStore so the keytar-backed store and the in-memory store of
 * the unit tests are interchangeable, and a drop-in replacement for keytar is a one-file change.
 */
export interface SecretStore {
  getPassword(service: string, account: string): Promise<string | null>
  setPassword(service: string, account: string, secret: string): Promise<void>
  deletePassword(service: string, account: string): Promise<boolean>
}

/** The keychain's service name: every secret of the app is an account under it. */
export const KEYCHAIN_SERVICE = 'PBX Provisioner'

export type KeychainState =
  | { available: true; store: SecretStore }
  | { available: false; reason: string }
