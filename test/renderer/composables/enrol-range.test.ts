import type { FreeExtensions } from '@contract/bridge-handsets'
import type { BridgeResult } from '@contract/result'
import { useEnrolRange } from '@renderer/composables/enrol-range'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { ref } from 'vue'

// Enrolment's range (issue 40): the PBX's first run of free extensions; offline, the last range
// used on that PBX; a range typed stands.

let answers: Record<string, BridgeResult<FreeExtensions>>
const freeExtensionRun = vi.fn(async ({ profileId }: { profileId: string }) => answers[profileId]!)

beforeEach(() => {
  setActivePinia(createPinia())
  localStorage.clear()
  answers = {}
  ;(globalThis as unknown as { window: { pbx: unknown } }).window.pbx = { freeExtensionRun }
})
afterEach(() => vi.clearAllMocks())

const UNREACHABLE = { ok: false as const, error: { code: 'UNREACHABLE' as const, message: 'Kunde Süd did not answer (connection refused).' } }

describe('useEnrolRange', () => {
  it('offers the PBX first run of free extensions', async () => {
    answers.p1 = { ok: true, value: { supported: true, free: 150, run: { from: '1101', to: '1250', count: 150 } } }
    const range = useEnrolRange(ref('p1'), ref('Kunde Süd'))
    await flushPromises()
    expect([range.from.value, range.to.value, range.note.value]).toEqual(['1101', '1250', '1101–1250 free (150)'])
  })

  it('offline: the last range used on that PBX, not another PBX', async () => {
    answers.p1 = UNREACHABLE
    answers.p2 = UNREACHABLE
    const first = useEnrolRange(ref('p1'), ref('Kunde Süd'))
    await flushPromises()
    expect([first.from.value, first.to.value]).toEqual(['', ''])
    expect(first.note.value).toBe('Type the first and last extension: Kunde Süd cannot be reached now (Kunde Süd did not answer (connection refused)), and no range is remembered for it.')
    first.from.value = '1161'
    first.to.value = '1169'
    first.used({ from: '1161', to: '1169' })
    await flushPromises()

    const again = useEnrolRange(ref('p1'), ref('Kunde Süd'))
    await flushPromises()
    expect([again.from.value, again.to.value]).toEqual(['1161', '1169'])
    expect(again.note.value).toMatch(/^The last range used on Kunde Süd, 1161–1169: Kunde Süd cannot be reached now/)
    const other = useEnrolRange(ref('p2'), ref('Other'))
    await flushPromises()
    expect(other.from.value).toBe('')
  })

  it('a range typed before the PBX answers stands; none free says so', async () => {
    let answer!: (value: BridgeResult<FreeExtensions>) => void
    freeExtensionRun.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)))
    const range = useEnrolRange(ref('p1'), ref('Kunde Süd'))
    range.from.value = '300'
    range.to.value = '309'
    range.edited()
    answer({ ok: true, value: { supported: true, free: 20, run: { from: '1101', to: '1110', count: 10 } } })
    await flushPromises()
    expect([range.from.value, range.to.value, range.note.value]).toEqual(['300', '309', '1101–1110 free (10; 20 free on Kunde Süd in all)'])

    answers.p3 = { ok: true, value: { supported: true, free: 0 } }
    const full = useEnrolRange(ref('p3'), ref('Full PBX'))
    await flushPromises()
    expect(full.note.value).toBe('Type the first and last extension: every user of Full PBX has a handset on a base, and no range is remembered for it.')
  })
})
