// The fleet: the figures kept of every saved PBX and their background refresh. `createFakePbx`
// takes `fleetStatus` and `refreshFleet` from `createFleetFake` and exposes its helpers as
// `fake.fleet`. As in main, a refresh answers at once: the PBXs asked for stay pending (their
// entries `refreshing`) until the test finishes them with `fake.fleet.finish`.
import { bridge, type PbxApi } from '@contract/bridge'
import type { FleetEntry, FleetStatus } from '@contract/fleet'
import { fail, ok } from './answers'

/** What the fleet part keeps in memory. */
export type FakeFleetState = {
  /** the kept figures of each saved PBX (by profile id); a PBX without any shows blank figures */
  entries: Record<string, FleetEntry>
  /** the PBXs being read or waiting their turn, in the order asked */
  pending: string[]
  /** the refresh under way, counted as main counts it (both 0 once nothing is pending) */
  run: { total: number; done: number }
  /** pending PBXs a background refresh asked for (the screen opening): dropped by cancelFleetRefresh */
  background: string[]
}

/** The helpers a test drives the fleet with. */
export type FakeFleet = {
  state: FakeFleetState
  /** Sets the kept figures of PBXs (replacing what was kept of each). */
  setEntries: (...entries: FleetEntry[]) => void
  /**
   * PBXs being refreshed are read: no longer pending, their figures `checkedAt` now, with
   * `changes` applied (by profile id). All pending PBXs without `profileIds`.
   */
  finish: (profileIds?: string[], changes?: Record<string, Partial<FleetEntry>>) => FleetStatus
}

/** Figures of one saved PBX as main keeps them; pass what differs. */
export function fakeFleetEntry(profileId: string, more: Partial<FleetEntry> = {}): FleetEntry {
  return { profileId, certificate: 'unknown', counts: {}, warnings: [], ...more }
}

/** The fleet part of the fake. `profileIds` answers the saved PBXs' ids, in the saved list's order. */
export function createFleetFake(profileIds: () => string[]): {
  operations: Pick<PbxApi, 'fleetStatus' | 'refreshFleet' | 'cancelFleetRefresh'>
  helpers: FakeFleet
} {
  const state: FakeFleetState = { entries: {}, pending: [], run: { total: 0, done: 0 }, background: [] }

  const status = (): FleetStatus => {
    const ids = profileIds()
    state.pending = state.pending.filter((id) => ids.includes(id))
    return structuredClone({
      entries: ids.map((id) => ({ ...(state.entries[id] ?? fakeFleetEntry(id)), refreshing: state.pending.includes(id) })),
      pending: state.pending.length,
      run: state.run,
    })
  }

  /** never read, or read longer ago than `ms` (as main decides it) */
  const olderThan = (id: string, ms: number | undefined) => {
    const checkedAt = state.entries[id]?.checkedAt
    return ms === undefined || checkedAt === undefined || Date.parse(checkedAt) < Date.now() - ms
  }

  const operations: Pick<PbxApi, 'fleetStatus' | 'refreshFleet' | 'cancelFleetRefresh'> = {
    fleetStatus: async () => ok(status()),
    refreshFleet: async (input) => {
      const checked = bridge.refreshFleet.input.safeParse(input)
      if (!checked.success) return fail('INVALID_INPUT', checked.error.issues[0]?.message ?? 'invalid input')
      const saved = profileIds()
      for (const id of checked.data.profileIds ?? saved) {
        if (!saved.includes(id) || !olderThan(id, checked.data.olderThanMs)) continue
        if (!checked.data.background) state.background = state.background.filter((other) => other !== id)
        if (state.pending.includes(id)) continue
        state.pending.push(id)
        if (checked.data.background) state.background.push(id)
        state.run.total++
      }
      return ok(status())
    },
    cancelFleetRefresh: async () => {
      const dropped = state.pending.filter((id) => state.background.includes(id))
      state.pending = state.pending.filter((id) => !dropped.includes(id))
      state.run.total -= dropped.length
      state.background = []
      if (state.pending.length === 0) state.run = { total: 0, done: 0 }
      return ok(status())
    },
  }

  const helpers: FakeFleet = {
    state,
    setEntries: (...entries) => {
      for (const entry of entries) state.entries[entry.profileId] = structuredClone(entry)
    },
    finish: (ids, changes = {}) => {
      const done = ids ?? [...state.pending]
      const at = new Date().toISOString()
      for (const id of done) {
        state.entries[id] = { ...(state.entries[id] ?? fakeFleetEntry(id)), checkedAt: at, ...changes[id] }
      }
      state.run.done += done.filter((id) => state.pending.includes(id)).length
      state.pending = state.pending.filter((id) => !done.includes(id))
      if (state.pending.length === 0) state.run = { total: 0, done: 0 }
      return status()
    },
  }

  return { operations, helpers }
}
