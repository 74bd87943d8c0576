import type { PbxProfileFieldsSchema } from '../../electron/contract/profiles'
import type { z } from 'zod'

/**
 * The fields of a saved PBX as the services take them (every field given), for tests that save
 * one through the Bridge: the label, the address and the user, the rest empty unless told.
 */
export function profileFields(
  label: string,
  baseUrl: string,
  username: string,
  more: Partial<z.output<typeof PbxProfileFieldsSchema>> = {},
): z.output<typeof PbxProfileFieldsSchema> {
  return { label, baseUrl, username, domain: '', signInMethod: 'sign_in', customer: '', tags: [], notes: '', group: '', colour: '', favourite: false, ...more }
}
