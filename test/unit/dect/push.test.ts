import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ServiceError } from '../../../electron/services/errors'
import type { PbxCaller } from '../../../electron/services/pbx-client/caller'
import { createDectPhonesClient } from '../../../electron/services/pbx-client/dect-phones'
import { createBatchStore, type BatchStore } from '../../../electron/services/dect/batch-store'
import { toDectPhoneCreate } from '../../../electron/services/dect/phone-body'
import { createPushRunner, type PushProgress } from '../../../electron/services/dect/push'
import { type Demo, macOf, makeRows, openSite, phonesOn, PROFILE_ID, type Site } from './push-support'

let pbx: Demo
let caller: PbxCaller
let store: BatchStore
let dataDir: string
let site: Site

beforeEach(async () => {
  site = await openSite()
  ;({ pbx, caller, store, dataDir } = site)
})
afterEach(() => site.close())

const runner = (extra: Partial<Parameters<typeof createPushRunner>[0]> = {}) =>
  createPushRunner({ store, callerFor: () => caller, retryDelaysMs: [10, 20, 40], ...extra })

describe('the row → phone mapping', () => {
  it('takes the row values, the defaults where a cell is empty, drops the extension', () => {
    const body = toDectPhoneCreate(
      { name: 'Desk 4', mac: '00:15:65:aa:bb:cc', extension: '104', vendor: 'Yealink', model: '', language: '', codecs: [] },
      { model: 'W80B', language: 'GERMAN', codecs: ['G722'], https: false },
      { password: 'secret12' },
    )
    expect(body).toEqual({
      name: 'Desk 4',
      mac: '001565AABBCC',
      vendor: 'Yealink',
      model: 'W80B',
      language: 'GERMAN',
      codecs: ['G722'],
      https: false,
      password: 'secret12',
    })
    // what neither the row nor the batch sets is the PBX's to choose: not sent
    expect(() => toDectPhoneCreate({ name: 'x', mac: '0015', vendor: 'Yealink', model: 'W80B' })).toThrow(/^mac: /)
  })
})

