import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { openKeytarStore } from '../../electron/services/keychain/keytar-store'
import { KEYCHAIN_SERVICE } from '../../electron/services/keychain/secret-store'

// Runs inside test/support/in-keyring.sh: a private D-Bus session with a fresh GNOME Keyring.
// This suite proves secrets land in the real OS keychain; it never skips in `npm test`.
const insideTestKeyring = !!process.env.DBUS_SESSION_BUS_ADDRESS && !!process.env.XDG_DATA_HOME

/** What `secret-tool search` prints (it writes the secret to stdout and the attributes to stderr). */
function secretToolSearch(account: string): string {
  const result = spawnSync('secret-tool', ['search', '--all', 'service', KEYCHAIN_SERVICE, 'account', account], {
    encoding: 'utf8',
  })
  return `${result.stdout}\n${result.stderr}`
}

describe('the real keychain through keytar', () => {
  it('opens, stores a secret where secret-tool finds it, reads it back and deletes it', async () => {
    if (!insideTestKeyring) {
      throw new Error('run through `npm test` (test/support/in-keyring.sh), which provides a private GNOME Keyring')
    }
    const keychain = await openKeytarStore()
    if (!keychain.available) throw new Error(`keychain not available: ${keychain.reason}`)
    const account = `pbx-test-${process.pid}`
    await keychain.store.setPassword(KEYCHAIN_SERVICE, account, 's3cret-value')
    expect(await keychain.store.getPassword(KEYCHAIN_SERVICE, account)).toBe('s3cret-value')
    const found = secretToolSearch(account)
    expect(found).toContain(`attribute.account = ${account}`)
    expect(found).toContain('secret = s3cret-value')
    expect(await keychain.store.deletePassword(KEYCHAIN_SERVICE, account)).toBe(true)
    expect(await keychain.store.getPassword(KEYCHAIN_SERVICE, account)).toBeNull()
  })
})
