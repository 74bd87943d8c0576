import type { SiteStatus } from '@contract/bridge-handsets'
import { SITE_ACTION_PART, SITE_POLL, useSiteCheckStore } from '@renderer/stores/site-check'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createFakePbx, fail, installFakePbx, ok } from '../fake-pbx'

// The on-site check polls the bases while its view is open, and only then: it stops when every
// pushed base is seen, when the view closes, on an error, and after SITE_POLL.forMs at the latest.

const base = (n: number, state: SiteStatus['bases'][number]['state']) => ({ rowId: `r${n}`, row: n, name: `Base ${n}`, mac: `00156500000${n}`, state })
const status = (...states: SiteStatus['bases'][number]['state'][]): SiteStatus => ({
  supported: true,
  membersSupported: true,
  bases: states.map((state, i) => base(i + 1, state)),
  checkedAt: new Date().toISOString(),
})

describe('useSiteCheckStore', () => {
  beforeEach(() => {
    setActivePinia(createPinia())
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('polls every few seconds until every pushed base is seen, then stops', async () => {
    const answers = [status('waiting', 'waiting', 'not_pushed'), status('seen', 'waiting', 'not_pushed'), status('seen', 'seen', 'not_pushed')]
    const pbx = installFakePbx(createFakePbx({ siteStatus: async () => ok(answers.shift() ?? status('seen', 'seen', 'not_pushed')) }))
    const store = useSiteCheckStore()
    await store.start('b1', 'p1')
    expect(store.polling).toBe(true)
    expect(store.allSeen).toBe(false)
    await vi.advanceTimersByTimeAsync(SITE_POLL.everyMs)
    expect(store.status?.bases.map((b) => b.state)).toEqual(['seen', 'waiting', 'not_pushed'])
    await vi.advanceTimersByTimeAsync(SITE_POLL.everyMs)
    expect(store.allSeen).toBe(true)
    expect(store.polling).toBe(false)
    await vi.advanceTimersByTimeAsync(SITE_POLL.everyMs * 10)
    expect(pbx.siteStatus).toHaveBeenCalledTimes(3)
    // the members read afresh as the view opens; the polls take the ones read lately
    expect(pbx.siteStatus.mock.calls).toEqual([[{ batchId: 'b1', profileId: 'p1', fresh: true }], [{ batchId: 'b1', profileId: 'p1', fresh: false }], [{ batchId: 'b1', profileId: 'p1', fresh: false }]])
  })

  it('stops when the view closes, on an error, and after the bound; a base still waiting turns late', async () => {
    const pbx = installFakePbx(createFakePbx({ siteStatus: async () => ok(status('waiting')) }))
    const store = useSiteCheckStore()
    await store.start('b1', 'p1')
    store.close()
    await vi.advanceTimersByTimeAsync(SITE_POLL.everyMs * 3)
    expect(pbx.siteStatus).toHaveBeenCalledTimes(1)

    await store.start('b1', 'p1')
    store.lateAfterMin = 1
    await vi.advanceTimersByTimeAsync(SITE_POLL.forMs + SITE_POLL.everyMs)
    const calls = pbx.siteStatus.mock.calls.length
    expect(calls).toBe(1 + 1 + SITE_POLL.forMs / SITE_POLL.everyMs)
    expect(store.polling).toBe(false)
    expect(store.late(store.status!.bases[0]!)).toBe(true)
    await vi.advanceTimersByTimeAsync(SITE_POLL.everyMs * 3)
    expect(pbx.siteStatus.mock.calls.length).toBe(calls)

    pbx.siteStatus.mockImplementation(async () => fail('NOT_SIGNED_IN', 'Sign in to Demo first.'))
    await store.start('b1', 'p1')
    expect(store.error?.code).toBe('NOT_SIGNED_IN')
    expect(store.polling).toBe(false)
  })

  it('counts "not seen after N minutes" from the base\'s push, not from when the view opened', async () => {
    const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString()
    const answer: SiteStatus = {
      ...status('waiting', 'waiting', 'waiting'),
      bases: [{ ...base(1, 'waiting'), pushedAt: minutesAgo(12) }, { ...base(2, 'waiting'), pushedAt: minutesAgo(3) }, base(3, 'waiting')],
    }
    installFakePbx(createFakePbx({ siteStatus: async () => ok(answer) }))
    const store = useSiteCheckStore()
    await store.start('b1', 'p1')
    // pushed 12 minutes ago: late at once; 3 minutes ago: not yet; push time unknown: from the view's start
    expect(answer.bases.map((b) => store.late(b))).toEqual([true, false, false])
    await vi.advanceTimersByTimeAsync(7 * 60_000 + SITE_POLL.everyMs)
    expect(answer.bases.map((b) => store.late(b))).toEqual([true, true, false])
    await vi.advanceTimersByTimeAsync(3 * 60_000)
    expect(answer.bases.map((b) => store.late(b))).toEqual([true, true, true])
  })

  it('says so where the PBX has no list of provisioned phones, and asks no more', async () => {
    const pbx = installFakePbx(createFakePbx({ siteStatus: async () => ok({ supported: false, membersSupported: true, bases: [base(1, 'waiting')], checkedAt: '' }) }))
    const store = useSiteCheckStore()
    await store.start('b1', 'p1')
    await vi.advanceTimersByTimeAsync(SITE_POLL.everyMs * 3)
    expect(store.status?.supported).toBe(false)
    expect(pbx.siteStatus).toHaveBeenCalledTimes(1)
  })

  it('acts on many bases a part at a time, the progress moving after each; a part the bridge refuses fails its bases by name', async () => {
    const bases = Array.from({ length: SITE_ACTION_PART + 2 }, (_, i) => ({ mac: `00156500000${i + 1}`, name: `Base ${i + 1}` }))
    let release: () => void = () => undefined
    const pbx = installFakePbx(
      createFakePbx({
        siteStatus: async () => ok(status('seen')),
        baseActions: vi
          .fn()
          .mockImplementationOnce(async ({ macs }: { macs: string[] }) => {
            await new Promise<void>((resolve) => (release = resolve))
            return ok({ outcomes: macs.map((mac, i) => ({ mac, name: `Base ${i + 1}`, done: i !== 1, ...(i === 1 ? { message: 'Base 2 (00:15:65:00:00:02): not seen yet' } : {}) })) })
          })
          .mockImplementationOnce(async () => fail('NOT_SIGNED_IN', 'Sign in to Demo first.')),
      }),
    )
    const store = useSiteCheckStore()
    await store.start('b1', 'p1')
    const run = store.actOnMany(bases, 'reboot')
    await vi.advanceTimersByTimeAsync(0)
    expect(store.bulk).toMatchObject({ action: 'reboot', total: 6, done: 0, running: true })
    // a second action waits for the first to end
    expect(await store.actOnMany(bases, 'reprovision')).toBeNull()
    release()
    const end = await run
    expect(pbx.baseActions).toHaveBeenCalledTimes(2)
    expect(pbx.baseActions).toHaveBeenNthCalledWith(1, { batchId: 'b1', profileId: 'p1', macs: bases.slice(0, SITE_ACTION_PART).map((b) => b.mac), action: 'reboot' })
    expect(pbx.baseActions).toHaveBeenNthCalledWith(2, { batchId: 'b1', profileId: 'p1', macs: bases.slice(SITE_ACTION_PART).map((b) => b.mac), action: 'reboot' })
    expect(end).toMatchObject({ total: 6, done: 6, running: false })
    expect(end!.outcomes.map((o) => o.done)).toEqual([true, false, true, true, false, false])
    expect(end!.outcomes.slice(4).map((o) => o.message)).toEqual(['Base 5 (00:15:65:00:00:05): Sign in to Demo first.', 'Base 6 (00:15:65:00:00:06): Sign in to Demo first.'])
  })
})
