// the selects' menus are virtual lists: happy-dom lays nothing out (see virtual-layout.ts)
import '../dect/virtual-layout'
import type { ApplyPreview, ApplyRequest, Rollout } from '@contract/config-apply'
import FleetRolloutView from '@renderer/views/FleetRolloutView.vue'
import { flushPromises } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import { createFakePbx, installFakePbx, ok, type FakePbx } from '../fake-pbx'
import { button, click } from '../mail/dom'
import { mountInApp } from '../mount-app'
import { messages } from '../shell/shell-helpers'
import { acmeSnapshot, checkbox, isChecked, pick, text, toggle } from './config-helpers'

// Fleet › Roll out: the source (a PBX read now) and its items, the PBXs to roll out to, the
// preview main plans (a provider the target lacks is mapped, and the preview planned again with
// it), then the rollout started with the very request previewed, and its result per PBX.

const NIGHT = { part: 'outboundRules' as const, key: 'Night service' }
const CANNOT = 'this PBX has no provider "Telco One": choose what it uses instead'

/** What main plans for Globex: the rule cannot go until "Telco One" is mapped, then it is created. */
function planFor(request: ApplyRequest): ApplyPreview {
  const mapped = request.mappings?.['p-globex']?.providers?.['Telco One'] !== undefined
  return {
    source: { label: 'Acme HQ', takenAt: acmeSnapshot.takenAt, fromFile: false },
    targets: [
      {
        profileId: 'p-globex',
        label: 'Globex hosting',
        state: 'ready',
        items: [
          mapped
            ? { ...NIGHT, action: 'create', changes: [] }
            : { ...NIGHT, action: 'cannot', reason: CANNOT, changes: [], missing: { providers: ['Telco One'], holidays: [] } },
        ],
        providers: [
          { id: 'g7', name: 'Globex SIP' },
          { id: 'g8', name: 'Globex backup' },
        ],
        holidays: [],
      },
    ],
  }
}

const finished: Rollout = {
  id: 'ro-1',
  kind: 'apply',
  startedAt: '2025-06-01T12:00:00.000Z',
  finishedAt: '2025-06-01T12:00:02.000Z',
  by: 'anna',
  source: { label: 'Acme HQ', takenAt: acmeSnapshot.takenAt, fromFile: false },
  items: [NIGHT],
  applied: [],
  skipCannot: false,
  mappings: { 'p-globex': { providers: { 'Telco One': 'g7' }, holidays: {} } },
  targets: [{ profileId: 'p-globex', label: 'Globex hosting', account: 'admin', state: 'done', items: [{ ...NIGHT, outcome: 'created', changes: [] }] }],
  running: false,
}

async function mountRollout(): Promise<FakePbx> {
  const pbx = installFakePbx(
    createFakePbx({
      takeSnapshot: async () => ok({ fileName: 'Acme HQ.pbxconfig.json', json: JSON.stringify(acmeSnapshot), snapshot: acmeSnapshot }),
      previewApply: async (request) => ok(planFor(request)),
      startApply: async () => ok(finished),
      listRollouts: async () => ok([finished]),
    }),
  )
  await mountInApp(FleetRolloutView, '/fleet/rollout')
  await flushPromises()
  return pbx
}

const step = (n: number) => document.body.querySelector<HTMLElement>(`section[aria-labelledby="rollout-step-${['source', 'targets', 'preview', 'apply'][n - 1]}"]`)!
const checkboxTexts = (root: ParentNode) => Array.from(root.querySelectorAll('.n-checkbox')).map(text)
const preview = () => document.body.querySelector<HTMLElement>('.rollout-preview')
/** The preview's items: name, action, reason. */
const planned = () => Array.from(preview()?.querySelectorAll('.rollout-preview__items tr') ?? []).map((row) => Array.from(row.children).map(text))
const applyButton = () => Array.from(step(4).querySelectorAll('button')).find((b) => text(b).startsWith('Apply'))!

/** From Acme HQ: its rule, to Globex; the preview asked for. */
async function previewNightServiceOnGlobex(pbx: FakePbx): Promise<void> {
  await pick(step(1).querySelector('.config-source')!, 'Acme HQ')
  expect(pbx.takeSnapshot).toHaveBeenCalledWith({ profileId: 'p-acme' })
  await toggle(checkbox('Night service', step(1)))
  await toggle(checkbox('Globex hosting · Globex Ltd · hosting', step(2)))
  await click(button('Preview on 1 PBX'))
}

