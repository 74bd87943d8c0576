import type { PbxApi } from '@contract/bridge'
import { normalisePbxAddress } from '@contract/pbx-address'
import {
  PROFILE_LIST_ALIASES,
  PROFILE_LIST_COLUMNS,
  PROFILE_LIST_REQUIRED,
  type ProfileListAccount,
  type ProfileListColumn,
  type ProfileListPreview,
  type ProfileListProblem,
  type ProfileListRow,
} from '@contract/profile-list'
import type { PbxProfile } from '@contract/profiles'
import type { BridgeResult } from '@contract/result'

/**
 * "Add many…" for the renderer tests' fake `window.pbx`, crudely: lines split on the header's
 * delimiter (tab, `;` or `,`; no quotes), the header's names and aliases, required cells, the
 * address (the contract's own check), labels twice; every address "reachable". Adding puts the
 * rows in the fake's saved PBXs and "remembers" a password where it is the PBX's (the fake's
 * default: the user name). Main's real reading and checks are tested in test/unit/profiles.
 */
export type ProfileListOperation = 'previewProfileList' | 'importProfileList' | 'profileListProgress'

type Saved = { profiles: PbxProfile[]; passwords: Record<string, string>; remembered: Record<string, string> }

const key = (name: string) => name.toLowerCase().replace(/[\s_-]+/g, '')

function read(text: string): BridgeResult<ProfileListPreview> {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '')
  const header = lines[0] ?? ''
  const delimiter = header.includes('\t') ? '\t' : header.includes(';') ? ';' : ','
  const names = header.split(delimiter).map(key)
  const index = Object.fromEntries(
    PROFILE_LIST_COLUMNS.map((column) => [column, names.findIndex((name) => PROFILE_LIST_ALIASES[column].some((alias) => key(alias) === name))]),
  ) as Record<ProfileListColumn, number>
  const missing = PROFILE_LIST_REQUIRED.find((column) => index[column] === -1)
  if (missing) return { ok: false, error: { code: 'INVALID_INPUT', message: `The header row has no ${missing} column: add it, with a value in every row.`, field: missing } }

  const labels = new Map<string, number>()
  const accounts = new Map<string, ProfileListAccount>()
  const rows = lines.slice(1).map((line, i): ProfileListRow => {
    const row = i + 1
    const cellsOf = line.split(delimiter)
    const cell = (column: ProfileListColumn) => (index[column] === -1 ? '' : (cellsOf[index[column]] ?? '').trim())
    const problems: ProfileListProblem[] = []
    for (const column of PROFILE_LIST_REQUIRED) if (cell(column) === '') problems.push({ row, field: column, message: 'is empty' })
    const address = normalisePbxAddress(cell('address'))
    if (cell('address') !== '' && !address.ok) problems.push({ row, field: 'address', message: address.message })
    const label = cell('label').toLowerCase()
    if (label !== '' && labels.has(label)) problems.push({ row, field: 'label', message: `row ${labels.get(label)} has this label too: give each PBX a label of its own` })
    else labels.set(label, row)
    const account = `${cell('user')}\n${cell('tenant')}`
    if (cell('user') !== '') {
      const known = accounts.get(account)
      if (known) known.rows++
      else accounts.set(account, { username: cell('user'), domain: cell('tenant'), rows: 1 })
    }
    const fields = {
      label: cell('label'),
      address: address.ok ? address.address : cell('address'),
      user: cell('user'),
      tenant: cell('tenant'),
      customer: cell('customer'),
      group: cell('group'),
      tags: cell('tags').split(/[,;|]/).map((tag) => tag.trim()).filter((tag) => tag !== ''),
    }
    return { row, fields, problems, duplicate: null, check: address.ok ? { result: 'reachable', message: `reachable at ${new URL(address.address).host}` } : null }
  })
  return {
    ok: true,
    value: { rows, problems: rows.flatMap((row) => row.problems), accounts: [...accounts.values()], ignoredColumns: [], delimiter: delimiter === '\t' ? 'tab' : delimiter === ';' ? 'semicolon' : 'comma', keychain: true },
  }
}

export function createProfileListFakes(saved: Saved, newProfile: (fields: ProfileListRow['fields']) => PbxProfile): Pick<PbxApi, ProfileListOperation> {
  return {
    previewProfileList: async ({ text }) => read(text),
    // the fake answers at once: nothing is under way when the store asks
    profileListProgress: async () => ({ ok: true, value: { step: 'idle', done: 0, total: 0 } }),
    importProfileList: async ({ text, passwords = [] }) => {
      const preview = read(text)
      if (!preview.ok) return preview
      const [first] = preview.value.problems
      if (first) {
        return { ok: false, error: { code: 'INVALID_INPUT', message: `Row ${first.row}, ${first.field}: ${first.message}. Nothing was added.`, field: `rows.${first.row}.${first.field}` } }
      }
      const added = preview.value.rows.map((row) => ({ row: row.row, profile: newProfile(row.fields) }))
      const signIns = added.flatMap(({ row, profile }) => {
        const typed = passwords.find((p) => p.username === profile.username && p.domain === profile.domain)
        if (!typed) return []
        saved.profiles.push(profile)
        const right = typed.password === saved.passwords[profile.id]
        if (right) {
          saved.remembered[profile.id] = typed.password
          profile.rememberPassword = true
        }
        return [{ row, profileId: profile.id, label: profile.label, result: right ? ('remembered' as const) : ('wrong_password' as const), message: right ? 'signed in' : 'the PBX refused the password' }]
      })
      for (const { profile } of added) if (!saved.profiles.includes(profile)) saved.profiles.push(profile)
      const kept = signIns.filter((s) => s.result === 'remembered').length
      return {
        ok: true,
        value: {
          added: added.map(({ row, profile }) => ({ row, profileId: profile.id, label: profile.label })),
          skipped: [],
          signIns,
          passwordNote: signIns.length === 0 ? 'No password was typed: each PBX asks for its password at its first sign-in.' : `Password kept for ${kept} ${kept === 1 ? 'PBX' : 'PBXs'} (signed in).`,
        },
      }
    },
  }
}