describe('a push', () => {
  it('pushes 50 rows at concurrency 4: exactly 50 phones, every outcome saved with id and url, one list after', async () => {
    const batch = await store.create({ name: 'Fifty', source: 'fifty.csv', rows: makeRows(50) })
    const seen: PushProgress[] = []
    const requestsBefore = pbx.requests
    const end = await runner({ onProgress: (p) => seen.push(p) }).start(batch.id, PROFILE_ID, { concurrency: 4 })

    expect(end).toMatchObject({ status: 'done', running: false, total: 50, done: 50, created: 50, matched: 0, failed: 0, pending: 0 })
    // one list before, 50 creates, one list for the urls
    expect(pbx.requests - requestsBefore).toBe(52)

    const phones = await phonesOn(caller)
    expect(phones).toHaveLength(50)
    const byMac = new Map(phones.map((p) => [p.mac, p]))
    const saved = await createBatchStore(store.dir.replace(/\/batches$/, '')).get(batch.id)
    expect(saved).toMatchObject({ status: 'done', targetProfileId: PROFILE_ID, concurrency: 4 })
    for (const [i, row] of saved.rows.entries()) {
      const phone = byMac.get(macOf(i))!
      expect(row.outcome).toMatchObject({ state: 'created', phoneId: phone.id, url: `https://pbx.demo.example/dect/demo.pbx.example/${macOf(i)}.xml` })
      expect(phone.name).toBe(`Handset ${i + 1}`)
    }
    expect(new Set(saved.rows.map((r) => r.outcome.phoneId)).size).toBe(50)

    // the progress counted up, with a time left once a rate was seen
    expect(seen[0]).toMatchObject({ status: 'pushing', total: 50, done: 0, pending: 50 })
    expect(seen.filter((p) => p.status === 'pushing').map((p) => p.done)).toEqual(Array.from({ length: 51 }, (_, i) => i))
    expect(seen.some((p) => p.status === 'pushing' && p.etaMs !== null && p.etaMs > 0)).toBe(true)
    expect((await store.list())[0]!.counts).toEqual({ rows: 50, withErrors: 0, created: 50, matched: 0, failed: 0, pending: 0 })
  })

  it('never runs more than `concurrency` creates at once', async () => {
    pbx.faults.setLatency(15)
    const batch = await store.create({ name: 'C', source: 'c.csv', rows: makeRows(24) })
    let inFlight = 0
    let most = 0
    const counting: PbxCaller = {
      baseUrl: caller.baseUrl,
      async call(path, options) {
        inFlight++
        most = Math.max(most, inFlight)
        try {
          return await caller.call(path, options)
        } finally {
          inFlight--
        }
      },
    }
    const end = await runner({ callerFor: () => counting }).start(batch.id, PROFILE_ID, { concurrency: 3 })
    expect(end.status).toBe('done')
    expect(most).toBe(3)
    await expect(runner().start(batch.id, PROFILE_ID, { concurrency: 17 })).rejects.toThrow(/concurrency: must be a whole number from 1 to 16/)
  })

  it('skips rows with errors, matches its own phone the PBX has already, reports a refused row and a MAC another phone holds, and goes on', async () => {
    const rows = makeRows(12)
    rows[3]!.problems = [{ field: 'mac', message: 'MAC appears twice (rows 4 and 9)', severity: 'error' }]
    rows[4]!.problems = [{ field: 'language', message: 'unknown language, the default is used', severity: 'warning' }]
    rows[6]!.values.vendor = 'Acme' // only the PBX knows its vendors
    const batch = await store.create({ name: 'Mixed', source: 'mixed.csv', rows })
    const client = createDectPhonesClient(caller)
    // a phone with row 9's MAC is already on the PBX, under another name (another batch put it there)
    const theirs = await client.create({ name: 'Old reception', mac: macOf(8), vendor: 'Yealink', model: 'W80B' })
    // row 10's own phone is there too (an earlier push created it, its answer was lost)
    const own = await client.create({ name: 'Handset 10', mac: macOf(9), vendor: 'Yealink', model: 'W80B' })

    const end = await runner().start(batch.id, PROFILE_ID)
    expect(end).toMatchObject({ status: 'partly_failed', total: 11, created: 8, matched: 1, failed: 2, pending: 0, withErrors: 1 })

    const saved = await store.get(batch.id)
    expect(saved.rows[3]!.outcome).toEqual({ state: 'pending' })
    expect(saved.rows[4]!.outcome.state).toBe('created')
    expect(saved.rows[6]!.outcome).toMatchObject({ state: 'failed', error: expect.stringMatching(/^vendor: Acme is not a supported vendor/) })
    expect(saved.rows[8]!.outcome).toMatchObject({ state: 'failed', error: expect.stringContaining(`is on the PBX already as 'Old reception' (id ${theirs}), another phone`) })
    expect(saved.rows[8]!.outcome.phoneId).toBeUndefined()
    expect(saved.rows[9]!.outcome).toMatchObject({ state: 'matched', phoneId: own, url: expect.stringContaining(macOf(9)) })
    const phones = await phonesOn(caller)
    expect(phones).toHaveLength(10) // 8 created + the two that were there
    expect(phones.find((p) => p.id === theirs)?.name).toBe('Old reception')
    expect((await store.list())[0]).toMatchObject({ status: 'partly_failed', counts: { rows: 12, withErrors: 1, created: 8, matched: 1, failed: 2, pending: 0 } })
  })

  it('a 409 on create (the MAC appeared meanwhile) is matched when it is the row\'s own phone, reported when another phone took it', async () => {
    const batch = await store.create({ name: 'Race', source: 'r.csv', rows: makeRows(3) })
    const client = createDectPhonesClient(caller)
    const raced = new Map<string, string>()
    // between our first list and our create: row 2's phone is created under its own name (as by a
    // request of ours whose answer was lost), row 3's MAC by another installer under another name
    const racing: PbxCaller = {
      baseUrl: caller.baseUrl,
      async call(path, options) {
        const mac = options?.method === 'POST' ? (options.json as { mac: string }).mac : ''
        if (!raced.has(mac) && (mac === macOf(1) || mac === macOf(2))) {
          raced.set(mac, await client.create({ name: mac === macOf(1) ? 'Handset 2' : 'Theirs', mac, vendor: 'Yealink', model: 'W80B' }))
        }
        return caller.call(path, options)
      },
    }
    const end = await runner({ callerFor: () => racing }).start(batch.id, PROFILE_ID, { concurrency: 1 })
    expect(end).toMatchObject({ status: 'partly_failed', created: 1, matched: 1, failed: 1 })
    const saved = await store.get(batch.id)
    expect(saved.rows[1]!.outcome).toMatchObject({ state: 'matched', phoneId: raced.get(macOf(1)) })
    expect(saved.rows[2]!.outcome).toMatchObject({ state: 'failed', error: expect.stringContaining("as 'Theirs'") })
    expect(await phonesOn(caller)).toHaveLength(3)
  })

  it('retries a 503 and a dropped connection, and the row is created once', async () => {
    const batch = await store.create({ name: 'Flaky', source: 'f.csv', rows: makeRows(6) })
    const push = runner({
      onProgress: (p) => {
        if (p.done === 2) {
          pbx.faults.failNext(1, 503)
          pbx.faults.dropNext(1)
        }
      },
    })
    const end = await push.start(batch.id, PROFILE_ID, { concurrency: 1 })
    expect(end).toMatchObject({ status: 'done', created: 6 })
    expect(await phonesOn(caller)).toHaveLength(6)
  })

  it('when the url list call fails the rows are still done; pushing again only reads the urls', async () => {
    const batch = await store.create({ name: 'Urls', source: 'u.csv', rows: makeRows(5) })
    const push = runner({ onProgress: (p) => p.status === 'pushing' && p.done === 5 && pbx.faults.failNext(4, 503) })
    const end = await push.start(batch.id, PROFILE_ID, { concurrency: 1 })
    expect(end).toMatchObject({ status: 'done', created: 5, reason: expect.stringMatching(/provisioning addresses could not be read/) })
    expect((await store.get(batch.id)).rows.every((r) => r.outcome.url === undefined)).toBe(true)
    const before = pbx.requests
    expect(await runner().start(batch.id, PROFILE_ID)).toMatchObject({ status: 'done', created: 5 })
    expect(pbx.requests - before).toBe(2)
    expect((await store.get(batch.id)).rows.every((r) => r.outcome.url?.endsWith('.xml'))).toBe(true)
  })

  it('pauses (in-flight rows finish) and resumes where it stopped', async () => {
    pbx.faults.setLatency(10)
    const batch = await store.create({ name: 'Pause', source: 'p.csv', rows: makeRows(40) })
    const push = runner({
      onProgress: (p) => {
        if (p.status === 'pushing' && p.done === 10) push.pause(batch.id)
      },
    })
    const paused = await push.start(batch.id, PROFILE_ID, { concurrency: 4 })
    expect(paused.status).toBe('paused')
    expect(paused.reason).toBe('Paused.')
    // the three other workers finished the row they were on
    expect(paused.created).toBeGreaterThanOrEqual(10)
    expect(paused.created).toBeLessThanOrEqual(13)
    expect(await phonesOn(caller)).toHaveLength(paused.created)
    expect((await store.get(batch.id)).status).toBe('paused')
    expect(await push.progress(batch.id)).toMatchObject({ status: 'paused', running: false, created: paused.created, pending: 40 - paused.created })

    const end = await runner().start(batch.id, PROFILE_ID)
    expect(end).toMatchObject({ status: 'done', created: 40, matched: 0 })
    expect(await phonesOn(caller)).toHaveLength(40)
  })

  it('cancel stops at once and leaves the rest pending; a cancel before anything is pushed leaves a draft', async () => {
    pbx.faults.setLatency(30)
    const batch = await store.create({ name: 'Cancel', source: 'c.csv', rows: makeRows(30) })
    const push = runner({
      onProgress: (p) => {
        if (p.status === 'pushing' && p.done === 5) push.cancel(batch.id)
      },
    })
    const cancelled = await push.start(batch.id, PROFILE_ID, { concurrency: 4 })
    expect(cancelled).toMatchObject({ status: 'paused', reason: 'Cancelled.', pending: 30 - cancelled.created })
    // no new row was taken after the cancel: at most the three other workers' rows had answered
    expect(cancelled.created).toBeGreaterThanOrEqual(5)
    expect(cancelled.created).toBeLessThanOrEqual(8)
    // requests still in flight were abandoned; the PBX may have created those phones: the resume matches them
    const onPbx = (await phonesOn(caller)).length
    expect(onPbx).toBeGreaterThanOrEqual(cancelled.created)
    expect(onPbx).toBeLessThanOrEqual(8)
    pbx.faults.setLatency(0)
    const end = await runner().start(batch.id, PROFILE_ID)
    const lateOnes = onPbx - cancelled.created
    expect(end).toMatchObject({ status: 'done', created: 30 - lateOnes, matched: lateOnes })
    expect(await phonesOn(caller)).toHaveLength(30)

    const other = await store.create({ name: 'Never', source: 'n.csv', rows: makeRows(5, '00156501') })
    pbx.faults.setLatency(50)
    const early = runner()
    const running = early.start(other.id, PROFILE_ID)
    expect(early.isRunning(other.id)).toBe(true)
    await expect(early.start(other.id, PROFILE_ID)).rejects.toThrow(/being pushed already/)
    early.cancel(other.id)
    expect(await running).toMatchObject({ status: 'draft', pending: 5 })
    expect((await store.get(other.id)).status).toBe('draft')
  })

  it('retries only the failed rows', async () => {
    const rows = makeRows(8)
    const batch = await store.create({ name: 'Retry', source: 'r.csv', rows })
    // rows 3 and 6 are refused: the PBX has no such template for the vendor (the fix is made in the batch)
    await store.update(batch.id, (b) => {
      b.rows[2]!.values.template = 'nope.xml'
      b.rows[5]!.values.template = 'nope.xml'
    })
    const first = await runner().start(batch.id, PROFILE_ID)
    expect(first).toMatchObject({ status: 'partly_failed', created: 6, failed: 2 })
    expect((await store.get(batch.id)).rows[2]!.outcome.error).toMatch(/^template: /)

    await store.update(batch.id, (b) => {
      delete b.rows[2]!.values.template
      delete b.rows[5]!.values.template
    })
    const before = pbx.requests
    const creates: string[] = []
    const watching: PbxCaller = {
      baseUrl: caller.baseUrl,
      call(path, options) {
        if (options?.method === 'POST') creates.push((options.json as { mac: string }).mac)
        return caller.call(path, options)
      },
    }
    const second = await runner({ callerFor: () => watching }).retryFailed(batch.id, PROFILE_ID)
    expect(second).toMatchObject({ status: 'done', created: 8, failed: 0 })
    expect(creates.sort()).toEqual([macOf(2), macOf(5)])
    expect(pbx.requests - before).toBe(4)
    expect(await phonesOn(caller)).toHaveLength(8)
  })

  it('a push without a session is refused before anything changes; a session lost mid-push pauses it', async () => {
    const batch = await store.create({ name: 'Session', source: 's.csv', rows: makeRows(10) })
    const signedOut = () => {
      throw new ServiceError('NOT_SIGNED_IN', 'Sign in to this PBX first.')
    }
    await expect(runner({ callerFor: signedOut }).start(batch.id, PROFILE_ID)).rejects.toMatchObject({ code: 'NOT_SIGNED_IN' })
    expect(await store.get(batch.id)).toMatchObject({ status: 'draft', targetProfileId: null })

    let calls = 0
    const ending: PbxCaller = {
      baseUrl: caller.baseUrl,
      call(path, options) {
        if (++calls > 5) return Promise.reject(new ServiceError('NOT_SIGNED_IN', 'The PBX ended the session (its refresh token was refused). Sign in again.'))
        return caller.call(path, options)
      },
    }
    const end = await runner({ callerFor: () => ending }).start(batch.id, PROFILE_ID, { concurrency: 1 })
    expect(end).toMatchObject({ status: 'paused', created: 4, failed: 0, pending: 6 })
    expect(end.reason).toMatch(/^The PBX ended the session .*Sign in again\. The push paused/)
    expect(await runner().start(batch.id, PROFILE_ID)).toMatchObject({ status: 'done', created: 10 })
  })

  it('refuses to resume on another PBX what was pushed in part to one', async () => {
    const batch = await store.create({ name: 'Two PBXs', source: 't.csv', rows: makeRows(4) })
    const push = runner({ onProgress: (p) => p.done === 2 && push.pause(batch.id) })
    await push.start(batch.id, PROFILE_ID, { concurrency: 1 })
    await expect(runner().start(batch.id, 'another-pbx')).rejects.toThrow(/pushed to another PBX/)
  })

  it('treats a file that says pushing (the app stopped) as paused and resumes it', async () => {
    const batch = await store.create({ name: 'Crashed', source: 'c.csv', rows: makeRows(5) })
    await store.setPushState(batch.id, { status: 'pushing', targetProfileId: PROFILE_ID })
    await store.saveOutcomes(batch.id, { r1: { state: 'created', phoneId: 'dect-gone' } })
    const push = runner()
    expect(await push.progress(batch.id)).toMatchObject({ status: 'paused', running: false, created: 1, pending: 4 })
    expect(await push.recover()).toEqual([batch.id])
    expect((await store.get(batch.id)).status).toBe('paused')
    expect(await push.start(batch.id, PROFILE_ID)).toMatchObject({ status: 'done', created: 5 })
  })
})

