import type { SiteBase, SiteStatus } from '@contract/bridge-handsets'
import { flushPromises } from '@vue/test-utils'
import { describe, expect, it, vi } from 'vitest'
import { mountSitePanel } from './site-panel-setup'
import { stubElementWidth } from '../element-width'
import { type createFakePbx, fakePushBatch, ok } from '../fake-pbx'

// The On site tab of issue 40: the bases in the order to act on, each base's handsets against the
// batch (or the PBX saying it has no members), and an action on the selected bases with each
// base's outcome, the focus then on "Check now".

const batch = fakePushBatch('b1', { rows: 3, done: 3, targetProfileId: 'p-acme' })
const base = (n: number, state: SiteBase['state'], more: Partial<SiteBase> = {}): SiteBase => ({ rowId: `row-${n}`, row: n, name: `Base ${n}`, mac: batch.rows[n - 1]!.values.mac!, state, ...more })
const status = (bases: SiteBase[], membersSupported = true): SiteStatus => ({ supported: true, membersSupported, bases, checkedAt: new Date().toISOString() })

const mountPanel = (answer: SiteStatus, overrides: Parameters<typeof createFakePbx>[0] = {}) => mountSitePanel(batch, answer, overrides)

const rowNames = (wrapper: Awaited<ReturnType<typeof mountPanel>>['wrapper']) => wrapper.findAll('tbody tr').map((tr) => tr.attributes('aria-label'))

