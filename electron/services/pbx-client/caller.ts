import type { PbxResponse, RequestOptions } from './request'

/**
 * Makes authorised requests to one PBX. A session implements it: it adds the bearer token,
 * refreshes the token ahead of expiry and once on a 401, and retries the request once. The
 * resource clients take a caller, so they never see a token.
 */
export interface PbxCaller {
  /** the PBX's base URL, for messages */
  readonly baseUrl: string
  call(path: string, options?: Omit<RequestOptions, 'token'>): Promise<PbxResponse>
}

/**
 * The API paths only the system administrator may use (seed 2.5 IVR servers; the `api/admin/`
 * settings such as notification): a tenant entry that holds the system administrator's sign-in
 * sends them with it (session-manager `callerOf`).
 */
const SYSTEM_PATHS = ['api/ivr_servers', 'api/admin/'] as const

export const needsSystemAdmin = (path: string): boolean => {
  const bare = path.replace(/^\/+/, '')
  return SYSTEM_PATHS.some((prefix) => bare === prefix || bare.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`) || bare.startsWith(`${prefix}?`))
}

/**
 * A caller that sends the system administrator's paths with `system` (when it can be had: a
 * sign-in that needs a password or a code answers undefined, and the entry's own caller is used,
 * whose refusal says what the account may not do) and every other path with `entry`.
 */
export function routedCaller(entry: PbxCaller, system: () => Promise<PbxCaller | undefined>): PbxCaller {
  // asked once: a sign-in that cannot be had is not tried again on every path
  let systemCaller: Promise<PbxCaller | undefined> | undefined
  return {
    baseUrl: entry.baseUrl,
    async call(path, options) {
      const chosen = needsSystemAdmin(path) ? ((await (systemCaller ??= system())) ?? entry) : entry
      return chosen.call(path, options)
    },
  }
}
