import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createBatchStore } from '../../electron/services/dect/batch-store'
import { createPushRunner } from '../../electron/services/dect/push'
import { makeRows, PROFILE_ID, phonesOn, signedIn } from '../unit/dect/push-support'

/**
 * Bench (a script, not a test): push 1,000 phones to the demo PBX with 20 ms latency per request
 * at concurrency 8. The goal is within 1.25 times the bound 1,000 × 20 ms / 8 plus one list call.
 * Run with `npx tsx test/bench/push-1000.ts`. Prints `push_1000_ms: <n> ms (bound <b> ms)`.
 * The demo PBX runs in a process of its own, as a real PBX runs on a machine of its own: in the
 * same process its work and the app's would share one event loop and one core.
 */
const ROWS = 1000
const LATENCY_MS = 20
const CONCURRENCY = 8

const bound = (ROWS * LATENCY_MS) / CONCURRENCY + LATENCY_MS
const child = spawn(process.execPath, ['--import', 'tsx', 'electron/demo-pbx/cli.ts', '--port', '0', '--empty', '--latency-ms', String(LATENCY_MS)], {
  stdio: ['ignore', 'pipe', 'inherit'],
})
let banner = ''
while (!/listening on (\S+)/.test(banner)) {
  const [chunk] = (await once(child.stdout, 'data')) as [Buffer]
  banner += chunk.toString()
}
const pbx = { url: /listening on (\S+)/.exec(banner)![1]!, stop: async () => void child.kill('SIGTERM') }
const dir = await mkdtemp(join(tmpdir(), 'push-bench-'))
try {
  const caller = await signedIn(pbx.url)
  const store = createBatchStore(dir)
  const batch = await store.create({ name: 'Bench', source: 'bench', rows: makeRows(ROWS) })
  const runner = createPushRunner({ store, callerFor: () => caller })

  const started = performance.now()
  const end = await runner.start(batch.id, PROFILE_ID, { concurrency: CONCURRENCY })
  const elapsed = Math.round(performance.now() - started)

  const phones = await phonesOn(caller)
  const saved = await createBatchStore(dir).get(batch.id)
  const withUrl = saved.rows.filter((r) => r.outcome.url !== undefined).length
  if (end.status !== 'done' || phones.length !== ROWS || withUrl !== ROWS) {
    throw new Error(`bench push did not end well: status ${end.status}, ${phones.length} phones, ${withUrl} urls saved`)
  }
  console.log(`push_1000_ms: ${elapsed} ms (bound ${bound} ms; 1,000 phones, 20 ms latency per request, concurrency 8, demo PBX in its own process)`)
  console.log(`ratio ${(elapsed / bound).toFixed(2)} (goal ≤ 1.25)`)
} finally {
  await pbx.stop()
  await rm(dir, { recursive: true, force: true })
}
