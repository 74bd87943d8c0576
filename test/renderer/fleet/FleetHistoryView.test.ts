import type { Rollout } from '@contract/config-apply'
import FleetHistoryView from '@renderer/views/FleetHistoryView.vue'
import { flushPromises } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import { createFakePbx, installFakePbx, ok, type FakePbx } from '../fake-pbx'
import { button, click } from '../mail/dom'
import { mountInApp } from '../mount-app'
import { text } from './config-helpers'

// Fleet › History: every rollout kept, newest first, each opening to its result per PBX and item.
// An apply can be undone, after a confirmation (it deletes what it created and writes back what
// it changed), and its failed items retried.

const NIGHT = { part: 'outboundRules' as const, key: 'Night service' }

/** Night service rolled out from Acme HQ to two PBXs: created on one, failed on the other. */
const applied: Rollout = {
  id: 'ro-apply',
  kind: 'apply',
  startedAt: '2025-06-01T12:00:00.000Z',
  finishedAt: '2025-06-01T12:00:05.000Z',
  by: 'anna',
  source: { label: 'Acme HQ', takenAt: '2025-06-01T11:59:00.000Z', fromFile: false },
  items: [NIGHT],
  applied: [],
  skipCannot: false,
  mappings: {},
  targets: [
    { profileId: 'p-globex', label: 'Globex hosting', account: 'admin', state: 'done', items: [{ ...NIGHT, outcome: 'created', createdId: '41', changes: [] }] },
    {
      profileId: 'p-initech',
      label: 'Initech site',
      state: 'failed',
      error: 'Could not reach pbx.initech.example',
      items: [{ ...NIGHT, outcome: 'failed', error: 'Could not reach pbx.initech.example', changes: [] }],
    },
  ],
  running: false,
}

/** An older rollout, undone already. */
const older: Rollout = {
  ...applied,
  id: 'ro-older',
  startedAt: '2025-05-30T09:00:00.000Z',
  items: [{ part: 'emailTemplates', key: 'DISK_LOW' }],
  targets: [{ profileId: 'p-globex', label: 'Globex hosting', state: 'done', items: [{ part: 'emailTemplates', key: 'DISK_LOW', outcome: 'updated', changes: [] }] }],
  undoneBy: 'ro-undo-older',
}

/** The undo of `applied`, as main answers it: the created rule deleted where it was created. */
const undo: Rollout = {
  ...applied,
  id: 'ro-undo',
  kind: 'undo',
  undoOf: 'ro-apply',
  startedAt: '2025-06-01T12:10:00.000Z',
  targets: [{ profileId: 'p-globex', label: 'Globex hosting', state: 'done', items: [{ ...NIGHT, outcome: 'deleted', changes: [] }] }],
}

async function mountHistory(history: Rollout[]): Promise<FakePbx> {
  const kept = structuredClone(history)
  const pbx = installFakePbx(
    createFakePbx({
      // a copy, as the bridge answers: what the screen holds is not what main keeps
      listRollouts: async () => ok(structuredClone(kept)),
      undoRollout: async ({ rolloutId }) => {
        // main keeps the undo first, and marks the rollout it undid
        const undone = kept.find((rollout) => rollout.id === rolloutId)!
        undone.undoneBy = undo.id
        kept.unshift(structuredClone(undo))
        return ok(undo)
      },
      retryRollout: async () => ok({ ...applied, running: true }),
      getRollout: async () => ok(applied),
    }),
  )
  await mountInApp(FleetHistoryView, '/fleet/history')
  await flushPromises()
  return pbx
}

const entries = () => Array.from(document.body.querySelectorAll<HTMLElement>('.fleet-history .n-collapse-item'))
const toggleOf = (entry: HTMLElement) => entry.querySelector<HTMLButtonElement>('button.fleet-history__toggle')!
/** Each entry: its kind, its title (the time left out), how it ended, and "undone" where it was. */
const summary = () =>
  entries().map((entry) => [
    text(entry.querySelector('.fleet-history__title .n-tag')),
    text(toggleOf(entry)).replace(/^(Rollout|Undo): \S+, \S+ \S+ /, '$1: '),
    text(entry.querySelector('.fleet-history__summary')),
    text(entry.querySelector('.n-collapse-item__header-extra .n-tag')),
  ])
const popconfirm = () => document.body.querySelector<HTMLElement>('.n-popconfirm')

