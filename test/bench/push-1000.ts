import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createBatchStore } from '../../electron/services/dect/batch-store'
import { createPushRunner } from '../../electron/services/dect/push'
import { makeRows, PROFILE_ID, phonesOn, signedIn } from '../unit/dect/push-support'
import { bareClient, eachLimited } from './bare-http'

/**
 * Bench (a script, not a test): push 1,000 phones to the demo PBX with 20 ms latency per request
 * at concurrency 8. The goal is within 1.25 times the bound 1,000 × 20 ms / 8 plus one list call.
 * Run with `npx tsx test/bench/push-1000.ts`. Prints `push_1000_ms: <n> ms (bound <b> ms)`.
 * The demo PBX runs in a process of its own, as a real PBX runs on a machine of its own: in the
 * same process its work and the app's would share one event loop and one core.
 * Then, for scale, `push_1000_floor_ms`: the same 1,000 creates at concurrency 8 from a bare HTTP
 * client (no session, no batch file, no checks), what the demo PBX and the machine allow at best.
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
  console.log(`push_1000_ms: ${elapsed} ms (bound ${bound} ms, ratio ${(elapsed / bound).toFixed(2)}, goal ≤ 1.25; 1,000 phones, 20 ms latency per request, concurrency 8, demo PBX in its own process)`)

  const floor = await bareCreates(pbx.url, ROWS)
  console.log(`push_1000_floor_ms: ${floor} ms (ratio ${(floor / bound).toFixed(2)}; the same creates from a bare HTTP client, nothing saved)`)
} finally {
  await pbx.stop()
  await rm(dir, { recursive: true, force: true })
}

/** `count` creates at CONCURRENCY from node:http alone, on a tenant of their own MACs; answers the ms they took. */
async function bareCreates(baseUrl: string, count: number): Promise<number> {
  const client = await bareClient(baseUrl)
  const started = performance.now()
  await eachLimited(count, CONCURRENCY, async (i) => {
    const answer = await client.send('POST', '/api/dect_phones', { mac: `0015AA${i.toString(16).toUpperCase().padStart(6, '0')}`, name: `Bare ${i}`, vendor: 'Yealink', model: 'W80B' })
    if (answer.status !== 201) throw new Error(`bare create ${i}: ${answer.status} ${JSON.stringify(answer.json())}`)
  })
  const elapsed = Math.round(performance.now() - started)
  client.close()
  return elapsed
}
