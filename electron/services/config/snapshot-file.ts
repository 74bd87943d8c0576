import { CONFIG_SNAPSHOT_FORMAT, CONFIG_SNAPSHOT_VERSION, ConfigSnapshotSchema, type ConfigSnapshot } from '../../contract/config-snapshot'
import { checkInput, problemText } from '../../contract/pbx'
import { ServiceError } from '../errors'
import { safeFileName } from '../files/file-name'

/**
 * A snapshot as a file: its text (indented JSON, one file a PBX) and its name, and reading a file
 * back. A file that is not a snapshot, or of another version, is refused with a sentence that says
 * which; a damaged one names the first field that is wrong.
 */

export function snapshotFile(snapshot: ConfigSnapshot): { fileName: string; json: string } {
  const day = localDay(snapshot.takenAt)
  return { fileName: `${safeFileName(snapshot.source.label, 'pbx')} ${day}.pbxconfig.json`, json: `${JSON.stringify(snapshot, null, 2)}\n` }
}

/**
 * The day a moment falls on where the user is (this computer's time zone), `YYYY-MM-DD`: a
 * snapshot taken at 00:30 in Berlin is of that day, not the day before as UTC would name it.
 */
export function localDay(iso: string): string {
  const at = new Date(iso)
  const two = (n: number) => String(n).padStart(2, '0')
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}`
}

const refuse = (text: string) => new ServiceError('INVALID_INPUT', text, { field: 'snapshotJson' })

export function readSnapshotFile(text: string): ConfigSnapshot {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    throw refuse('This file is not a configuration snapshot: it is not JSON.')
  }
  const { format, version } = (typeof data === 'object' && data !== null ? data : {}) as { format?: unknown; version?: unknown }
  if (format !== CONFIG_SNAPSHOT_FORMAT) throw refuse(`This file is not a configuration snapshot of PBX Provisioner (its "format" is not "${CONFIG_SNAPSHOT_FORMAT}").`)
  if (version !== CONFIG_SNAPSHOT_VERSION) {
    throw refuse(`This snapshot is of version ${JSON.stringify(version)}; this app reads version ${CONFIG_SNAPSHOT_VERSION}. Open it with the app that wrote it, or take the snapshot again.`)
  }
  const read = checkInput(ConfigSnapshotSchema, data)
  if (!read.success) throw refuse(`This snapshot cannot be read: ${problemText(read.problems[0] ?? { path: '', message: 'is not valid' }, 'snapshot')}.`)
  return read.data
}
