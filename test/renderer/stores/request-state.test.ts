import type { BridgeError, BridgeResult } from '@contract/result'
import type { LoadStatus } from '@renderer/stores/bridge-call'
import { busyDelete, busyRequest, joined, lastLoadWins, showAnswer } from '@renderer/stores/request-state'
import { describe, expect, it, vi } from 'vitest'
import { ref, watch } from 'vue'
import { deferred, fail, ok } from '../fake-pbx'

const readState = () => ({ status: ref<LoadStatus>('idle'), error: ref<BridgeError | null>(null) })

describe('showAnswer', () => {
  it('shows the value, then no error and ready; answers true', () => {
    const read = readState()
    read.error.value = { code: 'UNREACHABLE', message: 'before' }
    const shown = ref<string | null>(null)

    expect(showAnswer(read, ok('value'), (value) => (shown.value = value))).toBe(true)

    expect(shown.value).toBe('value')
    expect(read.status.value).toBe('ready')
    expect(read.error.value).toBeNull()
  })

  it('keeps the error, status error, then what the store shows without the value; answers false', () => {
    const read = readState()
    const show = vi.fn()
    const failed = vi.fn(() => expect(read.status.value).toBe('error'))

    expect(showAnswer(read, fail('UNREACHABLE', 'no answer'), show, failed)).toBe(false)

    expect(show).not.toHaveBeenCalled()
    expect(failed).toHaveBeenCalledWith({ code: 'UNREACHABLE', message: 'no answer' })
    expect(read.error.value).toEqual({ code: 'UNREACHABLE', message: 'no answer' })
  })
})

describe('lastLoadWins', () => {
  it('is loading from the request on, and shows the answer', async () => {
    const read = readState()
    const reads = lastLoadWins(read)
    const answer = deferred<BridgeResult<number>>()
    const shown = ref(0)

    const loading = reads.load(() => answer.promise, (value) => (shown.value = value))
    expect(read.status.value).toBe('loading')
    answer.resolve(ok(7))

    expect(await loading).toEqual(ok(7))
    expect(shown.value).toBe(7)
    expect(read.status.value).toBe('ready')
  })

  it('keeps the error shown while loading, until an answer comes', async () => {
    const read = readState()
    const reads = lastLoadWins(read)
    await reads.load(async () => fail('UNREACHABLE', 'first'), vi.fn())
    const answer = deferred<BridgeResult<number>>()

    const loading = reads.load(() => answer.promise, vi.fn())
    expect(read.error.value?.message).toBe('first')
    answer.resolve(ok(1))
    await loading

    expect(read.error.value).toBeNull()
  })

  it('the last load asked for wins: an older answer, coming later, is dropped (null)', async () => {
    const read = readState()
    const reads = lastLoadWins(read)
    const first = deferred<BridgeResult<string>>()
    const second = deferred<BridgeResult<string>>()
    const shown = ref('')

    const a = reads.load(() => first.promise, (value) => (shown.value = value))
    const b = reads.load(() => second.promise, (value) => (shown.value = value))
    second.resolve(ok('second'))
    expect(await b).toEqual(ok('second'))
    first.resolve(fail('UNREACHABLE', 'first failed late'))

    expect(await a).toBeNull()
    expect(shown.value).toBe('second')
    expect(read.status.value).toBe('ready')
    expect(read.error.value).toBeNull()
  })

  it('drop: the answer of the load under way is not shown', async () => {
    const read = readState()
    const reads = lastLoadWins(read)
    const answer = deferred<BridgeResult<string>>()
    const show = vi.fn()

    const loading = reads.load(() => answer.promise, show)
    reads.drop()
    read.status.value = 'idle'
    answer.resolve(ok('late'))

    expect(await loading).toBeNull()
    expect(show).not.toHaveBeenCalled()
    expect(read.status.value).toBe('idle')
  })

  it('ask leaves the answer to the store, which shows it with showAnswer', async () => {
    const read = readState()
    const reads = lastLoadWins(read)

    const result = await reads.ask(async () => ok(3))
    expect(read.status.value).toBe('loading')
    expect(result && reads.showAnswer(result, vi.fn())).toBe(true)
    expect(read.status.value).toBe('ready')
  })

  it('a call that throws is an INTERNAL error, never loading forever', async () => {
    const read = readState()

    await lastLoadWins(read).load(() => Promise.reject(new Error('no bridge')), vi.fn())

    expect(read.status.value).toBe('error')
    expect(read.error.value?.code).toBe('INTERNAL')
  })
})

describe('joined', () => {
  it('a call while one is under way joins it; the next one runs again', async () => {
    const answer = deferred<void>()
    const run = vi.fn(() => answer.promise)
    const load = joined(run)

    const a = load()
    const b = load()
    expect(b).toBe(a)
    answer.resolve()
    await a
    void load()

    expect(run).toHaveBeenCalledTimes(2)
  })
})