describe('FleetRolloutView', () => {
  it('walks the steps: the source read, its items and the PBXs chosen, the preview, a provider mapped, the rollout', async () => {
    const pbx = await mountRollout()
    expect(Array.from(document.body.querySelectorAll('h2')).map(text)).toEqual(['1. What to roll out', '2. To which PBXs', '3. Preview', '4. Apply'])
    expect(button('Preview on 0 PBXs').disabled).toBe(true)

    // the source: a saved PBX, read now; its items part by part
    await pick(step(1).querySelector('.config-source')!, 'Acme HQ')
    expect(pbx.takeSnapshot).toHaveBeenCalledWith({ profileId: 'p-acme' })
    expect(checkboxTexts(step(1))).toEqual(['Night service', 'Disk space low (DISK_LOW)', 'Reception (001565AABBCC)'])
    expect(Array.from(step(1).querySelectorAll('legend')).map(text)).toEqual(['Outbound rules', 'Email templates', 'DECT bases'])
    // the PBXs: every saved one but the source
    expect(checkboxTexts(step(2))).toEqual(['Globex hosting · Globex Ltd · hosting'])

    await toggle(checkbox('Night service', step(1)))
    expect(text(step(1).querySelector('.rollout-items__count'))).toMatch(/^1 of 3 chosen/)
    expect(button('Preview on 0 PBXs').disabled).toBe(true)
    await toggle(checkbox('Globex hosting · Globex Ltd · hosting', step(2)))
    expect(text(step(2).querySelector('.rollout-targets__count'))).toBe('1 PBX chosen')
    expect(pbx.previewApply).not.toHaveBeenCalled()

    // the preview: what main plans for the request, nothing written
    await click(button('Preview on 1 PBX'))
    expect(pbx.previewApply).toHaveBeenCalledTimes(1)
    expect(pbx.previewApply).toHaveBeenLastCalledWith({ source: { profileId: 'p-acme' }, items: [NIGHT], targets: ['p-globex'], mappings: {} })
    expect(planned()).toEqual([['Outbound rules: Night service', 'cannot', CANNOT]])
    expect(text(preview()?.querySelector('.rollout-preview__todo'))).toBe('0 to do')
    // the PBX's name is a button (for the keyboard), saying whether it is open, described by what is to do
    const title = preview()!.querySelector<HTMLButtonElement>('button.rollout-preview__toggle')!
    expect(text(title)).toBe('Globex hosting')
    expect(title.getAttribute('aria-expanded')).toBe('true')
    expect(text(document.getElementById(title.getAttribute('aria-describedby')!))).toBe('0 to do')
    await click(title)
    expect(title.getAttribute('aria-expanded')).toBe('false')
    expect(preview()!.querySelector('.n-collapse-item--active')).toBeNull()
    await click(title)
    expect(title.getAttribute('aria-expanded')).toBe('true')
    // said up front: nothing is ready, one PBX needs a provider; the button would only skip it
    expect(text(step(3).querySelector('.rollout-outlook__summary'))).toBe('Night service: 1 needs a provider for "Telco One"')
    expect(text(applyButton())).toBe('Apply to 0 PBXs; skip 1')
    expect(applyButton().disabled).toBe(true)
    expect(pbx.startApply).not.toHaveBeenCalled()

    // the provider Globex lacks, mapped to one of its own: planned again with the mapping
    const map = preview()!.querySelector('.rollout-preview__map')!
    expect(text(map.querySelector('label'))).toBe('Provider "Telco One" on Globex hosting:')
    await pick(map, 'Globex SIP')
    const mapped = { source: { profileId: 'p-acme' }, items: [NIGHT], targets: ['p-globex'], mappings: { 'p-globex': { providers: { 'Telco One': 'g7' }, holidays: {} } } }
    expect(pbx.previewApply).toHaveBeenCalledTimes(2)
    expect(pbx.previewApply).toHaveBeenLastCalledWith(mapped)
    expect(planned()).toEqual([['Outbound rules: Night service', 'create', '']])
    expect(text(step(3).querySelector('.rollout-outlook__summary'))).toBe('Night service: 1 PBX ready')
    expect(text(applyButton())).toBe('Apply to 1 PBX')
    expect(applyButton().disabled).toBe(false)

    // applied: the request previewed, mapping and all; the result per PBX and item
    await click(applyButton())
    expect(pbx.startApply).toHaveBeenCalledTimes(1)
    expect(pbx.startApply).toHaveBeenCalledWith(mapped)
    expect(messages()).toContain('Rolling out to 1 PBX')
    const results = document.body.querySelector('section[aria-label="Rollout results"]')
    expect(text(results?.querySelector('[role="status"]'))).toBe('Finished: 1 PBX changed')
    expect(Array.from(results?.querySelectorAll('tbody tr') ?? []).map((row) => Array.from(row.children).map(text))).toEqual([
      ['Globex hosting as admin', 'done', 'created Outbound rules: Night service'],
    ])
    // nothing failed: nothing to retry
    expect(Array.from(document.body.querySelectorAll('button')).map(text)).not.toContain('Retry the failed ones')
  })

  it('a preview goes stale when the items or the PBXs chosen change: it is dropped, and nothing can be applied', async () => {
    const pbx = await mountRollout()
    await previewNightServiceOnGlobex(pbx)
    expect(preview()).not.toBeNull()

    const night = checkbox('Night service', step(1))
    await toggle(night)
    expect(isChecked(night)).toBe(false)
    expect(preview()).toBeNull()
    expect(applyButton().disabled).toBe(true)

    // chosen again: a new preview is asked for, not the old one shown
    await toggle(night)
    expect(preview()).toBeNull()
    await click(button('Preview on 1 PBX'))
    expect(pbx.previewApply).toHaveBeenCalledTimes(2)
    expect(preview()).not.toBeNull()
    await toggle(checkbox('Globex hosting · Globex Ltd · hosting', step(2)))
    expect(preview()).toBeNull()
    expect(button('Preview on 0 PBXs').disabled).toBe(true)
    expect(pbx.startApply).not.toHaveBeenCalled()
  })
})
