import { HolidaySchema, ProviderSchema, type Holiday, type ListOf, type Provider } from '../../contract/pbx'
import type { PbxCaller } from './caller'
import { walkList } from './list'
import { orNotSupported, whenSupported, type CallOptions, type Supported } from './resource'

/**
 * The tenant's providers (trunks) and holidays, which outbound rules refer to by id:
 * `GET /api/providers` and `GET /api/holidays`. They are not in the seed (optional endpoints of
 * this PBX family), so each answers `{supported: true, count, items}` (every page read, as
 * `walkList` does), or `{supported: false}` when the PBX answers 404 or 405: the app then lets
 * the user type ids instead of picking them.
 */

export interface ProvidersHolidaysClient {
  providers(options?: CallOptions): Promise<Supported<ListOf<Provider>>>
  holidays(options?: CallOptions): Promise<Supported<ListOf<Holiday>>>
}

export function createProvidersHolidaysClient(caller: PbxCaller): ProvidersHolidaysClient {
  return {
    providers: (options = {}) =>
      whenSupported(() => orNotSupported('a list of providers', () => walkList(caller, 'api/providers', ProviderSchema, {}, options))),
    holidays: (options = {}) =>
      whenSupported(() => orNotSupported('a list of holidays', () => walkList(caller, 'api/holidays', HolidaySchema, {}, options))),
  }
}
