import type { Holiday, Provider } from '../../contract/pbx'
import type { PbxCaller } from '../pbx-client/caller'
import { createProvidersHolidaysClient } from '../pbx-client/providers-holidays'

/** A list the PBX may not offer: its items, or `supported: false` with none. */
export interface Offered<T> {
  supported: boolean
  items: T[]
}

export interface RuleReferences {
  providers: Offered<Provider>
  holidays: Offered<Holiday>
}

const offered = <T>(answer: { supported: false } | { supported: true; items: T[] }): Offered<T> =>
  answer.supported ? { supported: true, items: answer.items } : { supported: false, items: [] }

/** The tenant's providers (every page). */
export async function providersOf(caller: PbxCaller): Promise<Offered<Provider>> {
  return offered(await createProvidersHolidaysClient(caller).providers())
}

/** The tenant's providers and holidays, which rules refer to by id (each where the PBX lists it). */
export async function referencesOf(caller: PbxCaller): Promise<RuleReferences> {
  const client = createProvidersHolidaysClient(caller)
  const [providers, holidays] = await Promise.all([client.providers(), client.holidays()])
  return { providers: offered(providers), holidays: offered(holidays) }
}
