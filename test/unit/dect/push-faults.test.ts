import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Batch } from '../../../electron/contract/dect'
import type { DectPhone } from '../../../electron/contract/pbx'
import { createBatchStore, type BatchStore } from '../../../electron/services/dect/batch-store'
import { createPushRunner, type PushProgress } from '../../../electron/services/dect/push'
import type { PbxCaller } from '../../../electron/services/pbx-client/caller'
import { PROFILE_ID, macOf, makeRows, phonesOn, signedIn, startPbx, tempDir, type Demo } from './push-support'

/**
 * The proofs: the PBX goes away mid-batch, the token expires mid-push, the pusher is
 * killed, another batch takes a row's MAC.
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const CHILD = fileURLToPath(new URL('./fixtures/push-child.ts', import.meta.url))

let pbx: Demo | undefined
const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  await pbx?.stop()
  pbx = undefined
  for (const cleanup of cleanups.splice(0)) await cleanup()
})

async function setUp(options: Parameters<typeof startPbx>[0] = {}): Promise<{ pbx: Demo; caller: PbxCaller; store: BatchStore; dir: string }> {
  pbx = await startPbx(options)
  const temp = await tempDir()
  cleanups.push(temp.cleanup)
  return { pbx, caller: await signedIn(pbx.url), store: createBatchStore(temp.dir), dir: temp.dir }
}

/** exactly one phone per row, each row's outcome naming that phone */
function expectOnePhonePerRow(batch: Batch, phones: DectPhone[]): void {
  expect(phones).toHaveLength(batch.rows.length)
  const byMac = new Map(phones.map((p) => [p.mac, p]))
  expect(byMac.size).toBe(batch.rows.length)
  for (const row of batch.rows) {
    const phone = byMac.get(row.values.mac)
    expect(phone, `row ${row.row}`).toBeDefined()
    expect(row.outcome, `row ${row.row}`).toMatchObject({ phoneId: phone!.id, url: phone!.url })
    expect(['created', 'matched']).toContain(row.outcome.state)
  }
}

