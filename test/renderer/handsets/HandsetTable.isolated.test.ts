import { resetSizes, sizeElements } from '../dect/virtual-layout'
import HandsetTable from '@renderer/components/handsets/HandsetTable.vue'
import type { HandsetRow } from '@contract/dect-handsets'
import { flushPromises, mount } from '@vue/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import { sampleBatch, sampleRow } from '../fake-batches'

// The handsets table at 1024 px (issue 42): base, name and index fold under the IPUI with their
// titles; what the handset is, its problems, its state and "Edit" stay in view.

const batch = sampleBatch({ id: 'b1', name: 'Süd EG', rows: [sampleRow(1, { mac: '001565000001', name: 'Floor 1 base 1' })] })
const handsets: HandsetRow[] = [
  {
    id: 'h1',
    row: 1,
    values: { ipui: '0328D3C91E', extension: '1101', base_mac: '001565000001', handset_index: '3', name: 'Anna Müller-Lüdenscheidt' },
    problems: [],
    outcome: { state: 'pending' },
  },
]

async function mountTable() {
  const wrapper = mount(HandsetTable, { props: { batch, handsets }, attachTo: document.body })
  await flushPromises()
  return wrapper
}
const headers = () => Array.from(document.body.querySelectorAll('th[data-col-key]'), (th) => th.getAttribute('data-col-key'))
const folded = () => Array.from(document.body.querySelectorAll('.folded-titled > span'), (span) => span.textContent?.replace(/\s+/g, ' ').trim())

describe('HandsetTable by width', () => {
  afterEach(() => resetSizes())

  it('wide: every column, nothing folded', async () => {
    await mountTable()
    expect(headers()).toEqual(expect.arrayContaining(['row', 'ipui', 'extension', 'base', 'index', 'name', 'problems', 'outcome', 'actions']))
    expect(document.body.querySelector('tr[aria-label="Handset 1"] .handsets__ipui')?.textContent).toMatch(/^0328D3C91E/)
    expect(folded()).toEqual([])
  })

  it('narrow (1024 px beside the sidebar): base, name and index under the IPUI with their titles; problems, state and Edit stay', async () => {
    // 684 px of key columns (selection, #, IPUI, extension, problems, state, Edit) and 76 to spare: the base (130) does not fit, nor do the less important after it
    sizeElements('.handsets', { width: 760, height: 480 })
    await mountTable()
    const shown = headers()
    expect(shown).toEqual(expect.arrayContaining(['row', 'ipui', 'extension', 'problems', 'outcome', 'actions']))
    expect(shown.filter((key) => ['base', 'index', 'name'].includes(key!))).toEqual([])
    expect(folded()).toEqual(['Base Floor 1 base 1', 'Name Anna Müller-Lüdenscheidt', 'Index 3'])
  })

  it('at 1280 px beside the sidebar (1012 px) every column shows', async () => {
    sizeElements('.handsets', { width: 1012, height: 480 })
    await mountTable()
    expect(headers()).toEqual(expect.arrayContaining(['base', 'index', 'name', 'problems', 'outcome']))
    expect(folded()).toEqual([])
  })

  it('a value not known yet is not folded as an empty title', async () => {
    sizeElements('.handsets', { width: 760, height: 480 })
    const unplaced = { ...handsets[0]!, values: { ipui: '0328D3C91E', extension: '1101', base_mac: '001565000001' } }
    mount(HandsetTable, { props: { batch, handsets: [unplaced] }, attachTo: document.body })
    await flushPromises()
    expect(folded()).toEqual(['Base Floor 1 base 1'])
  })

  it('a column the user hid ("Columns") neither shows nor folds, wide or narrow; the swap a handset saw is under its IPUI', async () => {
    const swapped = { ...handsets[0]!, swaps: [{ from: '0328D3C900', to: '0328D3C91E', at: '2026-12-03T09:00:00.000Z' }] }
    const wide = mount(HandsetTable, { props: { batch, handsets: [swapped], hidden: new Set(['name']) }, attachTo: document.body })
    await flushPromises()
    expect(headers()).toEqual(expect.arrayContaining(['base', 'index']))
    expect(headers()).not.toContain('name')
    expect(folded()).toEqual([])
    const line = document.body.querySelector('tr[aria-label="Handset 1"] .handsets__swapped')
    expect(line?.textContent).toBe('replaced 0328D3C900')
    expect(line?.getAttribute('title')).toMatch(/^replaced 0328D3C900 → 0328D3C91E, /)
    wide.unmount()

    sizeElements('.handsets', { width: 760, height: 480 })
    mount(HandsetTable, { props: { batch, handsets, hidden: new Set(['name']) }, attachTo: document.body })
    await flushPromises()
    expect(headers().filter((key) => ['base', 'index', 'name'].includes(key!))).toEqual([])
    expect(folded()).toEqual(['Base Floor 1 base 1', 'Index 3'])
  })
})
