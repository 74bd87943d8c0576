import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFleetService } from '../../../electron/services/fleet/fleet-service'
import { createMemorySecretStore } from '../../../electron/services/keychain/memory-store'
import { createPbxSecrets } from '../../../electron/services/keychain/pbx-secrets'
import { createProfileStore } from '../../../electron/services/profiles/profile-store'
import { createSessionManager } from '../../../electron/services/session/session-manager'

// The fleet's schedule: at most `concurrency` PBXs read at once, the rest waiting their turn. The
// PBXs here keep no password, so each is read with GET /api/info alone, answered by a server that
// counts how many of those are under way at the same time.

let server: Server
let url: string
let inFlight = 0
let peak = 0
let dir: string

beforeAll(async () => {
  server = createServer((request, response) => {
    inFlight++
    peak = Math.max(peak, inFlight)
    setTimeout(() => {
      inFlight--
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ name: 'Tenant' }))
    }, 30)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  dir = mkdtempSync(join(tmpdir(), 'pbx-fleet-schedule-'))
})
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  rmSync(dir, { recursive: true, force: true })
})

describe('the fleet schedule', () => {
  it('reads at most `concurrency` PBXs at once, and every one of them in the end', async () => {
    const profiles = createProfileStore(dir)
    const sessions = createSessionManager(profiles, createPbxSecrets({ available: true, store: createMemorySecretStore() }))
    for (let i = 1; i <= 12; i++) {
      await profiles.add({ label: `PBX ${i}`, baseUrl: url, username: 'manager', domain: `t${i}.example` })
    }
    const fleet = createFleetService({ dataDir: dir, profiles, sessions, batches: { list: async () => [], get: async () => Promise.reject(new Error('no batch')) } })
    try {
      const started = await fleet.handlers.refreshFleet({ concurrency: 3 })
      expect(started.pending).toBe(12)
      expect(started.run).toEqual({ total: 12, done: 0 })
      // PBXs queued or being read already are not counted twice
      const ids = started.entries.map((e) => e.profileId)
      expect((await fleet.handlers.refreshFleet({ profileIds: ids.slice(0, 2) })).run.total).toBe(12)
      // part-way: what is read and what is pending make up the run
      let middle = await fleet.handlers.fleetStatus(undefined)
      while (middle.run.done === 0) {
        await new Promise((resolve) => setTimeout(resolve, 10))
        middle = await fleet.handlers.fleetStatus(undefined)
      }
      expect(middle.run.total).toBe(12)
      expect(middle.run.done + middle.pending).toBe(12)
      await fleet.idle()
      expect(peak).toBe(3)
      const done = await fleet.handlers.fleetStatus(undefined)
      expect(done.pending).toBe(0)
      expect(done.run).toEqual({ total: 0, done: 0 })
      expect(done.entries.map((e) => [e.reach, e.tenant, e.access])).toEqual(Array.from({ length: 12 }, () => ['reachable', 'Tenant', 'needs_password']))
    } finally {
      await fleet.dispose()
    }
  })

  /** a fleet of `count` PBXs in a folder of its own, with a clock the test moves */
  async function fleetOf(count: number, clock: { at: number }) {
    const folder = mkdtempSync(join(tmpdir(), 'pbx-fleet-open-'))
    const profiles = createProfileStore(folder)
    const sessions = createSessionManager(profiles, createPbxSecrets({ available: true, store: createMemorySecretStore() }))
    for (let i = 1; i <= count; i++) await profiles.add({ label: `PBX ${i}`, baseUrl: url, username: 'manager', domain: `t${i}.example` })
    const fleet = createFleetService({ dataDir: folder, profiles, sessions, now: () => new Date(clock.at), batches: { list: async () => [], get: async () => Promise.reject(new Error('no batch')) } })
    return { fleet, ids: (await profiles.list()).map((p) => p.id), done: async () => (await fleet.dispose(), rmSync(folder, { recursive: true, force: true })) }
  }
  const checked = async (fleet: Awaited<ReturnType<typeof fleetOf>>['fleet']) => (await fleet.handlers.fleetStatus(undefined)).entries.map((e) => e.checkedAt !== undefined)

  it('as the screen opens, reads again only the PBXs whose figures are older than asked (or never read)', async () => {
    const clock = { at: Date.parse('2026-12-02T09:00:00Z') }
    const { fleet, ids, done } = await fleetOf(4, clock)
    try {
      await fleet.handlers.refreshFleet({ profileIds: ids.slice(0, 2) })
      await fleet.idle()
      // a minute later: the two read are fresh, the two never read are asked for
      clock.at += 60_000
      const opened = await fleet.handlers.refreshFleet({ olderThanMs: 120_000, background: true })
      expect(opened.run.total).toBe(2)
      expect(opened.entries.map((e) => e.refreshing)).toEqual([false, false, true, true])
      await fleet.idle()
      // three minutes after the first read: those two are stale now, the others fresh
      clock.at += 120_000
      expect((await fleet.handlers.refreshFleet({ olderThanMs: 120_000, background: true })).entries.map((e) => e.refreshing)).toEqual([true, true, false, false])
      await fleet.idle()
    } finally {
      await done()
    }
  })

  it('the screen closing drops what its background refresh still has waiting; PBXs being read finish, and a refresh the user asked for goes on', async () => {
    const clock = { at: Date.now() }
    const { fleet, ids, done } = await fleetOf(10, clock)
    try {
      await fleet.handlers.refreshFleet({ concurrency: 2, background: true })
      // the user refreshes one PBX meanwhile: it stays when the screen closes
      await fleet.handlers.refreshFleet({ profileIds: [ids[9]!] })
      const closed = await fleet.handlers.cancelFleetRefresh(undefined)
      // the two being read and the one the user asked for
      expect(closed.pending).toBe(3)
      expect(closed.run.total - closed.run.done).toBe(3)
      await fleet.idle()
      expect(await checked(fleet)).toEqual([true, true, false, false, false, false, false, false, false, true])
      // nothing waits any more: the run is over
      expect((await fleet.handlers.fleetStatus(undefined)).run).toEqual({ total: 0, done: 0 })
    } finally {
      await done()
    }
  })
})
