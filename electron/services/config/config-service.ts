import { userInfo } from 'node:os'
import type { BridgeHandlers } from '../../contract/bridge'
import type { ConfigSource } from '../../contract/config-compare'
import type { ConfigSnapshot } from '../../contract/config-snapshot'
import { ServiceError } from '../errors'
import type { PbxCaller } from '../pbx-client/caller'
import type { ProfileStore } from '../profiles/profile-store'
import type { SessionManager } from '../session/session-manager'
import { compareSnapshots } from './config-compare'
import { createRolloutHistory } from './rollout-history'
import { createRolloutRunner } from './rollout-runner'
import { readSnapshotFile, snapshotFile } from './snapshot-file'
import { readSnapshot } from './snapshot-read'

type ConfigHandlers = Pick<
  BridgeHandlers,
  'takeSnapshot' | 'openSnapshot' | 'compareConfig' | 'previewApply' | 'startApply' | 'getRollout' | 'listRollouts' | 'retryRollout' | 'undoRollout' | 'previewFinish' | 'finishRollout'
>

export interface ConfigServiceOptions {
  dataDir: string
  profiles: ProfileStore
  sessions: SessionManager
  /** before a PBX is contacted (the built-in demo starts) */
  beforeContact?: (profileId: string) => Promise<void>
  /** who the history says ran a rollout (default: the user of this computer) */
  user?: string
}

function computerUser(): string {
  try {
    return userInfo().username
  } catch {
    return 'unknown'
  }
}

/**
 * A PBX's configuration as a file, and two configurations compared (contract/config-snapshot.ts,
 * config-compare.ts). A saved PBX is read through its session, opened from the keychain when it is
 * not running (without touching "last used"); one that needs a password or a code says so.
 * Applying to many PBXs, the history and undo are rollout-runner.ts's.
 */
export function createConfigService(options: ConfigServiceOptions) {
  /** The caller of a saved PBX, signed in from what the keychain keeps when it is not yet. */
  async function callerFor(profileId: string): Promise<PbxCaller> {
    await options.beforeContact?.(profileId)
    const state = await options.sessions.open(profileId, { touch: false })
    if (state.status !== 'signed_in') {
      const { label } = await options.profiles.get(profileId)
      const why = state.status === 'code_required' ? ': it asks for a one-time code at each sign-in' : ''
      throw new ServiceError('NOT_SIGNED_IN', `Sign in to ${label} first${why}.`)
    }
    return options.sessions.callerOf(profileId)
  }

  async function snapshotOf(profileId: string): Promise<ConfigSnapshot> {
    const caller = await callerFor(profileId)
    return readSnapshot(caller, await options.profiles.get(profileId))
  }

  const read = (source: ConfigSource): Promise<ConfigSnapshot> =>
    'profileId' in source ? snapshotOf(source.profileId) : Promise.resolve(readSnapshotFile(source.snapshotJson))

  const rollouts = createRolloutRunner({
    profiles: options.profiles,
    history: createRolloutHistory(options.dataDir),
    callerFor,
    accountOf: async (profileId) => (await options.sessions.sessionOf(profileId)).state().user?.username,
    readSource: read,
    user: options.user ?? computerUser(),
  })

  const handlers: ConfigHandlers = {
    async takeSnapshot({ profileId }) {
      const snapshot = await snapshotOf(profileId)
      return { ...snapshotFile(snapshot), snapshot }
    },
    openSnapshot: async ({ snapshotJson }) => readSnapshotFile(snapshotJson),
    async compareConfig({ left, right }) {
      const [l, r] = await Promise.all([read(left), read(right)])
      return compareSnapshots(l, r, { left: !('profileId' in left), right: !('profileId' in right) })
    },
    previewApply: (request) => rollouts.preview(request),
    startApply: (request) => rollouts.start(request),
    getRollout: ({ rolloutId }) => rollouts.get(rolloutId),
    listRollouts: () => rollouts.list(),
    retryRollout: ({ rolloutId }) => rollouts.retry(rolloutId),
    undoRollout: ({ rolloutId }) => rollouts.undo(rolloutId),
    previewFinish: (request) => rollouts.previewFinish(request),
    finishRollout: (request) => rollouts.finish(request),
  }

  return { handlers, idle: rollouts.idle }
}
