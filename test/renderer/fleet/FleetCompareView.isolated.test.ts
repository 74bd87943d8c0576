// the selects' menus are virtual lists: happy-dom lays nothing out (see virtual-layout.ts)
import '../dect/virtual-layout'
import type { ConfigComparison } from '@contract/config-compare'
import FleetCompareView from '@renderer/views/FleetCompareView.vue'
import { flushPromises } from '@vue/test-utils'
import { describe, expect, it, vi } from 'vitest'
import { createFakePbx, fail, installFakePbx, ok, type FakePbx } from '../fake-pbx'
import { button, click } from '../mail/dom'
import { mountInApp } from '../mount-app'
import { acmeSnapshot, checkbox, pick, text, toggle } from './config-helpers'

// Fleet › Compare: two saved PBXs (or snapshot files) side by side. What main's compareConfig
// answers is shown part by part, a tab each with how many items differ, the changed items opening
// to their fields; a PBX's configuration can be saved as a snapshot file from here.

/** Acme (left) against Globex (right), as main compares them. */
const comparison: ConfigComparison = {
  left: { label: 'Acme HQ', takenAt: '2025-06-01T12:00:00.000Z', fromFile: false },
  right: { label: 'Globex hosting', takenAt: '2025-06-01T12:00:01.000Z', fromFile: false },
  parts: [
    {
      part: 'outboundRules',
      items: [
        {
          key: 'International',
          status: 'changed',
          changes: [
            { path: ['priority'], kind: 'changed', before: 200, after: 250 },
            { path: ['routes', 0, 'prepend'], kind: 'changed', before: '', after: '0' },
          ],
        },
        { key: 'Emergency', status: 'removed', changes: [] },
        { key: 'Local', status: 'same', changes: [] },
      ],
    },
    { part: 'ivrServers', unread: { left: 'not_allowed' }, items: [] },
    {
      part: 'emailTemplates',
      items: [{ key: 'DISK_LOW', status: 'added', changes: [] }],
    },
  ],
}

async function mountCompare(overrides: Parameters<typeof createFakePbx>[0] = {}): Promise<FakePbx> {
  const pbx = installFakePbx(createFakePbx({ compareConfig: async () => ok(comparison), ...overrides }))
  await mountInApp(FleetCompareView, '/fleet/compare')
  await flushPromises()
  return pbx
}

const sides = () => Array.from(document.body.querySelectorAll('.config-source'))
const region = () => document.body.querySelector<HTMLElement>('section[aria-label="Comparison"]')
const tabs = () => Array.from(region()?.querySelectorAll('.n-tabs-tab') ?? []).map(text)
const tab = (title: string) => Array.from(region()?.querySelectorAll<HTMLElement>('.n-tabs-tab') ?? []).find((t) => text(t).startsWith(title))
/** The items shown in the open tab: key and status tag. */
const items = () =>
  Array.from(region()?.querySelectorAll('.n-tab-pane:not([style*="display: none"]) .n-collapse-item') ?? []).map((item) => [
    text(item.querySelector('.config-comparison__key')),
    text(item.querySelector('.n-tag')),
  ])
const item = (key: string) =>
  Array.from(region()?.querySelectorAll<HTMLElement>('.n-collapse-item') ?? []).find((i) => text(i.querySelector('.config-comparison__key')) === key)!

async function chooseBoth(): Promise<void> {
  await pick(sides()[0]!, 'Acme HQ')
  await pick(sides()[1]!, 'Globex hosting')
}