describe('SiteCheckPanel', () => {
  it('shows the bases waiting first, each seen base with its handsets against the batch', async () => {
    const { wrapper, pbx } = await mountPanel(
      status([
        base(1, 'seen', { ip: '192.168.20.2', handsets: [{ place: 'missing', ipui: '00AF100002', extension: '1162', name: 'Ben' }, { place: 'on_base', ipui: '00AF100001', extension: '1161', handsetIndex: 1 }] }),
        base(2, 'not_pushed'),
        base(3, 'waiting', { pushedAt: new Date().toISOString(), handsets: [] }),
      ]),
    )
    expect(pbx.siteStatus).toHaveBeenCalledWith({ batchId: 'b1', profileId: 'p-acme', fresh: true })
    expect(rowNames(wrapper)).toEqual(['Base Base 3', 'Base Base 2', 'Base Base 1'])
    const seen = wrapper.find('tbody tr[aria-label="Base Base 1"]')
    expect(seen.text()).toContain('1 of 2 on the base')
    expect(seen.text()).toContain('Missing: 1162 Ben (00AF100002)')
    expect(seen.text()).toContain('IP 192.168.20.2')
    // the actions of a base are buttons of its own row
    expect(seen.findAll('button').map((b) => b.attributes('aria-label'))).toEqual(['Re-provision Base 1', 'Reboot Base 1'])
    expect(wrapper.find('tbody tr[aria-label="Base Base 3"]').text()).toContain('no handsets')
    expect(wrapper.text()).not.toContain('does not offer DECT phone members')
  })

  it("shows each base's members against its model's lines: amber from 80 %, red past them", async () => {
    const member = (n: number) => ({ place: 'on_base' as const, ipui: `00AF1000${String(n).padStart(2, '0')}`, extension: String(1160 + n), handsetIndex: n })
    const members = (count: number) => Array.from({ length: count }, (_, i) => member(i + 1))
    const { wrapper } = await mountPanel(
      status([
        base(1, 'seen', { lines: 10, handsets: members(3) }),
        base(2, 'seen', { lines: 10, handsets: [...members(8), { place: 'missing', ipui: '00AF100099', extension: '1199' }] }),
        base(3, 'seen', { lines: 2, handsets: [...members(2), { place: 'not_in_batch', ipui: '00CC000001', extension: '1170', handsetIndex: 3 }] }),
      ]),
    )
    const capacity = (n: number) => wrapper.find(`tbody tr[aria-label="Base Base ${n}"] .site-table__capacity`)
    expect(capacity(1).text()).toBe('3 of 10 lines')
    expect(capacity(1).classes()).toContain('site-table__capacity--room')
    // a handset the batch has for the base but the PBX has not takes no line
    expect(capacity(2).text()).toBe('8 of 10 lines: 2 left')
    expect(capacity(2).classes()).toContain('site-table__capacity--nearly_full')
    expect(capacity(3).text()).toBe('3 of 2 lines: 1 more than the model takes')
    expect(capacity(3).classes()).toContain('site-table__capacity--over')
  })

  it('says so where the PBX has no members (404/405), the handsets column empty', async () => {
    const { wrapper } = await mountPanel(status([base(1, 'seen'), base(2, 'waiting')], false))
    expect(wrapper.text()).toContain('This PBX does not offer DECT phone members')
    expect(wrapper.findAll('tbody tr').map((tr) => tr.findAll('td')[4]!.text())).toEqual(['—', '—'])
  })

  it('narrow (1024 px beside the sidebar): the handsets fold under the base, titled, and Why keeps the width; a base with none known shows no title alone (issue 42)', async () => {
    stubElementWidth('.site-table', 756)
    try {
      const { wrapper } = await mountPanel(
        status([
          base(1, 'seen', { handsets: [{ place: 'missing', ipui: '00AF100002', extension: '1162', name: 'Ben' }, { place: 'on_base', ipui: '00AF100001', extension: '1161', handsetIndex: 1 }] }),
          base(2, 'not_pushed'),
        ]),
      )
      expect(wrapper.findAll('thead th').map((th) => th.text())).toEqual(['', 'Base', 'State', 'Why', 'Actions'])
      const folded = wrapper.find('tbody tr[aria-label="Base Base 1"] td .folded-titled')
      expect(folded.find('small').text()).toBe('Handsets')
      expect(folded.find('.site-table__handsets span').text()).toBe('1 of 2 on the base')
      expect(folded.findAll('li').map((li) => li.text())).toEqual(['Missing: 1162 Ben (00AF100002)'])
      expect(wrapper.find('tbody tr[aria-label="Base Base 2"] .folded-titled').exists()).toBe(false)
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('reboots the selected bases in one action, names the base that failed, and moves the focus to Check now', async () => {
    const baseActions = vi.fn(async ({ macs }: { macs: string[] }) =>
      ok({ outcomes: macs.map((mac, i) => (i === 0 ? { mac, name: 'Base 1', done: true } : { mac, name: 'Base 2', done: false, message: 'Base 2 (00:15:65:00:00:02): not seen yet' })) }),
    )
    const { wrapper } = await mountPanel(status([base(1, 'seen'), base(2, 'seen'), base(3, 'not_pushed')]), { baseActions })
    const boxes = wrapper.findAll('tbody [role="checkbox"]')
    // not pushed before the bases that fetched their configuration
    expect(boxes.map((b) => b.attributes('aria-label'))).toEqual(['Select Base 3', 'Select Base 1', 'Select Base 2'])
    // a base not on the PBX cannot be chosen
    expect(boxes[0]!.classes()).toContain('n-checkbox--disabled')
    await boxes[1]!.trigger('click')
    await boxes[2]!.trigger('click')
    expect(wrapper.text()).toContain('2 selected')
    const reboot = wrapper.findAll('button').find((b) => b.text() === 'Reboot selected')!
    await reboot.trigger('click')
    await flushPromises()
    expect(baseActions).toHaveBeenCalledWith({ batchId: 'b1', profileId: 'p-acme', macs: [batch.rows[0]!.values.mac, batch.rows[1]!.values.mac], action: 'reboot' })
    const alert = wrapper.find('[role="alert"]')
    expect(alert.text()).toContain('Reboot: 1 of 2 bases failed')
    expect(alert.text()).toContain('Base 2 (00:15:65:00:00:02): not seen yet')
    expect(alert.text()).toContain('Asked: Base 1')
    const check = wrapper.findAll('button').find((b) => b.text() === 'Check now')!
    expect(document.activeElement).toBe(check.element)
  })
})
