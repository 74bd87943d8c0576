import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createBatchStore } from '../../electron/services/dect/batch-store'
import { createPushRunner } from '../../electron/services/dect/push'
import { createDectMembersClient } from '../../electron/services/pbx-client/dect-members'
import { macOf, PROFILE_ID, phonesOn, signedIn } from '../unit/dect/push-support'

/**
 * Bench (a script, not a test): a batch of 100 Yealink W70B bases and 1,000 handsets (10 a base,
 * none naming its base) pushed to the demo PBX with 20 ms latency per request at concurrency 8.
 * Prints `push_handsets_1000_ms` for the whole push (bases, then handsets) and its bound: the
 * requests that run in parallel × 20 ms / 8, plus the calls made one after another (the phone list
 * before and after, the pages of users). The goal is within 1.25 times the bound.
 * Requests: 100 creates, then per base one read of its members, one read again just before the
 * write, one write; the list calls: 2 phone lists and 11 pages of users (1,100 users, 100 a page).
 * The demo PBX runs in a process of its own. Run with `npx tsx test/bench/push-handsets-1000.ts`.
 */
const BASES = 100
const HANDSETS = 1000
const USERS = 1100
const LATENCY_MS = 20
const CONCURRENCY = 8

const parallel = BASES + BASES * 3
const sequential = 2 + Math.ceil(USERS / 100)
const bound = (parallel * LATENCY_MS) / CONCURRENCY + sequential * LATENCY_MS

const child = spawn(process.execPath, ['--import', 'tsx', 'electron/demo-pbx/cli.ts', '--port', '0', '--users', String(USERS), '--latency-ms', String(LATENCY_MS)], {
  stdio: ['ignore', 'pipe', 'inherit'],
})
let banner = ''
while (!/listening on (\S+)/.test(banner)) {
  const [chunk] = (await once(child.stdout, 'data')) as [Buffer]
  banner += chunk.toString()
}
const url = /listening on (\S+)/.exec(banner)![1]!
const dir = await mkdtemp(join(tmpdir(), 'handsets-bench-'))
try {
  const caller = await signedIn(url)
  const store = createBatchStore(dir)
  const rows = Array.from({ length: BASES }, (_, i) => ({ row: i + 1, values: { name: `Base ${i + 1}`, mac: macOf(i, '0015EE00'), vendor: 'Yealink', model: 'W70B' }, problems: [] }))
  const handsets = Array.from({ length: HANDSETS }, (_, i) => ({ row: i + 1, values: { ipui: `00EE${i.toString(16).toUpperCase().padStart(6, '0')}`, extension: String(1101 + i) }, problems: [] }))
  const batch = await store.create({ name: 'Bench', source: 'bench', rows, handsets })

  const started = performance.now()
  const end = await createPushRunner({ store, callerFor: () => caller }).start(batch.id, PROFILE_ID, { concurrency: CONCURRENCY })
  const elapsed = Math.round(performance.now() - started)

  const client = createDectMembersClient(caller)
  let members = 0
  for (const phone of await phonesOn(caller)) if (phone.mac?.startsWith('0015EE')) members += (await client.list(phone.id)).length
  if (end.status !== 'done' || end.handsets.enrolled !== HANDSETS || members !== HANDSETS) {
    throw new Error(`bench push did not end well: status ${end.status}, ${end.handsets.enrolled} enrolled, ${members} members on the PBX`)
  }
  console.log(
    `push_handsets_1000_ms: ${elapsed} ms (bound ${bound} ms = ${parallel} requests × ${LATENCY_MS} ms / ${CONCURRENCY} + ${sequential} list calls × ${LATENCY_MS} ms; ratio ${(elapsed / bound).toFixed(2)}, goal ≤ 1.25; ${BASES} bases and ${HANDSETS} handsets, demo PBX in its own process)`,
  )
} finally {
  child.kill('SIGTERM')
  await rm(dir, { recursive: true, force: true })
}
