import { isSystemEntry, PROFILES_FILE_VERSION, PbxProfileFieldsSchema, TrustedCertificateSchema, type PbxProfile } from '../../contract/profiles'
import { z } from 'zod'
import { checkInput, problemText, UsernameSchema } from '../../contract/pbx'
import { ServiceError } from '../errors'
import { cleanSavedAddress } from './address-migration'
import type { ProfileStore } from './profile-store'

/**
 * Moving the saved PBXs to another machine: an export holds the user's fields of each PBX (and a
 * certificate trusted for it, and who its system administrator's sign-in is) but never a password
 * or a token, which stay in this machine's keychain. The demo PBX's profiles are left out: they point at this machine's loopback.
 */
const ExportedProfileSchema = z.looseObject({ label: z.string() })
const ExportFileSchema = z.object({ version: z.literal(PROFILES_FILE_VERSION), profiles: z.array(ExportedProfileSchema) })

/** The same PBX account: address, user and tenant (an import skips such an entry: it is saved already). */
export const sameTarget = (a: Pick<PbxProfile, 'baseUrl' | 'username' | 'domain'>, b: Pick<PbxProfile, 'baseUrl' | 'username' | 'domain'>) =>
  a.baseUrl === b.baseUrl && a.username === b.username && a.domain === b.domain

export async function exportProfiles(store: ProfileStore, now = new Date()): Promise<{ fileName: string; json: string }> {
  const profiles = (await store.list())
    .filter((p) => !p.demo)
    .map(({ label, baseUrl, username, domain, signInMethod, customer, tags, notes, group, colour, favourite, trustedCertificate, systemAdmin }) => ({
      label,
      // clean: the store takes a password out of an address when it reads the file (address-migration.ts)
      baseUrl,
      username,
      domain,
      signInMethod,
      customer,
      tags,
      notes,
      group,
      colour,
      favourite,
      // a certificate the user trusted (its fingerprint, not a secret): the other machine reaches the PBX as this one does
      ...(trustedCertificate ? { trustedCertificate } : {}),
      // the second sign-in's user (its password stays here: the other machine asks for it once)
      ...(systemAdmin ? { systemAdmin: { username: systemAdmin.username } } : {}),
    }))
  return {
    fileName: `pbx-provisioner-pbxs-${now.toISOString().slice(0, 10)}.json`,
    json: `${JSON.stringify({ version: PROFILES_FILE_VERSION, profiles }, null, 2)}\n`,
  }
}

/** Adds every PBX of an export that is not saved yet; checks every entry before adding any. */
export async function importProfiles(store: ProfileStore, json: string): Promise<{ added: number; skipped: string[] }> {
  let document: unknown
  try {
    document = JSON.parse(json)
  } catch {
    throw new ServiceError('INVALID_INPUT', 'The file is not an export of saved PBXs (it is not JSON).')
  }
  const file = checkInput(ExportFileSchema, document)
  if (!file.success) {
    throw new ServiceError('INVALID_INPUT', `The file is not an export of saved PBXs (${problemText(file.problems[0]!, 'file')}).`)
  }
  const entries = file.data.profiles.map((entry, index) => {
    const { label, username, domain, signInMethod, customer, tags, notes, group, colour, favourite } = entry
    // an export of an older version may hold a password in an address: it is dropped, never saved
    const baseUrl = typeof entry.baseUrl === 'string' ? cleanSavedAddress(entry.baseUrl) : entry.baseUrl
    const fields = checkInput(PbxProfileFieldsSchema, { label, baseUrl, username, domain, signInMethod, customer, tags, notes, group, colour, favourite })
    if (!fields.success) {
      const message = problemText(fields.problems[0]!, 'entry')
      throw new ServiceError('INVALID_INPUT', `PBX ${index + 1} (${label}) in the file: ${message}. Nothing was imported.`)
    }
    const certificate = checkInput(TrustedCertificateSchema.optional(), entry.trustedCertificate)
    if (!certificate.success) {
      const message = problemText(certificate.problems[0]!, 'trustedCertificate')
      throw new ServiceError('INVALID_INPUT', `PBX ${index + 1} (${label}) in the file: trustedCertificate.${message}. Nothing was imported.`)
    }
    const systemAdmin = checkInput(z.object({ username: UsernameSchema }).optional(), entry.systemAdmin)
    if (!systemAdmin.success || (systemAdmin.data && isSystemEntry(fields.data))) {
      const message = systemAdmin.success ? 'systemAdmin: an entry without a tenant signs in as the system administrator already' : problemText(systemAdmin.problems[0]!, 'systemAdmin')
      throw new ServiceError('INVALID_INPUT', `PBX ${index + 1} (${label}) in the file: ${message}. Nothing was imported.`)
    }
    return { fields: fields.data, trustedCertificate: certificate.data, systemAdmin: systemAdmin.data }
  })
  const saved = await store.list()
  const skipped: string[] = []
  let added = 0
  for (const { fields, trustedCertificate, systemAdmin } of entries) {
    if (saved.some((p) => sameTarget(p, fields))) {
      skipped.push(fields.label)
      continue
    }
    const extra = { ...(trustedCertificate ? { trustedCertificate } : {}), ...(systemAdmin ? { systemAdmin: { username: systemAdmin.username, rememberPassword: false } } : {}) }
    saved.push(await store.add(fields, extra))
    added += 1
  }
  return { added, skipped }
}
