import type { ApplyPreview, Rollout } from '@contract/config-apply'
import { pathText, valueText } from '@contract/config-compare'
import { countsText, rolloutCounts } from '@contract/apply-outlook'
import { pickableItems, rolloutProgress } from '@renderer/lib/config-text'
import { ROLLOUT_POLL_MS, useRolloutsStore } from '@renderer/stores/rollouts'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createFakePbx, installFakePbx, ok } from '../fake-pbx'
import { acmeSnapshot } from '../fleet/config-helpers'

// The rollout store: the source's items, what is sent for a preview and an apply (the names a
// target maps included), and following a running rollout until it ends, and only then.

/** a snapshot as main reads it (the fleet pages' tests use the same one) */
const snapshot = acmeSnapshot

const rollout = (running: boolean, outcome: 'pending' | 'created'): Rollout => ({
  id: 'ro-1',
  kind: 'apply',
  startedAt: '2025-06-01T12:00:00.000Z',
  by: 'anna',
  source: { label: 'Head office', takenAt: snapshot.takenAt, fromFile: false },
  items: [{ part: 'outboundRules', key: 'Night service' }],
  applied: [],
  skipCannot: false,
  mappings: {},
  targets: [{ profileId: 'p-b', label: 'Branch', state: running ? 'applying' : 'done', items: [{ part: 'outboundRules', key: 'Night service', outcome, changes: [] }] }],
  running,
})

describe('useRolloutsStore', () => {
  beforeEach(() => {
    setActivePinia(createPinia())
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it("lists the source's items part by part (a base by its MAC), sends the chosen ones with the targets and the names mapped", async () => {
    const preview: ApplyPreview = { source: { label: 'Head office', takenAt: snapshot.takenAt, fromFile: true }, targets: [] }
    const pbx = installFakePbx(createFakePbx({ openSnapshot: async () => ok(snapshot), previewApply: async () => ok(preview) }))
    const store = useRolloutsStore()
    await store.loadSource({ kind: 'file', fileName: 'head.pbxconfig.json', text: '{"x":1}' })
    expect(pbx.openSnapshot).toHaveBeenCalledWith({ snapshotJson: '{"x":1}' })
    expect(store.items.map((i) => [i.part, i.key, i.label])).toEqual([
      ['outboundRules', 'Night service', 'Night service'],
      ['emailTemplates', 'DISK_LOW', 'Disk space low (DISK_LOW)'],
      ['dectBases', '001565AABBCC', 'Reception (001565AABBCC)'],
    ])
    store.chosen = ['outboundRules:Night service']
    store.targets = ['p-b']
    store.setMapping('p-b', 'providers', 'Telco One', 'p9')
    store.setMapping('p-b', 'holidays', 'Christmas', null)
    await store.runPreview()
    expect(pbx.previewApply).toHaveBeenCalledWith({
      source: { snapshotJson: '{"x":1}' },
      items: [{ part: 'outboundRules', key: 'Night service' }],
      targets: ['p-b'],
      mappings: { 'p-b': { providers: { 'Telco One': 'p9' }, holidays: { Christmas: null } } },
    })
    expect(store.preview).toEqual(preview)
  })

  it('follows a running rollout while its screen is open, and stops when it has ended', async () => {
    const answers = [rollout(true, 'pending'), rollout(false, 'created')]
    const pbx = installFakePbx(
      createFakePbx({
        openSnapshot: async () => ok(snapshot),
        startApply: async () => ok(rollout(true, 'pending')),
        getRollout: async () => ok(answers.shift() ?? rollout(false, 'created')),
        listRollouts: async () => ok([]),
      }),
    )
    const store = useRolloutsStore()
    store.open()
    await store.loadSource({ kind: 'file', fileName: 'x.json', text: '{}' })
    store.chosen = ['outboundRules:Night service']
    store.targets = ['p-b']
    await store.start()
    expect(store.current?.running).toBe(true)
    await vi.advanceTimersByTimeAsync(ROLLOUT_POLL_MS)
    expect(store.current?.running).toBe(true)
    await vi.advanceTimersByTimeAsync(ROLLOUT_POLL_MS)
    expect(store.current?.running).toBe(false)
    expect(store.current?.targets[0]!.items[0]!.outcome).toBe('created')
    const asked = pbx.getRollout.mock.calls.length
    await vi.advanceTimersByTimeAsync(ROLLOUT_POLL_MS * 10)
    expect(pbx.getRollout).toHaveBeenCalledTimes(asked)
    store.close()
  })
})

describe('the configuration in words', () => {
  it('a field path counts list positions from 1; values as a diff viewer prints them', () => {
    expect(pathText(['routes', 0, 'strip_digits'])).toBe('routes › 1 › strip digits')
    expect([valueText(''), valueText(undefined), valueText(3), valueText(['a'])]).toEqual(['(empty)', '—', '3', '["a"]'])
  })

  it("a rollout's progress and how it ended, by PBX", () => {
    const two = rollout(false, 'created')
    two.targets.push({ profileId: 'p-c', label: 'C', state: 'failed', error: 'down', items: [{ part: 'outboundRules', key: 'Night service', outcome: 'failed', changes: [] }] })
    expect(rolloutProgress(two)).toEqual({ done: 2, total: 2, percent: 100 })
    expect(countsText(rolloutCounts(two))).toBe('1 PBX changed · 1 failed')
    expect(pickableItems({ ...snapshot, outboundRules: { state: 'not_offered' } }).map((i) => i.part)).toEqual(['emailTemplates', 'dectBases'])
    const withHandsets = { id: 'd2', name: '', mac: '001565AABBDD', members: [{ extension_number: '101', ipui: '0328D3C901', handset_index: '1' }] }
    const bases = pickableItems({ ...snapshot, dectBases: { state: 'read', items: [...(snapshot.dectBases.state === 'read' ? snapshot.dectBases.items : []), withHandsets] } }).filter((i) => i.part === 'dectBases')
    expect(bases).toEqual([
      { part: 'dectBases', key: '001565AABBCC', label: 'Reception (001565AABBCC)' },
      { part: 'dectBases', key: '001565AABBDD', label: 'Base (001565AABBDD, 1 handset)' },
    ])
  })
})
