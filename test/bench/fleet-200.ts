import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServices } from '../../electron/services'
import { mapLimited } from '../../electron/services/concurrency/map-limited'
import { createMemorySecretStore } from '../../electron/services/keychain/memory-store'
import { invoker } from '../unit/invoke'

/**
 * Bench (a script, not a test): the fleet overview of 200 saved PBXs (tenant admins of the seeded
 * demo PBX, each with its password remembered), 50 ms latency per request, 8 PBXs at once.
 * Prints, each with the requests the demo PBX counted and the bound requests × 50 ms / 8:
 * - `fleet_200_first_rows_ms`: the table's first answer (kept figures, no request);
 * - `fleet_200_ms`: a refresh while the sessions run (the reseller's day);
 * - `fleet_200_cold_ms`: the first refresh after a start, signing in to each from the keychain.
 * Goal: the whole table within 5 s. The demo PBX runs in a process of its own.
 * Run with `npx tsx test/bench/fleet-200.ts`.
 */
const PBXS = 200
const LATENCY_MS = 50
const CONCURRENCY = 8

const child = spawn(process.execPath, ['--import', 'tsx', 'electron/demo-pbx/cli.ts', '--port', '0', '--latency-ms', String(LATENCY_MS)], { stdio: ['ignore', 'pipe', 'inherit'] })
let banner = ''
while (!/listening on (\S+)/.test(banner)) {
  const [chunk] = (await once(child.stdout, 'data')) as [Buffer]
  banner += chunk.toString()
}
const url = /listening on (\S+)/.exec(banner)![1]!
const dir = await mkdtemp(join(tmpdir(), 'fleet-bench-'))
const keychain = { available: true as const, store: createMemorySecretStore() }
const app = { name: 'bench', version: 'b', versions: { node: process.versions.node }, platform: process.platform }


try {
  // the saved PBXs and their remembered passwords (not timed)
  const setup = createServices({ dataDir: dir, keychain, app })
  const call = invoker(setup.handlers)
  await mapLimited(Array.from({ length: PBXS }, (_, i) => i), 16, async (i) => {
    const { id } = await call('saveProfile', {
      fields: { label: `Customer ${i + 1}`, baseUrl: url, username: 'manager', domain: 'demo.pbx.example', signInMethod: 'sign_in', customer: '', tags: [], notes: '', group: '', colour: '', favourite: false },
    })
    await call('signIn', { profileId: id, password: 'manager', remember: true })
  })
  await setup.dispose() // signs every session out

  const services = createServices({ dataDir: dir, keychain, app })
  const fleet = invoker(services.handlers)
  const time = async (work: () => Promise<unknown>): Promise<number> => {
    const started = performance.now()
    await work()
    return Math.round(performance.now() - started)
  }
  const refresh = () => time(async () => {
    await fleet('refreshFleet', { concurrency: CONCURRENCY })
    await services.fleet.idle()
  })

  const firstRows = await time(() => fleet('fleetStatus'))
  const cold = await refresh()
  const status = await fleet('fleetStatus')
  const filled = status.entries.filter((e) => e.access === 'signed_in' && typeof e.counts.handsets === 'number').length
  if (filled !== PBXS) throw new Error(`only ${filled} of ${PBXS} PBXs were read in full`)
  const warm = await refresh()
  await services.dispose()

  // requests of one PBX's refresh: GET /api/info; DECT phones, their members (the seed has 3 bases),
  // outbound rules, IVR servers and the alert emails (403 for a tenant admin); + 2 to sign in when cold
  const perPbx = 1 + 1 + 3 + 1 + 1 + 1
  const bound = (requests: number) => (requests * LATENCY_MS) / CONCURRENCY
  console.log(`fleet_200_first_rows_ms: ${firstRows} ms (200 saved PBXs, the kept figures, no request)`)
  console.log(`fleet_200_ms: ${warm} ms (bound ${bound(PBXS * perPbx)} ms = ${PBXS * perPbx} requests × ${LATENCY_MS} ms / ${CONCURRENCY}; goal ≤ 5000 ms; sessions running)`)
  console.log(`fleet_200_cold_ms: ${cold} ms (bound ${bound(PBXS * (perPbx + 2))} ms = ${PBXS * (perPbx + 2)} requests × ${LATENCY_MS} ms / ${CONCURRENCY}; goal ≤ 5000 ms; each signed in from the keychain first)`)
} finally {
  child.kill('SIGTERM')
  await rm(dir, { recursive: true, force: true })
}
