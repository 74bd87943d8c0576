import type { BridgeHandlers, OperationOutput } from '../../contract/bridge'
import type { ProfileListPassword, ProfileListProblem, ProfileListProgress } from '../../contract/profile-list'
import { ServiceError } from '../errors'
import type { SessionManager } from '../session/session-manager'
import { checkRows } from './profile-list-check'
import { parseProfileList } from './profile-list-parse'
import { keepPasswords, type AddedRow, type ListProgress } from './profile-list-passwords'
import { probeTargets, type Probe } from './profile-list-probe'
import type { ProfileStore } from './profile-store'
import { sameTarget } from './profile-transfer'

/**
 * Many saved PBXs at once (issue 38): `previewProfileList` reads and checks a list (nothing
 * saved), `importProfileList` reads and checks it again, as main never trusts a preview the
 * renderer holds, and saves every row not saved yet in one change of the file, or none while a row
 * has a problem; then keeps the passwords typed (profile-list-passwords.ts).
 */
export interface ProfileListDeps {
  profiles: ProfileStore
  sessions: SessionManager
  /** whether an OS keychain answers (a password can be kept) */
  keychain: boolean
  /** GET /api/info; the PBX client's unless a test gives another */
  probe?: Probe
}

const problemCount = (n: number) => `${n} ${n === 1 ? 'problem' : 'problems'}`

/** "Row 3, address: remove the user name and password … Nothing was added (2 more problems in the list)." */
function refusal(problems: readonly ProfileListProblem[]): ServiceError {
  const [first] = problems as [ProfileListProblem]
  const more = problems.length > 1 ? ` The list has ${problemCount(problems.length - 1)} more: check it again to see them all.` : ''
  return new ServiceError('INVALID_INPUT', `Row ${first.row}, ${first.field}: ${first.message}. Nothing was added.${more}`, { field: `rows.${first.row}.${first.field}` })
}

export function createProfileListService(deps: ProfileListDeps) {
  /** the long work under way, for the renderer's progress bar (profileListProgress) */
  let progress: ProfileListProgress = { step: 'idle', done: 0, total: 0 }
  const report: ListProgress = (step, done, total) => void (progress = { step, done, total })
  /** runs `work`, idle again once it ends (also when it fails) */
  async function tracked<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work()
    } finally {
      progress = { step: 'idle', done: 0, total: 0 }
    }
  }

  const previewProfileList: BridgeHandlers['previewProfileList'] = ({ text }) => tracked(() => preview(text))

  async function preview(text: string): Promise<OperationOutput<'previewProfileList'>> {
    const list = parseProfileList(text)
    const { rows, problems, accounts } = checkRows(list, await deps.profiles.list())
    // every address that can be one is asked, also of a row with another problem: both are fixed at once
    const asked = rows.filter((row) => row.baseUrl !== null && row.duplicate?.of !== 'saved')
    const checks = await probeTargets(
      asked.map((row) => ({ baseUrl: row.baseUrl as string, domain: row.fields.tenant })),
      deps.probe,
      (done, total) => report('checking', done, total),
    )
    const checkOf = new Map(asked.map((row, i) => [row.row, checks[i] ?? null]))
    return {
      rows: rows.map(({ row, fields, problems: own, duplicate }) => ({ row, fields, problems: own, duplicate, check: checkOf.get(row) ?? null })),
      problems,
      accounts,
      ignoredColumns: list.ignoredColumns,
      delimiter: list.delimiter,
      keychain: deps.keychain,
    }
  }

  const importProfileList: BridgeHandlers['importProfileList'] = ({ text, passwords }) => tracked(() => importList(text, passwords))

  async function importList(text: string, passwords: readonly ProfileListPassword[]): Promise<OperationOutput<'importProfileList'>> {
    const list = parseProfileList(text)
    const { rows, problems } = checkRows(list, await deps.profiles.list())
    if (problems.length > 0) throw refusal(problems)
    // checked again against the file as it is now, under its lock: another window or the command line may have added one since
    const toAdd = rows.filter((row) => row.duplicate?.of !== 'saved' && row.input !== null)
    const outcomes = await deps.profiles.addMany(
      toAdd.map((row) => row.input!),
      (fields, saved) => saved.find((profile) => sameTarget(profile, fields)),
    )
    const added: AddedRow[] = []
    const skipped: OperationOutput<'importProfileList'>['skipped'] = rows
      .filter((row) => row.duplicate?.of === 'saved')
      .map((row) => ({ row: row.row, label: row.fields.label, savedLabel: row.duplicate?.of === 'saved' ? row.duplicate.label : '' }))
    outcomes.forEach((outcome, i) => {
      const row = toAdd[i]!
      if ('added' in outcome) added.push({ row: row.row, profile: outcome.added })
      else skipped.push({ row: row.row, label: row.fields.label, savedLabel: outcome.skipped.label })
    })
    skipped.sort((a, b) => a.row - b.row)
    const kept = await keepPasswords(added, passwords, deps, report)
    return { added: added.map(({ row, profile }) => ({ row, profileId: profile.id, label: profile.label })), skipped, ...kept }
  }

  const profileListProgress: BridgeHandlers['profileListProgress'] = async () => progress

  return { previewProfileList, importProfileList, profileListProgress }
}