describe('busyRequest', () => {
  it('raises the flag and clears the error as it starts; shows the value with the flag still up', async () => {
    const saving = ref(false)
    const error = ref<BridgeError | null>({ code: 'UNREACHABLE', message: 'before' })
    const answer = deferred<BridgeResult<string>>()
    const shownWhileBusy: boolean[] = []

    const request = busyRequest(() => answer.promise, { busy: saving, error, done: () => shownWhileBusy.push(saving.value) })
    expect(saving.value).toBe(true)
    expect(error.value).toBeNull()
    answer.resolve(ok('saved'))

    expect(await request).toEqual(ok('saved'))
    expect(shownWhileBusy).toEqual([true])
    expect(saving.value).toBe(false)
  })

  it('keeps the error of a failed request, then runs `failed`, and answers the failure', async () => {
    const saving = ref(false)
    const error = ref<BridgeError | null>(null)
    const done = vi.fn()
    const failed = vi.fn(() => expect(saving.value).toBe(true))

    const result = await busyRequest(async () => fail('PBX_ERROR', 'refused'), { busy: saving, error, done, failed })

    expect(result).toEqual(fail('PBX_ERROR', 'refused'))
    expect(error.value).toEqual({ code: 'PBX_ERROR', message: 'refused' })
    expect(failed).toHaveBeenCalledWith({ code: 'PBX_ERROR', message: 'refused' })
    expect(done).not.toHaveBeenCalled()
    expect(saving.value).toBe(false)
  })

  it('names what it works on while it runs: [flag, id], back to null', async () => {
    const working = ref<string | null>(null)
    const error = ref<BridgeError | null>(null)
    const answer = deferred<BridgeResult<null>>()

    const request = busyRequest(() => answer.promise, { busy: [working, 'rule-1'], error })
    expect(working.value).toBe('rule-1')
    answer.resolve(ok(null))
    await request

    expect(working.value).toBeNull()
  })

  it('waits for a `done` under way before the flag goes down', async () => {
    const saving = ref(false)
    const error = ref<BridgeError | null>(null)
    const reread = deferred<void>()
    let finished = false

    const request = busyRequest(async () => ok(1), {
      busy: saving,
      error,
      done: async () => {
        await reread.promise
        finished = true
      },
    })
    await Promise.resolve()
    await Promise.resolve()
    expect(saving.value).toBe(true)
    reread.resolve()
    await request

    expect(finished).toBe(true)
    expect(saving.value).toBe(false)
  })

  it('a `done` done at once lowers the flag in the same tick: a watcher of the value finds the flag down', async () => {
    const saving = ref(false)
    const error = ref<BridgeError | null>(null)
    const shown = ref(0)
    const flagWhenShown: boolean[] = []
    watch(shown, () => flagWhenShown.push(saving.value))

    await busyRequest(async () => ok(5), { busy: saving, error, done: (value) => (shown.value = value) })
    await Promise.resolve()

    expect(flagWhenShown).toEqual([false])
  })

  it('with `current`: an answer about what the store no longer shows is dropped (null), nothing kept', async () => {
    const saving = ref(false)
    const error = ref<BridgeError | null>(null)
    let shownId = 'a'
    const answer = deferred<BridgeResult<string>>()
    const done = vi.fn()

    const request = busyRequest(() => answer.promise, { busy: saving, error, current: () => shownId === 'a', done })
    shownId = 'b'
    answer.resolve(fail('PBX_ERROR', 'about a'))

    expect(await request).toBeNull()
    expect(error.value).toBeNull()
    expect(done).not.toHaveBeenCalled()
    expect(saving.value).toBe(false)
  })
})

describe('busyDelete', () => {
  it('gone now: `deleted` runs with the flag still up; true', async () => {
    const deleting = ref<string | null>(null)
    const error = ref<BridgeError | null>(null)
    const deleted = vi.fn(() => expect(deleting.value).toBe('phone-1'))

    expect(await busyDelete(async () => ok({ deleted: true }), { busy: [deleting, 'phone-1'], error, deleted })).toBe(true)

    expect(deleted).toHaveBeenCalledTimes(1)
    expect(deleting.value).toBeNull()
  })

  it('gone already (NOT_FOUND) counts as deleted: no error kept, `deleted` runs; true', async () => {
    const deleting = ref<string | null>(null)
    const error = ref<BridgeError | null>(null)
    const deleted = vi.fn()
    const failed = vi.fn()

    expect(await busyDelete(async () => fail('NOT_FOUND', 'no such phone'), { busy: [deleting, 'phone-1'], error, deleted, failed })).toBe(true)

    expect(error.value).toBeNull()
    expect(deleted).toHaveBeenCalledTimes(1)
    expect(failed).not.toHaveBeenCalled()
  })

  it('refused: the error kept, `failed` runs, nothing deleted; false', async () => {
    const deleting = ref<string | null>(null)
    const error = ref<BridgeError | null>(null)
    const deleted = vi.fn()
    const failed = vi.fn()

    expect(await busyDelete(async () => fail('NOT_SUPPORTED', 'this PBX does not delete phones'), { busy: [deleting, 'phone-1'], error, deleted, failed })).toBe(false)

    expect(error.value?.code).toBe('NOT_SUPPORTED')
    expect(failed).toHaveBeenCalledWith({ code: 'NOT_SUPPORTED', message: 'this PBX does not delete phones' })
    expect(deleted).not.toHaveBeenCalled()
    expect(deleting.value).toBeNull()
  })
})
