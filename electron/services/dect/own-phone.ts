import { macForPeople, type BatchRowValues, type RowOutcome } from '../../contract/dect'
import type { DectPhone } from '../../contract/pbx'

/**
 * A phone already on the PBX with a row's MAC: is it the row's own? A phone a push created (its
 * answer lost to a crash, a kill or a cut connection) carries the row's name, so a phone with the
 * row's MAC and name is the row's own, and the push matches it rather than creating it twice. A
 * phone with the MAC under another name was put there by another batch or by hand: the row is
 * reported, never matched to it and never created twice.
 */
export function isRowsOwnPhone(phone: Pick<DectPhone, 'name'>, values: Pick<BatchRowValues, 'name'>): boolean {
  return (phone.name ?? '').trim() === (values.name ?? '').trim()
}

/** Why a row is not pushed when another phone holds its MAC. */
export function macTakenMessage(phone: Pick<DectPhone, 'id' | 'name' | 'mac'>): string {
  return `MAC ${macForPeople(phone.mac)} is on the PBX already as '${phone.name ?? ''}' (id ${phone.id}), another phone: delete that phone or give this row another MAC, then retry the failed rows`
}

/** The outcome of a row whose MAC is on the PBX already: matched to its own phone, failed otherwise. */
export function existingPhoneOutcome(phone: DectPhone, values: Pick<BatchRowValues, 'name'>, at: string): RowOutcome {
  if (!isRowsOwnPhone(phone, values)) return { state: 'failed', error: macTakenMessage(phone), at }
  return { state: 'matched', phoneId: phone.id, ...(phone.url ? { url: phone.url } : {}), at }
}