describe('why a push paused, in sentences', () => {
  it('a 403 mid-push: the PBX message ends as a sentence before "The push paused"', async () => {
    const batch = await store.create({ name: 'Forbidden', source: 'f.csv', rows: makeRows(4) })
    const push = runner({ retryDelaysMs: [10], onProgress: (p) => p.status === 'pushing' && p.done === 2 && pbx.faults.failNext(1, 403) })
    const end = await push.start(batch.id, PROFILE_ID, { concurrency: 1 })
    expect(end).toMatchObject({ status: 'paused', created: 2, pending: 2 })
    expect(end.reason).toBe('The PBX failed this request on purpose (test fault, status 403). The push paused; resume it when this is solved.')
  })

  it('an unreachable PBX: its message goes in parentheses without its own full stop', async () => {
    const batch = await store.create({ name: 'Gone', source: 'g.csv', rows: makeRows(2) })
    await pbx.faults.down()
    const end = await runner({ retryDelaysMs: [5] }).start(batch.id, PROFILE_ID)
    await pbx.faults.up()
    expect(end.reason).toMatch(/^The PBX could not be reached \(Could not reach 127\.0\.0\.1:\d+: [^)]*[^.]\)\. The push paused; resume it when the PBX answers again\.$/)
  })
})

describe('a batch pushed by another process (the app and a command line on one data folder)', () => {
  it('is neither pushed a second time nor taken, at start-up, for one a crash left "pushing"', { timeout: 30_000 }, async () => {
    const batch = await store.create({ name: 'Shared', source: 's.csv', rows: makeRows(12) })
    // slow enough that the other push outlasts both waits for its lock (about 5 s each)
    pbx.faults.setLatency(1500)
    // the other process: its own store and runner on the same folder
    const app = createPushRunner({ store: createBatchStore(dataDir), callerFor: () => caller, retryDelaysMs: [10] })
    await app.launch(batch.id, PROFILE_ID, { concurrency: 1 })
    const here = runner()
    await expect(here.start(batch.id, PROFILE_ID)).rejects.toMatchObject({ code: 'BUSY' })
    expect(await here.recover()).toEqual([])
    expect((await createBatchStore(dataDir).get(batch.id)).status).toBe('pushing')
    pbx.faults.setLatency(0)
    expect(await app.wait(batch.id)).toMatchObject({ status: 'done', created: 12 })
    // done, it lets go: here it may be pushed again, with the other push's outcomes read (nothing
    // left to send, nothing matched again), and nothing reaches the PBX twice
    expect(await here.start(batch.id, PROFILE_ID)).toMatchObject({ status: 'done', created: 12, matched: 0, failed: 0 })
    expect(await phonesOn(caller)).toHaveLength(12)
  })

  it("shows as pushed elsewhere, with that push's counts as it saves them, then as it ended", { timeout: 30_000 }, async () => {
    const batch = await store.create({ name: 'Watched', source: 'w.csv', rows: makeRows(12) })
    pbx.faults.setLatency(150)
    // pushed here first, and paused: that push's start and reason are not the other one's
    const here = runner()
    await here.launch(batch.id, PROFILE_ID, { concurrency: 1 })
    here.pause(batch.id)
    expect(await here.wait(batch.id)).toMatchObject({ status: 'paused', reason: 'Paused.' })
    const app = createPushRunner({ store: createBatchStore(dataDir), callerFor: () => caller, retryDelaysMs: [10] })
    await app.launch(batch.id, PROFILE_ID, { concurrency: 1 })

    const first = await here.progress(batch.id)
    expect(first).toMatchObject({ batchId: batch.id, status: 'pushing', running: false, elsewhere: true, total: 12, startedAt: null, etaMs: null })
    expect(first).not.toHaveProperty('reason')
    // its counts move as the other process saves its outcomes
    await vi.waitFor(async () => expect((await here.progress(batch.id)).created).toBeGreaterThan(first.created), { timeout: 10_000, interval: 50 })
    // nothing here can stop it
    expect(here.pause(batch.id)).toBe(false)
    expect(here.cancel(batch.id)).toBe(false)

    pbx.faults.setLatency(0)
    await app.wait(batch.id)
    const ended = await here.progress(batch.id)
    expect(ended).toMatchObject({ status: 'done', running: false, total: 12, done: 12, created: 12, pending: 0 })
    expect(ended).not.toHaveProperty('elsewhere')
  })
})
