import { MacSchema, normalizeMac, ProvisionedPhoneListSchema, type ProvisionedPhone } from '../../contract/pbx'
import { ServiceError } from '../errors'
import type { PbxCaller } from './caller'
import { parseBody } from './request'
import { checked } from '../validation'
import { isMissingEndpoint, notSupported, orNotSupported, whenSupported, type CallOptions, type Supported } from './resource'

/**
 * Provisioned phones (not in the seed; the PBX family's full API): `GET /api/phones` lists the
 * devices that fetched their configuration, with their address and firmware; `POST
 * /api/phones/{mac}/reprovision` and `…/reboot` act on one. A PBX without the list answers
 * `{supported: false}`. A 404 on an action is told apart with the list: a MAC not listed has not
 * fetched its configuration (NOT_FOUND), a listed one means the action is not offered.
 */

const BASE = 'api/phones'

export type PhoneAction = 'reprovision' | 'reboot'

export interface ProvisionedPhonesClient {
  list(options?: CallOptions): Promise<Supported<{ items: ProvisionedPhone[] }>>
  act(mac: string, action: PhoneAction, options?: CallOptions): Promise<void>
}

const ACTION_WORDS: Record<PhoneAction, string> = { reprovision: 're-provisioning phones', reboot: 'rebooting phones' }

export function createProvisionedPhonesClient(caller: PbxCaller): ProvisionedPhonesClient {
  const list = (options: CallOptions = {}) =>
    whenSupported(() =>
      orNotSupported('a list of provisioned phones', async () => parseBody(ProvisionedPhoneListSchema, await caller.call(BASE, { signal: options.signal }), `GET /${BASE}`)),
    )
  return {
    list,
    async act(mac, action, options = {}) {
      const normal = checked(MacSchema, mac, 'mac')
      try {
        await caller.call(`${BASE}/${normal}/${action}`, { method: 'POST', signal: options.signal })
      } catch (error) {
        if (!isMissingEndpoint(error)) throw error
        const phones = await list(options)
        if (!phones.supported) throw notSupported(ACTION_WORDS[action], error.status)
        if (!phones.items.some((p) => normalizeMac(p.mac) === normal)) {
          throw new ServiceError('NOT_FOUND', `The phone ${normal} has not fetched its configuration from this PBX yet.`, { status: 404, field: 'mac' })
        }
        throw notSupported(ACTION_WORDS[action], error.status)
      }
    },
  }
}
