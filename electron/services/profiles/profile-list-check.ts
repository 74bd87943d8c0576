import { checkInput } from '../../contract/pbx'
import { normalisePbxAddress } from '../../contract/pbx-address'
import {
  PROFILE_LIST_REQUIRED,
  PROFILE_LIST_TAG_SEPARATORS,
  type ProfileListAccount,
  type ProfileListColumn,
  type ProfileListProblem,
  type ProfileListRow,
} from '../../contract/profile-list'
import { PbxProfileFieldsSchema, type PbxProfile, type PbxProfileFields } from '../../contract/profiles'
import type { ParsedProfileList } from './profile-list-parse'
import { sameTarget } from './profile-transfer'

/**
 * The rows of a list checked before any is saved, with the same schema as the Add-PBX form
 * (PbxProfileFieldsSchema), and against each other and the saved PBXs:
 * - a row for a PBX saved already (same address, user and tenant) is skipped, as importProfiles
 *   skips one: not a problem;
 * - a label a row above has (case aside) is a problem: two PBXs of one name cannot be told apart
 *   in the list, the switcher or the fleet;
 * - the address, user and tenant of a row above: a problem too (one of them is a copy, or a typo).
 * A problem names its row and column; a row without problems has the fields to save.
 */

export interface CheckedRow extends Omit<ProfileListRow, 'check'> {
  /** what the store is given for it (null while it has problems) */
  input: PbxProfileFields | null
  /** the address in its one form, when it is one */
  baseUrl: string | null
}

/** The schema's field → the list's column. */
const COLUMN_OF_FIELD: Partial<Record<string, ProfileListColumn>> = {
  label: 'label',
  baseUrl: 'address',
  username: 'user',
  domain: 'tenant',
  customer: 'customer',
  group: 'group',
  tags: 'tags',
}

const WHAT_TO_ENTER: Record<string, string> = { label: 'a name for this PBX', address: 'its address, e.g. https://pbx.example.com:8887', user: 'the user name the app signs in with' }

/**
 * An address as shown back: a password typed in it ("https://admin:pw@pbx…") never leaves as it
 * was typed. Everything between the user name's ':' and the last '@' goes, also a password the URL
 * parser would not take for one ("https://admin:2024/pw@pbx").
 */
export function maskedAddress(text: string): string {
  const start = text.indexOf('://')
  const at = text.lastIndexOf('@')
  if (start === -1 || at < start) return text
  const colon = text.indexOf(':', start + 3)
  if (colon === -1 || colon > at) return text
  return `${text.slice(0, colon + 1)}•••${text.slice(at)}`
}

const splitTags = (cell: string): string[] =>
  cell
    .split(PROFILE_LIST_TAG_SEPARATORS)
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '')

function problemsOf(row: number, cells: Record<ProfileListColumn, string>, input: PbxProfileFields): ProfileListProblem[] {
  const problems: ProfileListProblem[] = []
  for (const column of PROFILE_LIST_REQUIRED) {
    if (cells[column] === '') problems.push({ row, field: column, message: `is empty: enter ${WHAT_TO_ENTER[column] ?? 'a value'}` })
  }
  const check = checkInput(PbxProfileFieldsSchema, input)
  if (check.success) return problems
  for (const problem of check.problems) {
    const [key, index] = problem.path.split('.')
    const field = COLUMN_OF_FIELD[key ?? ''] ?? 'label'
    if (problems.some((p) => p.field === field && cells[field] === '')) continue // said already: empty
    const tag = field === 'tags' && index !== undefined ? input.tags?.[Number(index)] : undefined
    problems.push({ row, field, message: tag === undefined ? problem.message : `“${tag}” ${problem.message}` })
  }
  return problems
}

export function checkRows(list: ParsedProfileList, saved: readonly PbxProfile[]): { rows: CheckedRow[]; problems: ProfileListProblem[]; accounts: ProfileListAccount[] } {
  const labels = new Map<string, number>()
  const targets = new Map<string, number>()
  const accounts = new Map<string, ProfileListAccount>()

  const rows = list.rows.map(({ row, cells }): CheckedRow => {
    const input: PbxProfileFields = {
      label: cells.label,
      baseUrl: cells.address,
      username: cells.user,
      domain: cells.tenant,
      customer: cells.customer,
      group: cells.group,
      tags: splitTags(cells.tags),
    }
    const problems = problemsOf(row, cells, input)
    const address = normalisePbxAddress(cells.address)
    const baseUrl = address.ok ? address.address : null
    let duplicate: CheckedRow['duplicate'] = null

    const labelKey = cells.label.toLowerCase()
    const sameLabel = labels.get(labelKey)
    if (cells.label !== '' && sameLabel !== undefined) {
      problems.push({ row, field: 'label', message: `row ${sameLabel} has this label too: give each PBX a label of its own` })
      duplicate = { of: 'row', row: sameLabel, same: 'label' }
    } else if (cells.label !== '') labels.set(labelKey, row)

    if (baseUrl !== null && cells.user !== '') {
      const target = { baseUrl, username: cells.user, domain: cells.tenant }
      const savedAs = saved.find((profile) => sameTarget(profile, target))
      const targetKey = `${baseUrl}\n${cells.user}\n${cells.tenant}`
      const sameAbove = targets.get(targetKey)
      if (savedAs) duplicate = { of: 'saved', label: savedAs.label }
      else if (sameAbove !== undefined) {
        problems.push({ row, field: 'address', message: `row ${sameAbove} has the same address, user and tenant: remove one of the two, or correct the one with a typo` })
        duplicate ??= { of: 'row', row: sameAbove, same: 'target' }
      } else targets.set(targetKey, row)
    }

    // the accounts a password may be typed for: of the rows that will be added
    if (duplicate?.of !== 'saved' && cells.user !== '') {
      const key = `${cells.user}\n${cells.tenant}`
      const account = accounts.get(key)
      if (account) account.rows += 1
      else accounts.set(key, { username: cells.user, domain: cells.tenant, rows: 1 })
    }

    const fields = { ...cells, address: baseUrl ?? maskedAddress(cells.address), tags: input.tags ?? [] }
    return { row, fields, problems, duplicate, input: problems.length === 0 ? input : null, baseUrl }
  })
  return { rows, problems: rows.flatMap((row) => row.problems), accounts: [...accounts.values()] }
}
