import { DectModelDetailSchema, DectModelListSchema, type DectModel, type DectModelDetail } from '../../contract/pbx'
import { ServiceError } from '../errors'
import type { PbxCaller } from './caller'
import { parseBody } from './request'
import { isMissingEndpoint, itemPath, notSupported, orNotSupported, whenSupported, type CallOptions, type Supported } from './resource'

/**
 * The DECT models a PBX knows (not in the seed; the PBX family's full API): `GET
 * /api/dect_phone_models` (`{items:[{filename, model, lines, display_name}]}`) and `GET
 * /api/dect_phone_models/{filename}`. A PBX without the list (404/405) answers `{supported:
 * false}`: the app then lets the user type the vendor, model and template. A 404 for one model is
 * told apart with the list: a model not listed is NOT_FOUND, a listed one without details is
 * NOT_SUPPORTED.
 */

const BASE = 'api/dect_phone_models'

export interface DectModelsClient {
  list(options?: CallOptions): Promise<Supported<{ items: DectModel[] }>>
  get(filename: string, options?: CallOptions): Promise<DectModelDetail>
}

export function createDectModelsClient(caller: PbxCaller): DectModelsClient {
  const list = (options: CallOptions = {}) =>
    whenSupported(() =>
      orNotSupported('a list of DECT models', async () => parseBody(DectModelListSchema, await caller.call(BASE, { signal: options.signal }), `GET /${BASE}`)),
    )
  return {
    list,
    async get(filename, options = {}) {
      try {
        return parseBody(DectModelDetailSchema, await caller.call(itemPath(BASE, filename, 'filename'), { signal: options.signal }), `GET /${BASE}/{name}`)
      } catch (error) {
        if (!isMissingEndpoint(error)) throw error
        const models = await list(options)
        if (models.supported && !models.items.some((m) => m.filename === filename)) {
          throw new ServiceError('NOT_FOUND', `This PBX has no DECT model with the template ${filename}.`, { status: 404, field: 'filename' })
        }
        throw notSupported('the details of DECT models', error.status)
      }
    },
  }
}