describe('FleetHistoryView', () => {
  it('lists the rollouts kept, newest first; one opens, from its title button, to its result per PBX and item', async () => {
    const pbx = await mountHistory([applied, older])
    expect(pbx.listRollouts).toHaveBeenCalledTimes(1)
    expect(summary()).toEqual([
      ['apply', 'Rollout: · Acme HQ → 2 PBXs · Outbound rules: Night service · by anna', '1 PBX changed · 1 failed', ''],
      ['apply', 'Rollout: · Acme HQ → 1 PBX · Email templates: Disk space low (DISK_LOW) · by anna', '1 PBX changed', 'undone'],
    ])

    // closed at first; the title is a button that says so, described by how the rollout ended
    const [first] = entries()
    const title = toggleOf(first!)
    expect(title.getAttribute('aria-expanded')).toBe('false')
    expect(title.getAttribute('aria-describedby')!.split(' ').map((id) => text(document.getElementById(id)))).toEqual(['1 PBX changed · 1 failed'])
    expect(first!.querySelector('.rollout-results')).toBeNull()

    await click(title)
    expect(title.getAttribute('aria-expanded')).toBe('true')
    const rows = Array.from(first!.querySelectorAll('.rollout-results tbody tr')).map((row) => Array.from(row.children).map(text))
    expect(rows).toEqual([
      ['Globex hosting as admin', 'done', 'created Outbound rules: Night service'],
      ['Initech site', 'failed Could not reach pbx.initech.example', 'failed Outbound rules: Night service'],
    ])
    // an apply not undone yet: undo, and retry its failed item
    expect(Array.from(first!.querySelectorAll('.fleet-history-entry__actions button')).map(text)).toEqual(['Undo this rollout', 'Retry the failed ones'])

    // the one undone already offers neither
    const second = entries()[1]!
    expect(toggleOf(second).getAttribute('aria-describedby')!.split(' ').map((id) => text(document.getElementById(id)))).toEqual(['1 PBX changed', 'undone'])
    await click(toggleOf(second))
    expect(second.querySelector('.rollout-results')).not.toBeNull()
    expect(second.querySelectorAll('.fleet-history-entry__actions button')).toHaveLength(0)
  })

  it('undo asks first: nothing is undone until confirmed, then the undo is listed and the rollout marked undone', async () => {
    const pbx = await mountHistory([applied])
    await click(toggleOf(entries()[0]!))

    await click(button('Undo this rollout'))
    // it counts the PBXs it changed (Initech failed: nothing there to take back), not every PBX it was sent to
    expect(text(popconfirm())).toContain('Delete what it created and write back what it changed, on 1 PBX?')
    expect(pbx.undoRollout).not.toHaveBeenCalled()
    // thought better of it
    await click(button('Cancel', popconfirm()!))
    expect(pbx.undoRollout).not.toHaveBeenCalled()

    await click(button('Undo this rollout'))
    await click(button('Confirm', popconfirm()!))
    expect(pbx.undoRollout).toHaveBeenCalledTimes(1)
    expect(pbx.undoRollout).toHaveBeenCalledWith({ rolloutId: 'ro-apply' })
    expect(pbx.listRollouts).toHaveBeenCalledTimes(2)
    expect(summary()).toEqual([
      ['undo', 'Undo: · Acme HQ → 1 PBX · Outbound rules: Night service · by anna', '1 PBX taken back', ''],
      ['apply', 'Rollout: · Acme HQ → 2 PBXs · Outbound rules: Night service · by anna', '1 PBX changed · 1 failed', 'undone'],
    ])
    // the rollout undone, still open, no longer offers to undo it
    const undone = entries()[1]!
    expect(toggleOf(undone).getAttribute('aria-expanded')).toBe('true')
    expect(Array.from(undone.querySelectorAll('.fleet-history-entry__actions button')).map(text)).toEqual([])
  })

  it('an undo that failed on a PBX (it was down) offers to undo the failed ones again', async () => {
    const partly: Rollout = {
      ...undo,
      targets: [
        ...undo.targets,
        { profileId: 'p-initech', label: 'Initech site', state: 'failed', error: 'Could not reach pbx.initech.example', items: [{ ...NIGHT, outcome: 'failed', changes: [] }] },
      ],
    }
    const pbx = await mountHistory([partly, { ...applied, undoneBy: partly.id }])
    await click(toggleOf(entries()[0]!))
    expect(Array.from(entries()[0]!.querySelectorAll('.fleet-history-entry__actions button')).map(text)).toEqual(['Undo the failed ones again'])
    await click(button('Undo the failed ones again'))
    expect(pbx.retryRollout).toHaveBeenCalledWith({ rolloutId: 'ro-undo' })
    // the rollout it undid offers nothing: it is undone (partly), and its undo is where to go on
    await click(toggleOf(entries()[1]!))
    expect(entries()[1]!.querySelectorAll('.fleet-history-entry__actions button')).toHaveLength(0)
  })

  it('says so when nothing was rolled out yet', async () => {
    await mountHistory([])
    expect(entries()).toHaveLength(0)
    expect(text(document.body.querySelector('.n-empty'))).toBe('Nothing rolled out yet. What you apply from Roll out is kept here, and can be undone.')
  })
})
