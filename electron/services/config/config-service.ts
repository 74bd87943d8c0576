import type { BridgeHandlers } from '../../contract/bridge'
import type { ConfigSource } from '../../contract/config-compare'
import type { ConfigSnapshot } from '../../contract/config-snapshot'
import { ServiceError } from '../errors'
import type { PbxCaller } from '../pbx-client/caller'
import type { ProfileStore } from '../profiles/profile-store'
import type { SessionManager } from '../session/session-manager'
import { compareSnapshots } from './config-compare'
import { readSnapshotFile, snapshotFile } from './snapshot-file'
import { readSnapshot } from './snapshot-read'

type ConfigHandlers = Pick<BridgeHandlers, 'takeSnapshot' | 'compareConfig'>

export interface ConfigServiceOptions {
  profiles: ProfileStore
  sessions: SessionManager
  /** before a PBX is contacted (the built-in demo starts) */
  beforeContact?: (profileId: string) => Promise<void>
}

/**
 * A PBX's configuration as a file, and two configurations compared (contract/config-snapshot.ts,
 * config-compare.ts). A saved PBX is read through its session, opened from the keychain when it is
 * not running (without touching "last used"); one that needs a password or a code says so.
 */
export function createConfigService(options: ConfigServiceOptions) {
  /** The caller of a saved PBX, signed in from what the keychain keeps when it is not yet. */
  async function callerFor(profileId: string): Promise<PbxCaller> {
    await options.beforeContact?.(profileId)
    const state = await options.sessions.open(profileId, { touch: false })
    if (state.status !== 'signed_in') {
      const { label } = await options.profiles.get(profileId)
      throw new ServiceError('NOT_SIGNED_IN', `Sign in to ${label} first: it asks for a one-time code.`)
    }
    return options.sessions.callerOf(profileId)
  }

  async function snapshotOf(profileId: string): Promise<ConfigSnapshot> {
    const caller = await callerFor(profileId)
    return readSnapshot(caller, await options.profiles.get(profileId))
  }

  const read = (source: ConfigSource): Promise<ConfigSnapshot> =>
    'profileId' in source ? snapshotOf(source.profileId) : Promise.resolve(readSnapshotFile(source.snapshotJson))

  const handlers: ConfigHandlers = {
    async takeSnapshot({ profileId }) {
      const snapshot = await snapshotOf(profileId)
      return { ...snapshotFile(snapshot), snapshot }
    },
    async compareConfig({ left, right }) {
      const [l, r] = await Promise.all([read(left), read(right)])
      return compareSnapshots(l, r, { left: !('profileId' in left), right: !('profileId' in right) })
    },
  }

  return { handlers, callerFor, read }
}
