import { SystemInfoSchema, type SystemInfo } from '../../contract/pbx'
import { ServiceError } from '../errors'
import { parseBody, pbxRequest, type RequestOptions } from './request'

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
      throw new ServiceError('NOT_A_PBX', `${new URL(baseUrl).host} has no PBX API at ${baseUrl.replace(/\/$/, '')}/api/info (404). Check the address and the port.`)
    }
    throw error
  }
}
