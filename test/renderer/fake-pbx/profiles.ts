// Saved PBXs: sample entries (Acme, Globex) and the operations on the saved list (list, save,
// remove, export and import, "Add many…").
import type { PbxApi } from '@contract/bridge'
import { checkInput } from '@contract/pbx'
import { PbxProfileFieldsSchema, ProfilesFileSchema, type PbxProfile } from '@contract/profiles'
import { createProfileListFakes, type ProfileListOperation } from '../fake-profile-list'
import { fail, ok } from './answers'
import type { FakeContext } from './state'

/** A saved PBX with every field filled; pass what differs. */
export function sampleProfile(more: Partial<PbxProfile> & Pick<PbxProfile, 'id' | 'label'>): PbxProfile {
  return {
    baseUrl: 'https://pbx.example.com:8887',
    username: 'manager',
    domain: 'tenant.pbx.example',
    signInMethod: 'sign_in',
    customer: '',
    tags: [],
    notes: '',
    group: '',
    colour: '',
    favourite: false,
    createdAt: '2025-01-10T09:00:00.000Z',
    lastUsedAt: null,
    rememberPassword: false,
    trustedCertificate: null,
    systemAdmin: null,
    demo: false,
    ...more,
  }
}

/** A tenant admin's PBX (Acme) and a system administrator's (Globex): the fake's default list. */
export const acmeProfile = sampleProfile({
  id: 'p-acme',
  label: 'Acme HQ',
  baseUrl: 'https://pbx.acme.example:8887',
  username: 'manager',
  domain: 'acme.pbx.example',
  customer: 'Acme Corp',
  tags: ['retail', 'priority'],
  lastUsedAt: '2025-03-01T08:00:00.000Z',
})
export const globexProfile = sampleProfile({
  id: 'p-globex',
  label: 'Globex hosting',
  baseUrl: 'https://pbx.globex.example',
  username: 'admin',
  domain: '',
  customer: 'Globex Ltd',
  tags: ['hosting'],
  signInMethod: 'oauth',
})

type ProfilesOperation = 'listProfiles' | 'savedPbxsNotice' | 'saveProfile' | 'removeProfile' | 'exportProfiles' | 'importProfiles'

/** The saved list's operations. */
export function createProfilesFake({ state, find, notFound, nextId }: FakeContext): Pick<PbxApi, ProfilesOperation | ProfileListOperation> {
  return {
    // "Add many…": a list of PBXs (fake-profile-list.ts); each PBX added takes its user name as password
    ...createProfileListFakes(state, (fields) => {
      const profile = sampleProfile({ id: `p-list-${nextId()}`, label: fields.label, baseUrl: fields.address, username: fields.user, domain: fields.tenant, customer: fields.customer, group: fields.group, tags: fields.tags })
      state.passwords[profile.id] = profile.username
      return profile
    }),
    listProfiles: async () => ok(structuredClone(state.profiles)),
    savedPbxsNotice: async () => ok(null),
    saveProfile: async (input) => {
      const checked = checkInput(PbxProfileFieldsSchema, input.fields)
      if (!checked.success) {
        const problem = checked.problems[0]
        return fail('INVALID_INPUT', `fields.${problem?.path}: ${problem?.message}`, { field: `fields.${problem?.path}` })
      }
      const fields = checked.data
      const trust = input.trustedCertificate === undefined ? {} : { trustedCertificate: input.trustedCertificate }
      if (input.id !== undefined) {
        const profile = find(input.id)
        if (!profile) return notFound()
        Object.assign(profile, fields, trust)
        return ok(structuredClone(profile))
      }
      const profile = sampleProfile({ ...fields, ...trust, id: `p-new-${nextId()}`, createdAt: new Date().toISOString() })
      state.profiles.unshift(profile)
      state.passwords[profile.id] = profile.username
      return ok(structuredClone(profile))
    },
    removeProfile: async ({ profileId }) => {
      if (!find(profileId)) return notFound()
      state.profiles = state.profiles.filter((p) => p.id !== profileId)
      delete state.sessions[profileId]
      delete state.remembered[profileId]
      return ok({ removed: true as const })
    },
    exportProfiles: async () =>
      ok({ fileName: 'pbx-profiles.json', json: JSON.stringify({ version: 1, profiles: state.profiles }, null, 2) }),
    importProfiles: async ({ json }) => {
      let document: unknown
      try {
        document = JSON.parse(json)
      } catch {
        return fail('INVALID_INPUT', 'The file is not JSON: choose a file exported from PBX Provisioner', { field: 'json' })
      }
      const parsed = ProfilesFileSchema.safeParse(document)
      if (!parsed.success) return fail('INVALID_INPUT', 'The file is not a list of saved PBXs exported from PBX Provisioner', { field: 'json' })
      const skipped: string[] = []
      let added = 0
      for (const incoming of parsed.data.profiles) {
        const same = state.profiles.some(
          (p) => p.baseUrl === incoming.baseUrl && p.username === incoming.username && p.domain === incoming.domain,
        )
        if (same) skipped.push(incoming.label)
        else {
          state.profiles.push({ ...incoming, id: `p-imported-${nextId()}` })
          added++
        }
      }
      return ok({ added, skipped })
    },
  }
}