// each test pushes 1,000 phones with latency: seconds of work, more on a busy machine
describe('a push against a failing PBX', { timeout: 60_000 }, () => {
  it('the PBX goes down at row 500 of 1,000: the push pauses; when it is back the resumed push ends with exactly 1,000 phones', async () => {
    const { pbx, caller, store } = await setUp({ latencyMs: 3 })
    const batch = await store.create({ name: 'Thousand', source: 'k.csv', rows: makeRows(1000) })
    let down: Promise<void> | undefined
    const push = createPushRunner({
      store,
      callerFor: () => caller,
      retryDelaysMs: [20, 50, 100],
      onProgress: (p) => {
        if (!down && p.done >= 500) down = pbx.faults.down()
      },
    })
    const paused = await push.start(batch.id, PROFILE_ID, { concurrency: 8 })
    await down
    expect(paused.status).toBe('paused')
    expect(paused.reason).toMatch(/could not be reached.*resume it when the PBX answers again/)
    expect(paused.done).toBeGreaterThanOrEqual(500)
    expect(paused.done).toBeLessThan(520)
    expect((await store.get(batch.id)).status).toBe('paused')

    await pbx.faults.up()
    const end = await createPushRunner({ store, callerFor: () => caller }).start(batch.id, PROFILE_ID, { concurrency: 8 })
    expect(end).toMatchObject({ status: 'done', total: 1000, done: 1000, failed: 0, pending: 0 })
    expectOnePhonePerRow(await createBatchStore(store.dir.slice(0, -'/batches'.length)).get(batch.id), await phonesOn(caller))
  })

  it('token expiry during a push is invisible: refreshed ahead of expiry, and on a 401 the app did not expect', async () => {
    const { pbx, caller, store } = await setUp({ tokenTtl: 1, latencyMs: 20 })
    // the second session's clock stands still: it learns of the expiry from the PBX's 401
    const frozen = Date.now()
    const stale = await signedIn(pbx.url, 'stale-clock', () => frozen)
    const a = await store.create({ name: 'Ahead', source: 'a.csv', rows: makeRows(200, '00156501') })
    const b = await store.create({ name: 'On 401', source: 'b.csv', rows: makeRows(200, '00156502') })
    const tokensBefore = pbx.issuedTokens.length
    const started = Date.now()
    const [endA, endB] = await Promise.all([
      createPushRunner({ store, callerFor: () => caller }).start(a.id, PROFILE_ID, { concurrency: 2 }),
      createPushRunner({ store, callerFor: () => stale }).start(b.id, 'stale-clock', { concurrency: 2 }),
    ])
    expect(Date.now() - started).toBeGreaterThan(2000) // the tokens lived 1 s
    expect(endA).toMatchObject({ status: 'done', created: 200, failed: 0 })
    expect(endA.reason).toBeUndefined()
    expect(endB).toMatchObject({ status: 'done', created: 200, failed: 0 })
    expect(endB.reason).toBeUndefined()
    expect(pbx.issuedTokens.length - tokensBefore).toBeGreaterThanOrEqual(8) // at least two refreshes each (access + refresh token)
    expect(await phonesOn(caller)).toHaveLength(400)
  })

  it('a row the PBX refuses (another batch took its MAC meanwhile) is reported, and the other 999 go on', async () => {
    const { caller, store, dir } = await setUp({ latencyMs: 3 })
    const batch = await store.create({ name: 'Thousand', source: 'k.csv', rows: makeRows(1000) })
    const taken = macOf(700)
    const other = await store.create({ name: 'Other site', source: 'o.csv', rows: [{ row: 1, values: { name: 'Other site handset', mac: taken, vendor: 'Yealink', model: 'W80B' }, problems: [] }] })
    // the other batch is pushed just before our create of row 701 reaches the PBX: the PBX refuses ours (409)
    let otherPush: Promise<PushProgress> | undefined
    let refused = 0
    const racing: PbxCaller = {
      baseUrl: caller.baseUrl,
      async call(path, options) {
        if (options?.method !== 'POST' || (options.json as { mac?: string }).mac !== taken) return caller.call(path, options)
        otherPush ??= createPushRunner({ store, callerFor: () => caller }).start(other.id, PROFILE_ID)
        await otherPush
        try {
          return await caller.call(path, options)
        } catch (error) {
          refused++
          throw error
        }
      },
    }
    const end = await createPushRunner({ store, callerFor: () => racing }).start(batch.id, PROFILE_ID, { concurrency: 8 })
    expect(await otherPush).toMatchObject({ status: 'done', created: 1 })
    expect(refused).toBe(1)
    expect(end).toMatchObject({ status: 'partly_failed', total: 1000, done: 1000, created: 999, matched: 0, failed: 1, pending: 0 })

    const saved = await createBatchStore(dir).get(batch.id)
    const row = saved.rows[700]!
    expect(row.outcome).toMatchObject({ state: 'failed', error: expect.stringContaining("is on the PBX already as 'Other site handset'") })
    expect(row.outcome.phoneId).toBeUndefined()
    const phones = await phonesOn(caller)
    expect(phones).toHaveLength(1000) // 999 of this batch, 1 of the other
    expect(phones.find((p) => p.mac === taken)?.name).toBe('Other site handset')
    expectOnePhonePerRow({ ...saved, rows: saved.rows.filter((r) => r !== row) }, phones.filter((p) => p.mac !== taken))
  })

  it('the pushing process is killed with SIGKILL mid-batch; a new one resumes from the batch file to exactly 1,000 phones', async () => {
    const { pbx, caller, store, dir } = await setUp({ latencyMs: 8 })
    const batch = await store.create({ name: 'Killed', source: 'k.csv', rows: makeRows(1000) })

    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dir, pbx.url, batch.id, '8'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)))

    // kill it once about 300 phones exist (one request per phone, plus its sign-in and first list)
    const before = pbx.requests
    const deadline = Date.now() + 20_000
    while (pbx.requests - before < 303) {
      if (child.exitCode !== null) throw new Error(`the pushing process ended early: ${output}`)
      if (Date.now() > deadline) throw new Error(`the pushing process made no progress: ${output}`)
      await new Promise((r) => setTimeout(r, 5))
    }
    child.kill('SIGKILL')
    expect(await exited).toBe('SIGKILL')
    expect(output).toContain('started')
    expect(output).not.toContain('ended')

    const phonesAtKill = (await phonesOn(caller)).length
    expect(phonesAtKill).toBeGreaterThanOrEqual(290)
    expect(phonesAtKill).toBeLessThan(1000)
    // the file survived the kill whole: it still says pushing, with what was saved
    const fresh = createBatchStore(dir)
    const left = await fresh.get(batch.id)
    expect(left.status).toBe('pushing')
    const savedCreated = left.rows.filter((r) => r.outcome.state === 'created').length
    expect(savedCreated).toBeLessThanOrEqual(phonesAtKill)

    const resume = createPushRunner({ store: fresh, callerFor: () => caller })
    // the killed process's push lock is told from a live one's once it is stale (2 s unrefreshed):
    // until then the batch shows as pushed elsewhere, then as paused, with what was saved
    await vi.waitFor(async () => expect(await resume.progress(batch.id)).toMatchObject({ status: 'paused', running: false, created: savedCreated }), { timeout: 5_000, interval: 100 })
    const end = await resume.start(batch.id, PROFILE_ID, { concurrency: 8 })
    expect(end).toMatchObject({ status: 'done', total: 1000, done: 1000, failed: 0 })
    // phones created before the kill whose outcome was not saved are matched, not created again
    expect(end.matched).toBe(phonesAtKill - savedCreated)
    expectOnePhonePerRow(await createBatchStore(dir).get(batch.id), await phonesOn(caller))
  })
})
