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