describe('FleetCompareView', () => {
  it('compares the two PBXs chosen: each part with how many items differ, the changed fields of an item', async () => {
    const pbx = await mountCompare()
    expect(button('Compare').disabled).toBe(true)

    await chooseBoth()
    expect(button('Compare').disabled).toBe(false)
    await click(button('Compare'))
    expect(pbx.compareConfig).toHaveBeenCalledWith({ left: { profileId: 'p-acme' }, right: { profileId: 'p-globex' } })

    // a tab a part: the items that differ counted under its name, a part one side could not read marked "not read"
    expect(text(region()?.querySelector('.config-comparison__sides'))).toBe('Acme HQ (left) compared with Globex hosting (right)')
    expect(tabs()).toEqual(['Outbound rules 2 differences', 'IVR servers not read', 'Email templates 1 difference'])
    // only the differences at first: the rule alike on both sides is left out
    expect(items()).toEqual([
      ['International', '2 changed'],
      ['Emergency', 'only on the left'],
    ])
    await toggle(checkbox('Only differences'))
    expect(items()).toEqual([
      ['International', '2 changed'],
      ['Emergency', 'only on the left'],
      ['Local', 'same'],
    ])

    // an item's name is a button (for the keyboard), saying whether it is open, described by its status
    const titleOf = (key: string) => item(key).querySelector<HTMLButtonElement>('button.config-comparison__toggle')!
    expect(text(titleOf('International'))).toBe('International')
    expect(titleOf('International').getAttribute('aria-expanded')).toBe('false')
    expect(text(document.getElementById(titleOf('International').getAttribute('aria-describedby')!))).toBe('2 changed')
    expect(text(document.getElementById(titleOf('Local').getAttribute('aria-describedby')!))).toBe('same')

    // a changed item opens to its fields, left value then right value
    await click(item('International').querySelector('.n-collapse-item__header-main'))
    expect(titleOf('International').getAttribute('aria-expanded')).toBe('true')
    const fields = Array.from(item('International').querySelectorAll('.field-changes tbody tr')).map((row) => Array.from(row.children).map(text))
    expect(fields).toEqual([
      ['priority', '200', '250'],
      ['routes › 1 › prepend', '(empty)', '0'],
    ])
    expect(Array.from(item('International').querySelectorAll('.field-changes thead th')).map(text)).toEqual(['Field', 'Acme HQ', 'Globex hosting'])
    // one only on the left says so (opened from its button, as Enter or Space on it does)
    await click(titleOf('Emergency'))
    expect(titleOf('Emergency').getAttribute('aria-expanded')).toBe('true')
    expect(text(item('Emergency').querySelector('.config-comparison__note'))).toBe('Only on Acme HQ: the right has none of this name.')
    await click(titleOf('Emergency'))
    expect(titleOf('Emergency').getAttribute('aria-expanded')).toBe('false')

    // a part the left could not read says why, and compares nothing
    await click(tab('IVR servers'))
    expect(text(region()?.querySelector('.n-tab-pane:not([style*="display: none"]) .config-comparison__note'))).toBe(
      'Not compared: Acme HQ: the account may not read them.',
    )
  })

  it('swapped sides are compared the other way round; a failed comparison says why', async () => {
    const pbx = await mountCompare()
    await chooseBoth()
    await click(button('Compare'))
    expect(region()).not.toBeNull()

    await click(document.body.querySelector('button[aria-label="Swap left and right"]'))
    // the comparison shown was of the other order: gone
    expect(region()).toBeNull()
    pbx.compareConfig.mockResolvedValueOnce(fail('UNREACHABLE', 'Could not reach pbx.globex.example: connection refused'))
    await click(button('Compare'))
    expect(pbx.compareConfig).toHaveBeenLastCalledWith({ left: { profileId: 'p-globex' }, right: { profileId: 'p-acme' } })
    const alert = document.body.querySelector('.n-alert')
    expect(text(alert)).toContain('The comparison could not be made')
    expect(text(alert)).toContain('Could not reach pbx.globex.example: connection refused')
    expect(region()).toBeNull()
  })

  it("saves a PBX's configuration as a snapshot file", async () => {
    const json = JSON.stringify(acmeSnapshot)
    const pbx = await mountCompare({ takeSnapshot: async () => ok({ fileName: 'Acme HQ 2025-06-01.pbxconfig.json', json, snapshot: acmeSnapshot }) })
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:snapshot')
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() })
    const save = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined)

    await pick(sides()[0]!, 'Acme HQ')
    await click(button('Save a snapshot of Acme HQ'))
    expect(pbx.takeSnapshot).toHaveBeenCalledWith({ profileId: 'p-acme' })
    expect((save.mock.contexts[0] as HTMLAnchorElement).download).toBe('Acme HQ 2025-06-01.pbxconfig.json')
    expect(await createObjectURL.mock.calls[0]![0].text()).toBe(json)
  })
})
