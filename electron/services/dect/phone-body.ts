import { withDefaults, type BatchDefaults, type BatchRowValues } from '../../contract/dect'
import { DectPhoneCreateSchema, type DectPhoneCreate } from '../../contract/pbx'
import { checked } from '../validation'

/** Phone passwords for a batch: kept in the keychain, never in the batch file. */
export interface DectPasswords {
  password?: string
  user_password?: string
  engineer_password?: string
}

/**
 * The body of `POST /api/dect_phones` for a row: its own values, the batch's defaults where a cell
 * is empty, the batch's passwords; `extension` is not a phone field (it is for labels). The result
 * is checked against the contract: a value only the schema refuses throws INVALID_INPUT naming it.
 * Only the fields the row or the batch set are sent (in the contract's form, e.g. the MAC as 12
 * hex digits): a field neither sets is left to the PBX's own default, not filled with the
 * contract's.
 */
export function toDectPhoneCreate(values: BatchRowValues, defaults: BatchDefaults = {}, passwords: DectPasswords = {}): DectPhoneCreate {
  const { extension: _extension, ...body } = withDefaults(values, defaults)
  for (const [key, value] of Object.entries(passwords)) if (value !== undefined && value.trim() !== '') (body as Record<string, unknown>)[key] = value
  const parsed = checked(DectPhoneCreateSchema, body, 'row')
  return Object.fromEntries(Object.entries(parsed).filter(([key]) => key in body)) as DectPhoneCreate
}
