import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createBatchStore } from '../../electron/services/dect/batch-store'
import { createPushRunner } from '../../electron/services/dect/push'
import { createDectMembersClient } from '../../electron/services/pbx-client/dect-members'
import { macOf, PROFILE_ID, phonesOn, signedIn } from '../unit/dect/push-support'
import { bareClient, eachLimited } from './bare-http'

/**
 * Bench (a script, not a test): a batch of 100 Yealink W70B bases and 1,000 handsets (10 a base,
 * none naming its base) pushed to the demo PBX with 20 ms latency per request at concurrency 8.
 * Prints `push_handsets_1000_ms` for the whole push (bases, then handsets) and its bound: the
 * requests that run in parallel × 20 ms / 8, plus the calls made one after another (the phone list
 * before and after), plus what the pages of users (read one after another, beside the members'
 * first reads) take beyond those reads. The goal is within 1.25 times the bound.
 * Requests: 100 creates, then per base one read of its members, one read again just before the
 * write, one write; 2 phone lists; 11 pages of users (1,100 users, 100 a page).
 * Then, for scale, `push_handsets_1000_floor_ms`: the same requests in the same order from a bare
 * HTTP client (bare-http.ts), on bases of their own: nothing checked, merged or saved.
 * The demo PBX runs in a process of its own. Run with `npx tsx test/bench/push-handsets-1000.ts`.
 */
const BASES = 100
const HANDSETS = 1000
const USERS = 1100
const LATENCY_MS = 20
const CONCURRENCY = 8

const parallel = BASES + BASES * 3
const sequential = 2
const userPages = Math.ceil(USERS / 100)
// the users' pages run beside the members' first reads (one read a base): only what they take beyond those counts
const pagesBeyondReads = Math.max(0, userPages * LATENCY_MS - (BASES * LATENCY_MS) / CONCURRENCY)
const bound = (parallel * LATENCY_MS) / CONCURRENCY + sequential * LATENCY_MS + pagesBeyondReads

/** A demo PBX in a process of its own, with the users and the latency above. */
async function demoPbx(): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'electron/demo-pbx/cli.ts', '--port', '0', '--users', String(USERS), '--latency-ms', String(LATENCY_MS)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let banner = ''
  while (!/listening on (\S+)/.test(banner)) {
    const [chunk] = (await once(child.stdout, 'data')) as [Buffer]
    banner += chunk.toString()
  }
  return { url: /listening on (\S+)/.exec(banner)![1]!, stop: () => child.kill('SIGTERM') }
}

const pbx = await demoPbx()
const url = pbx.url
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
  // the floor on a PBX of its own: the extensions are taken on this one
  const other = await demoPbx()
  const floor = await bareFloor(other.url).finally(other.stop)
  console.log(
    `push_handsets_1000_ms: ${elapsed} ms (bound ${bound} ms = ${parallel} requests × ${LATENCY_MS} ms / ${CONCURRENCY} + ${sequential} phone lists × ${LATENCY_MS} ms + ${pagesBeyondReads} ms of ${userPages} pages of users beyond the members' reads beside them; ratio ${(elapsed / bound).toFixed(2)}, goal ≤ 1.25; ${BASES} bases and ${HANDSETS} handsets, demo PBX in its own process)`,
  )
  console.log(`push_handsets_1000_floor_ms: ${floor} ms (ratio ${(floor / bound).toFixed(2)} of the bound; the push took ${(elapsed / floor).toFixed(2)}x this; the same requests from a bare HTTP client, nothing saved)`)
} finally {
  pbx.stop()
  await rm(dir, { recursive: true, force: true })
}

/**
 * The push's requests in its order from node:http alone: the phone list, the creates, the phone
 * list; the pages of users beside each base's members read; then per base a read and the write.
 * Answers the ms they took.
 */
async function bareFloor(baseUrl: string): Promise<number> {
  const client = await bareClient(baseUrl)
  const must = async (method: 'GET' | 'POST', path: string, body?: unknown, status = 200) => {
    const answer = await client.send(method, path, body)
    if (answer.status !== status) throw new Error(`bare ${method} ${path}: ${answer.status} ${JSON.stringify(answer.json())}`)
    return answer.json()
  }
  const started = performance.now()
  await must('GET', '/api/dect_phones?top=100')
  const ids: string[] = []
  await eachLimited(BASES, CONCURRENCY, async (i) => {
    const created = (await must('POST', '/api/dect_phones', { mac: macOf(i, '0015EF00'), name: `Bare ${i}`, vendor: 'Yealink', model: 'W70B' }, 201)) as { id: string }
    ids[i] = created.id
  })
  await must('GET', '/api/dect_phones?top=100')
  await Promise.all([
    (async () => {
      for (let skip = 0; skip < USERS; skip += 100) await must('GET', `/api/users?top=100&skip=${skip}`)
    })(),
    eachLimited(BASES, CONCURRENCY, async (i) => void (await must('GET', `/api/dect_phones/${ids[i]}/members`))),
  ])
  await eachLimited(BASES, CONCURRENCY, async (i) => {
    await must('GET', `/api/dect_phones/${ids[i]}/members`)
    const items = Array.from({ length: HANDSETS / BASES }, (_, k) => {
      const n = i * (HANDSETS / BASES) + k
      return { extension_number: String(1101 + n), ipui: `00EF${n.toString(16).toUpperCase().padStart(6, '0')}`, handset_index: String(k + 1) }
    })
    await must('POST', `/api/dect_phones/${ids[i]}/members`, { items })
  })
  const elapsed = Math.round(performance.now() - started)
  client.close()
  return elapsed
}
