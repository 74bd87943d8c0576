import type { SecretStore } from './secret-store'

/** A SecretStore in memory, for unit tests; never used by the app itself. */
export function createMemorySecretStore(): SecretStore & { size(): number } {
  const secrets = new Map<string, string>()
  const key = (service: string, account: string) => `${service}\u0000${account}`
  return {
    async getPassword(service, account) {
      return secrets.get(key(service, account)) ?? null
    },
    async setPassword(service, account, secret) {
      secrets.set(key(service, account), secret)
    },
    async deletePassword(service, account) {
      return secrets.delete(key(service, account))
    },
    size: () => secrets.size,
  }
}
