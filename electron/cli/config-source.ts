import { stat } from 'node:fs/promises'
import type { ConfigSource } from '../contract/config-compare'
import { CONFIG_SNAPSHOT_MAX_CHARS, type ConfigSnapshot } from '../contract/config-snapshot'
import type { PbxProfile } from '../contract/profiles'
import { namedPbx } from './commands/common'
import { BridgeFailure, type OpenServices } from './context'
import { CliError, failedError, usageError } from './exit-codes'
import { readInputFile } from './input-file'
import { pathUsageError } from './path-problem'
import { notSignedInText } from './sign-in'

/**
 * Where a configuration comes from on the command line: an argument that names a file (one that
 * exists) is a snapshot file, anything else a saved PBX by name or id.
 */
export type ConfigSide = { kind: 'file'; path: string; text: string } | { kind: 'pbx'; profile: PbxProfile }

/**
 * The file or the saved PBX an argument (`name`: `<left>`, `<source>`) names; bad usage when it
 * is neither, or names a path that cannot be read.
 */
export async function configSide(open: OpenServices, arg: string, name: string): Promise<ConfigSide> {
  const where = { name, path: arg, hint: 'name a snapshot file (*.pbxconfig.json) or a saved PBX' }
  const found = await stat(arg).catch((error: NodeJS.ErrnoException) => error)
  if (!(found instanceof Error)) {
    const tooLarge = () => usageError(`${name}: ${arg} is too large to be a configuration snapshot.`)
    const bytes = await readInputFile(where, { bytes: CONFIG_SNAPSHOT_MAX_CHARS * 4, tooLarge })
    return { kind: 'file', path: arg, text: bytes.toString('utf8') }
  }
  try {
    return { kind: 'pbx', profile: await namedPbx(open, arg) }
  } catch (error) {
    // what looks like a path (or one the disk refused other than as missing) is said to be a file that cannot be read, not an unknown PBX
    if (error instanceof CliError && (found.code !== 'ENOENT' || /[\\/]|\.json$/i.test(arg))) throw pathUsageError({ ...where, use: 'read' }, found)
    throw error
  }
}

export const sourceOf = (side: ConfigSide): ConfigSource => (side.kind === 'pbx' ? { profileId: side.profile.id } : { snapshotJson: side.text })

/** "Demo Company" (saved PBX, read now), or the file (a snapshot of "…" taken …). */
export function sideName(side: ConfigSide, snapshot?: Pick<ConfigSnapshot, 'takenAt' | 'source'>, time: (iso: string) => string = (iso) => iso): string {
  if (side.kind === 'pbx') return `"${side.profile.label}" (saved PBX, read now)`
  return snapshot ? `${side.path} (snapshot of "${snapshot.source.label}", taken ${time(snapshot.takenAt)})` : side.path
}

/**
 * Why a saved PBX cannot be used now, in a sentence that says what to do, or null when it is
 * signed in (its session opened from the keychain; "last used" left as it was).
 */
export async function signInProblem(open: OpenServices, profile: PbxProfile): Promise<string | null> {
  const opened = await open.call('openPbx', { profileId: profile.id, touch: false })
  if (!opened.ok) return opened.error.code === 'NOT_SIGNED_IN' ? notSignedInText(profile) : opened.error.message
  if (opened.value.status === 'signed_in') return null
  if (opened.value.status === 'code_required') {
    return `"${profile.label}" asks for a one-time code sent by email at each sign-in, which the command line cannot type: use the desktop app for it.`
  }
  return notSignedInText(profile)
}

/** As signInProblem, failing the command. */
export async function mustBeSignedIn(open: OpenServices, profile: PbxProfile): Promise<void> {
  const problem = await signInProblem(open, profile)
  if (problem) throw failedError(problem)
}

/** A snapshot file's content checked: the snapshot, or bad usage naming the file and what is wrong. */
export async function fileSnapshot(open: OpenServices, side: Extract<ConfigSide, { kind: 'file' }>): Promise<ConfigSnapshot> {
  const read = await open.call('openSnapshot', { snapshotJson: side.text })
  if (read.ok) return read.value
  if (read.error.code === 'INVALID_INPUT') throw usageError(`${side.path}: ${read.error.message}`)
  throw new BridgeFailure(read.error)
}

/** The snapshot of a side: a file read, or the PBX signed in and read now. */
export async function snapshotOf(open: OpenServices, side: ConfigSide): Promise<ConfigSnapshot> {
  if (side.kind === 'file') return fileSnapshot(open, side)
  await mustBeSignedIn(open, side.profile)
  return (await open.must('takeSnapshot', { profileId: side.profile.id })).snapshot
}
