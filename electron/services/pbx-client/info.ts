import { SystemInfoSchema, type SystemInfo } from '../../contract/pbx'
import { ServiceError } from '../errors'
import { parseBody, pbxRequest, pbxUrl, type RequestOptions } from './request'

/**
 * GET /api/info: the system metadata (seed 2.1), with the tenant's when `domain` is given.
 * A 404 there means the address is not the API's base URL.
 */
export async function getInfo(baseUrl: string, options: { domain?: string } & Pick<RequestOptions, 'signal' | 'timeoutMs' | 'trustedFingerprint256'> = {}): Promise<SystemInfo> {
  try {
    const response = await pbxRequest(baseUrl, 'api/info', { ...options, query: { domain: options.domain } })
    return parseBody(SystemInfoSchema, response, 'GET /api/info')
  } catch (error) {
    if (error instanceof ServiceError && error.status === 404 && !options.domain) {
      // the address as it was asked (normalised: never a user name or password that was typed in it)
      const asked = pbxUrl(baseUrl, 'api/info')
      throw new ServiceError('NOT_A_PBX', `${asked.host} has no PBX API at ${asked.href} (404). Check the address and the port.`)
    }
    throw error
  }
}
