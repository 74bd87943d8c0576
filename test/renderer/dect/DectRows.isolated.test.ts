import { resetSizes, sizeElements } from './virtual-layout'
import { flushPromises, type VueWrapper } from '@vue/test-utils'
import { NSelect } from 'naive-ui'
import DectBatchDefaultsForm from '@renderer/components/dect/DectBatchDefaultsForm.vue'
import { TWO_LINE_ROW_HEIGHT } from '@renderer/components/dect/row-columns'
import { describe, expect, it, vi } from 'vitest'
import { nextTick } from 'vue'
import { RouterView } from 'vue-router'
import { sampleBatch, sampleRow } from '../fake-batches'
import { acmeProfile, createFakePbx, fakePushProgress, installFakePbx } from '../fake-pbx'
import { mountInApp } from '../mount-app'
import { usePushStore } from '@renderer/stores/push'

const siteA = () =>
  sampleBatch({
    id: 'b-1',
    name: 'Site A',
    rows: [
      sampleRow(1, { name: 'Reception', mac: '001565AABBCC', extension: '100', vendor: 'Yealink', model: 'W70B' }),
      sampleRow(2, { name: 'Kitchen', mac: '00:15:65', extension: '101' }, [
        { field: 'mac', message: 'MAC 00:15:65 has 6 of 12 hex digits', severity: 'error' },
      ]),
      sampleRow(3, { name: 'Store', mac: '001565AABBCD', extension: 'x12' }, [
        { field: 'extension', message: "extension 'x12' is not a phone extension (digits, * # and + only); it is printed on the label as it is", severity: 'warning' },
      ]),
    ],
  })

async function mountBatch(more: Parameters<typeof createFakePbx>[1] = {}) {
  const pbx = installFakePbx(createFakePbx({}, { batches: { batches: [siteA()], lastMapping: {}, pbxMacs: {} }, ...more }))
  const result = await mountInApp(RouterView, '/dect/batches/b-1')
  await flushPromises()
  return { ...result, pbx }
}

const tableRows = (wrapper: VueWrapper) => wrapper.findAll('tr[data-row-id]')
const rowIds = (wrapper: VueWrapper) => tableRows(wrapper).map((row) => row.attributes('data-row-id'))
const cell = (wrapper: VueWrapper, label: string) => wrapper.find(`[role="button"][aria-label="Edit ${label}"]`)

/** The rows filter's choice `filter` (all, to_send, not_sent, failed, done, warnings). */
async function chooseFilter(wrapper: VueWrapper, filter: string): Promise<void> {
  const radio = wrapper.findAll('.n-radio-button').find((button) => button.attributes('data-filter') === filter)
  if (!radio) throw new Error(`no filter "${filter}"`)
  await radio.find('input').trigger('change')
  await flushPromises()
}

describe('the rows of a batch', () => {
  it('shows the batch default, muted, in a cell the row leaves empty, and the row\'s own value where it has one', async () => {
    const withDefaults = { ...siteA(), defaults: { vendor: 'Snom', model: 'M400' } }
    installFakePbx(createFakePbx({}, { batches: { batches: [withDefaults], lastMapping: {}, pbxMacs: {} } }))
    const { wrapper } = await mountInApp(RouterView, '/dect/batches/b-1')
    await flushPromises()

    const own = cell(wrapper, 'Vendor, row 1')
    expect(own.text()).toBe('Yealink')
    expect(own.classes()).not.toContain('dect-rows__cell--default')
    const fallback = cell(wrapper, 'Vendor, row 2')
    expect(fallback.text()).toBe('Snom')
    expect(fallback.classes()).toContain('dect-rows__cell--default')
    expect(fallback.attributes('title')).toBe('Snom (the batch default)')
    expect(cell(wrapper, 'Model, row 3').text()).toBe('M400')
  })

  it('shows each row with its MAC as AA:BB:CC:DD:EE:FF, its state and its problems inline, and the counts above', async () => {
    const { wrapper } = await mountBatch()

    expect(wrapper.find('h2').text()).toBe('Site A')
    expect(wrapper.find('.dect-batch__counts').text()).toBe('3 rows · 1 with errors · 1 with warnings')
    expect(rowIds(wrapper)).toEqual(['r1', 'r2', 'r3'])
    const first = tableRows(wrapper)[0]!.text()
    expect(first).toContain('Reception')
    expect(first).toContain('00:15:65:AA:BB:CC')
    // where each stands (contract/batch-state.ts): a draft's good row is ready, one with an error is not sent
    expect(tableRows(wrapper).map((row) => row.find('.dect-rows__state').text())).toEqual(['ready', 'not sent', 'ready'])
    const broken = tableRows(wrapper)[1]!
    expect(broken.classes()).toContain('dect-rows__row--error')
    expect(broken.find('.dect-rows__problem--error').text()).toBe('MAC 00:15:65 has 6 of 12 hex digits')
    expect(tableRows(wrapper)[2]!.find('.dect-rows__problem--warning').text()).toContain("extension 'x12' is not a phone extension")
  })

  it("a failed row shows the PBX's refusal first in its problems, before the warning it had", async () => {
    const batch = siteA()
    const store = batch.rows[2]!
    store.outcome = { state: 'failed', error: "MAC 00:15:65:AA:BB:CD is on the PBX already as 'Old store' (id dect-7), another phone: delete that phone or give this row another MAC, then retry the failed rows" }
    const { wrapper } = await mountBatch({ batches: { batches: [batch], lastMapping: {}, pbxMacs: {} } })
    const row = tableRows(wrapper)[2]!
    expect(row.text()).toContain('failed')
    expect(row.find('.dect-rows__problem').text()).toBe(`Not pushed: ${store.outcome.error}`)
    expect(row.find('.dect-rows__problem').classes()).toContain('dect-rows__problem--error')
    expect(row.find('.dect-rows__problems-more').text()).toBe('+1 more')
  })

  it('the Push tab, left mounted, reads the batch and its counts again after a row is fixed on the Rows tab', async () => {
    const pbx = installFakePbx(createFakePbx({}, { batches: { batches: [siteA()], lastMapping: {}, pbxMacs: {} } }))
    pbx.dect.state.pushes['b-1'] = fakePushProgress('b-1', { pending: 2, withErrors: 1, total: 2 })
    const { wrapper, router } = await mountInApp(RouterView, '/dect/batches/b-1?tab=push')
    await flushPromises()
    expect(wrapper.text()).toContain('Push 2 bases')
    const reads = vi.mocked(pbx.getPushProgress).mock.calls.length

    await router.push('/dect/batches/b-1?tab=rows')
    await flushPromises()
    await cell(wrapper, 'MAC address, row 2').trigger('click')
    await nextTick()
    const input = wrapper.find('input[aria-label="MAC address, row 2"]')
    await input.setValue('00:15:65:AA:BB:CE')
    await input.trigger('keydown', { key: 'Enter' })
    await flushPromises()
    expect(pbx.editBatchRows).toHaveBeenCalled()
    expect(vi.mocked(pbx.getPushProgress).mock.calls.length).toBeGreaterThan(reads)
  })

  it('filters the rows by where they stand (to send, not sent for errors) and by warnings, each choice with its count', async () => {
    const { wrapper } = await mountBatch()
    expect(wrapper.findAll('.n-radio-button').map((b) => b.text())).toEqual(['All3', 'To send2', 'Not sent (errors)1', 'Failed0', 'On the PBX0', 'Warnings1'])

    await chooseFilter(wrapper, 'not_sent')
    expect(rowIds(wrapper)).toEqual(['r2'])
    await chooseFilter(wrapper, 'to_send')
    expect(rowIds(wrapper)).toEqual(['r1', 'r3'])
    await chooseFilter(wrapper, 'warnings')
    expect(rowIds(wrapper)).toEqual(['r3'])
    await chooseFilter(wrapper, 'failed')
    expect(rowIds(wrapper)).toEqual([])
    await chooseFilter(wrapper, 'all')
    expect(rowIds(wrapper)).toEqual(['r1', 'r2', 'r3'])
  })

  it('scrolled far down, a filter that leaves fewer rows than were above shows them at once', async () => {
    const rows = Array.from({ length: 500 }, (_, i) =>
      sampleRow(i + 1, { name: `Handset ${i + 1}`, mac: i === 1 ? '00:15:65' : `0015${(i + 1).toString(16).toUpperCase().padStart(8, '0')}` }, i === 1 ? [{ field: 'mac', message: 'MAC 00:15:65 has 6 of 12 hex digits', severity: 'error' }] : []),
    )
    installFakePbx(createFakePbx({}, { batches: { batches: [sampleBatch({ id: 'b-far', name: 'Campus', rows })], lastMapping: {}, pbxMacs: {} } }))
    const result = await mountInApp(RouterView, '/dect/batches/b-far')
    await flushPromises()
    // the browser here lays nothing out: it keeps a scroll position past the end, as a real one does for a moment
    const scroller = result.wrapper.find('.dect-rows__scroller')
    // (one row shows a problem: every row has two lines)
    ;(scroller.element as HTMLElement).scrollTop = 400 * TWO_LINE_ROW_HEIGHT
    await scroller.trigger('scroll')
    expect(rowIds(result.wrapper)).toContain(rows[400]!.id)

    await chooseFilter(result.wrapper, 'not_sent')
    expect(rowIds(result.wrapper)).toEqual([rows[1]!.id])
  })

  it('edits a cell in place: a click opens an input, Enter sends the new value with editBatchRows', async () => {
    const { wrapper, pbx } = await mountBatch()

    await cell(wrapper, 'MAC address, row 2').trigger('click')
    await nextTick()
    const input = wrapper.find<HTMLInputElement>('input[aria-label="MAC address, row 2"]')
    expect(input.exists()).toBe(true)
    expect(input.element.value).toBe('00:15:65')
    expect(document.activeElement).toBe(input.element)
    await input.setValue('00:15:65:AA:BB:CE')
    await input.trigger('keydown', { key: 'Enter' })
    await flushPromises()

    expect(pbx.editBatchRows).toHaveBeenCalledWith({ batchId: 'b-1', edits: [{ rowId: 'r2', values: { mac: '00:15:65:AA:BB:CE' } }] })
    expect(wrapper.find('input[aria-label="MAC address, row 2"]').exists()).toBe(false)
    expect(tableRows(wrapper)[1]!.text()).toContain('00:15:65:AA:BB:CE')
    expect(tableRows(wrapper)[1]!.find('.dect-rows__problem--error').exists()).toBe(false)
    expect(wrapper.find('.dect-batch__counts').text()).toBe('3 rows · 0 with errors · 1 with warnings')
  })

  it('narrow (1024 px beside the sidebar): vendor, model and language fold under the MAC, still edited in place; state and problems stay (issue 42)', async () => {
    sizeElements('.dect-rows__scroller', { width: 741, height: 480 })
    try {
      const { wrapper, pbx } = await mountBatch()
      expect(wrapper.findAll('.dect-rows__table th').map((th) => th.text())).toEqual(['', 'Row', 'Name', 'MAC', 'Extension', 'State', 'Problems'])
      const macCell = tableRows(wrapper)[0]!.findAll('td')[3]!
      expect(macCell.findAll('[role="button"]').map((part) => part.attributes('aria-label'))).toEqual([
        'Edit MAC address, row 1',
        'Edit Vendor, row 1',
        'Edit Model, row 1',
        'Edit Language, row 1',
      ])
      expect(cell(wrapper, 'Vendor, row 1').attributes('title')).toBe('Vendor: Yealink')
      expect(cell(wrapper, 'Language, row 1').text()).toBe('—')

      await cell(wrapper, 'Model, row 1').trigger('click')
      await nextTick()
      const input = wrapper.find<HTMLInputElement>('input[aria-label="Model, row 1"]')
      expect(input.element.value).toBe('W70B')
      await input.setValue('W73H')
      await input.trigger('keydown', { key: 'Enter' })
      await flushPromises()
      expect(pbx.editBatchRows).toHaveBeenCalledWith({ batchId: 'b-1', edits: [{ rowId: 'r1', values: { model: 'W73H' } }] })
      expect(tableRows(wrapper)[1]!.text()).toContain('MAC 00:15:65 has 6 of 12 hex digits')
    } finally {
      resetSizes()
    }
  })

  it('rows showing problems have two lines, for the reasons, and a column empty in every row (no value, no default) folds to leave them its width (issue 42)', async () => {
    const { wrapper } = await mountBatch()
    const headers = () => wrapper.findAll('.dect-rows__table th').map((th) => th.text())
    // at 1200 px every column fits; no row has a language, nor the batch one: it folds under the MAC, still edited in place
    expect(headers()).toEqual(['', 'Row', 'Name', 'MAC', 'Extension', 'Vendor', 'Model', 'State', 'Problems'])
    expect(wrapper.find('.dect-rows__table').classes()).toContain('dect-rows__table--two-lines')
    const macCell = tableRows(wrapper)[0]!.findAll('td')[3]!
    expect(macCell.findAll('[role="button"]').map((part) => part.attributes('aria-label'))).toEqual(['Edit MAC address, row 1', 'Edit Language, row 1'])

    // a batch without problems: one line a row, every column at its place, empty or not
    wrapper.unmount()
    installFakePbx(
      createFakePbx({}, { batches: { batches: [sampleBatch({ id: 'b-2', name: 'Clean', rows: [sampleRow(1, { name: 'Reception', mac: '001565AABBCC', extension: '100' })] })], lastMapping: {}, pbxMacs: {} } }),
    )
    const clean = await mountInApp(RouterView, '/dect/batches/b-2')
    await flushPromises()
    expect(clean.wrapper.findAll('.dect-rows__table th').map((th) => th.text())).toEqual(['', 'Row', 'Name', 'MAC', 'Extension', 'Vendor', 'Model', 'Language', 'State', 'Problems'])
    expect(clean.wrapper.find('.dect-rows__table').classes()).not.toContain('dect-rows__table--two-lines')
  })

  it('a row fixed under the "not sent" filter leaves it: the focus stays in the table, not lost to the page (issue 40)', async () => {
    const { wrapper } = await mountBatch()
    await chooseFilter(wrapper, 'not_sent')
    expect(rowIds(wrapper)).toEqual(['r2'])
    const mac = cell(wrapper, 'MAC address, row 2')
    ;(mac.element as HTMLElement).focus()
    await mac.trigger('keydown', { key: 'Enter' })
    await nextTick()
    const input = wrapper.find<HTMLInputElement>('input[aria-label="MAC address, row 2"]')
    await input.setValue('00:15:65:AA:BB:CE')
    await input.trigger('keydown', { key: 'Enter' })
    await flushPromises()
    await nextTick()

    expect(rowIds(wrapper)).toEqual([])
    expect(document.activeElement).toBe(wrapper.find('.dect-rows__scroller').element)
  })

  it('Enter on a focused cell opens its input, and Esc cancels without sending anything', async () => {
    const { wrapper, pbx } = await mountBatch()

    const name = cell(wrapper, 'Name, row 1')
    expect(name.attributes('tabindex')).toBe('0')
    await name.trigger('keydown', { key: 'Enter' })
    await nextTick()
    const input = wrapper.find<HTMLInputElement>('input[aria-label="Name, row 1"]')
    await input.setValue('Front desk')
    await input.trigger('keydown', { key: 'Escape' })
    await flushPromises()

    expect(wrapper.find('input[aria-label="Name, row 1"]').exists()).toBe(false)
    expect(pbx.editBatchRows).not.toHaveBeenCalled()
    expect(tableRows(wrapper)[0]!.text()).toContain('Reception')
  })

  it('adds a row and deletes the selected rows', async () => {
    const { wrapper, pbx } = await mountBatch()

    await wrapper.findAll('button').find((b) => b.text() === 'Add row')!.trigger('click')
    await flushPromises()
    expect(pbx.editBatchRows).toHaveBeenLastCalledWith({ batchId: 'b-1', add: [{}] })
    expect(rowIds(wrapper)).toHaveLength(4)
    expect(tableRows(wrapper)[3]!.text()).toContain('MAC is missing')

    await tableRows(wrapper)[3]!.find('input[type="checkbox"]').trigger('click')
    await flushPromises()
    const remove = wrapper.findAll('button').find((b) => b.text().startsWith('Delete selected rows'))!
    expect(remove.text()).toBe('Delete selected rows (1)')
    await remove.trigger('click')
    await flushPromises()
    Array.from(document.body.querySelectorAll('button')).findLast((b) => b.textContent?.trim() === 'Delete')!.click()
    await flushPromises()
    expect(pbx.editBatchRows).toHaveBeenLastCalledWith({ batchId: 'b-1', remove: ['r4'] })
    expect(rowIds(wrapper)).toEqual(['r1', 'r2', 'r3'])
  })

  it('shows the first problem and "+N more", the whole list on focus and hover, and all of it to screen readers', async () => {
    const batch = siteA()
    batch.rows[1]!.problems.push({ field: 'extension', message: 'extension is missing', severity: 'warning' })
    const { wrapper } = await mountBatch({ batches: { batches: [batch], lastMapping: {}, pbxMacs: {} } })

    const problems = tableRows(wrapper)[1]!.find('.dect-rows__problems')
    expect(problems.attributes('tabindex')).toBe('0')
    expect(problems.find('.dect-rows__problem--error').text()).toBe('MAC 00:15:65 has 6 of 12 hex digits')
    expect(problems.find('.dect-rows__problems-more').text()).toBe('+1 more')
    expect(problems.find('.visually-hidden').text()).toBe('Error: MAC 00:15:65 has 6 of 12 hex digits; Warning: extension is missing')
    // one problem: no "+N more"
    expect(tableRows(wrapper)[2]!.find('.dect-rows__problems-more').exists()).toBe(false)

    const listed = () => Array.from(document.body.querySelectorAll('.dect-rows__problem-list li')).map((item) => item.textContent?.trim())
    expect(listed()).toEqual([])
    await problems.trigger('focus')
    await flushPromises()
    expect(listed()).toEqual(['MAC 00:15:65 has 6 of 12 hex digits', 'extension is missing'])
    await problems.trigger('blur')
    await flushPromises()
    await problems.trigger('mouseenter')
    await flushPromises()
    expect(listed()).toEqual(['MAC 00:15:65 has 6 of 12 hex digits', 'extension is missing'])
  })

  it('names each row checkbox, selects a range with Shift, and selects all from the header', async () => {
    const { wrapper } = await mountBatch()
    const box = (name: string) => wrapper.find<HTMLInputElement>(`input[type="checkbox"][aria-label="${name}"]`)
    const deleteText = () => wrapper.findAll('button').find((b) => b.text().startsWith('Delete selected rows'))!.text()

    expect(box('Select row 3').exists()).toBe(true)
    await box('Select row 1').trigger('click')
    await box('Select row 3').trigger('click', { shiftKey: true })
    await flushPromises()
    expect(deleteText()).toBe('Delete selected rows (3)')
    expect(box('Select all rows').element.checked).toBe(true)
    await box('Select all rows').setValue(false)
    await flushPromises()
    expect(box('Select row 2').element.checked).toBe(false)
    await box('Select row 2').trigger('click')
    await flushPromises()
    expect(box('Select all rows').element.checked).toBe(false)
    expect(box('Select all rows').element.indeterminate).toBe(true)
    expect(deleteText()).toBe('Delete selected rows (1)')
  })

  it('checks the MACs against a saved PBX and flags the ones already there', async () => {
    const { wrapper, pbx, router } = await mountBatch({ batches: { batches: [siteA()], lastMapping: {}, pbxMacs: { [acmeProfile.id]: ['001565AABBCC'] } } })

    // choose the PBX as its menu (teleported, not laid out here) would
    const select = wrapper.findAllComponents(NSelect).find((s) => s.find('input[aria-label="PBX to check against"]').exists())!
    select.vm.$emit('update:value', acmeProfile.id)
    await flushPromises()
    await wrapper.findAll('button').find((b) => b.text() === 'Check against a PBX')!.trigger('click')
    await flushPromises()

    expect(pbx.checkBatchOnPbx).toHaveBeenCalledWith({ batchId: 'b-1', profileId: acmeProfile.id })
    expect(tableRows(wrapper)[0]!.find('.dect-rows__problem--warning').text()).toContain('MAC 001565AABBCC is already on the PBX')
    expect(document.body.querySelector('.n-message__content')?.textContent).toContain('1 MAC is already on Acme HQ')

    // the push then goes to the PBX checked against, unless another is chosen
    pbx.dect.state.pushes['b-1'] = fakePushProgress('b-1')
    await router.push('/dect/batches/b-1?tab=push')
    await flushPromises()
    expect(usePushStore().targetProfileId).toBe(acmeProfile.id)
  })

  it('changes the batch defaults: updateBatch, and the rows are checked again with them', async () => {
    const { wrapper, pbx } = await mountBatch()

    await wrapper.findAll('button').find((b) => b.text() === 'Batch defaults…')!.trigger('click')
    await flushPromises()
    const form = wrapper.findComponent(DectBatchDefaultsForm)
    const vendor = form.findAllComponents(NSelect).find((select) => select.find('input[aria-label="Vendor"]').exists())!
    vendor.vm.$emit('update:value', 'Snom')
    await flushPromises()
    Array.from(document.body.querySelectorAll('button')).find((b) => b.textContent?.trim() === 'Save defaults')!.click()
    await flushPromises()

    expect(pbx.updateBatch).toHaveBeenCalledWith({ batchId: 'b-1', defaults: { vendor: 'Snom' } })
    expect(tableRows(wrapper)[1]!.text()).toContain('Snom')
    // the row's own vendor stays
    expect(tableRows(wrapper)[0]!.text()).toContain('Yealink')
  })

  it('renames the batch from its header', async () => {
    const { wrapper, pbx } = await mountBatch()

    await wrapper.findAll('button').find((b) => b.text() === 'Rename')!.trigger('click')
    const label = wrapper.findAll('label').find((l) => l.text() === 'Batch name')!
    const input = wrapper.find(`#${CSS.escape(label.attributes('for')!)}`)
    await input.setValue('Site A, ground floor')
    await input.trigger('keydown', { key: 'Enter' })
    await flushPromises()

    expect(pbx.updateBatch).toHaveBeenCalledWith({ batchId: 'b-1', name: 'Site A, ground floor' })
    expect(wrapper.find('h2').text()).toBe('Site A, ground floor')
  })

  it('10,000 rows: only the rows in view are rendered', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) =>
      sampleRow(i + 1, { name: `Handset ${i + 1}`, mac: `0015${(i + 1).toString(16).toUpperCase().padStart(8, '0')}` }),
    )
    installFakePbx(createFakePbx({}, { batches: { batches: [sampleBatch({ id: 'b-big', name: 'Campus', rows })], lastMapping: {}, pbxMacs: {} } }))
    const result = await mountInApp(RouterView, '/dect/batches/b-big')
    await flushPromises()

    expect(result.wrapper.find('.dect-batch__counts').text()).toBe('10000 rows · 0 with errors · 0 with warnings')
    const rendered = tableRows(result.wrapper).length
    expect(rendered).toBeGreaterThan(5)
    expect(rendered).toBeLessThan(40)
  })

  it('arrow keys move between cells, down to rows not rendered yet, scrolling as they go', async () => {
    const rows = Array.from({ length: 200 }, (_, i) => sampleRow(i + 1, { name: `Handset ${i + 1}`, mac: `0015${(i + 1).toString(16).toUpperCase().padStart(8, '0')}` }))
    installFakePbx(createFakePbx({}, { batches: { batches: [sampleBatch({ id: 'b-nav', name: 'Campus', rows })], lastMapping: {}, pbxMacs: {} } }))
    const result = await mountInApp(RouterView, '/dect/batches/b-nav')
    await flushPromises()
    const focusedLabel = () => document.activeElement?.getAttribute('aria-label')
    const rendered = tableRows(result.wrapper).length
    expect(rendered).toBeLessThan(40)

    ;(cell(result.wrapper, 'Name, row 1').element as HTMLElement).focus()
    for (let step = 0; step < rendered + 5; step++) {
      ;(document.activeElement as HTMLElement).dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }))
      await flushPromises()
    }
    expect(focusedLabel()).toBe(`Edit Name, row ${rendered + 6}`)
    expect(result.wrapper.find('tr[data-row-id]').attributes('data-row-id')).not.toBe(rows[0]!.id)

    ;(document.activeElement as HTMLElement).dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }))
    await flushPromises()
    expect(focusedLabel()).toBe(`Edit MAC address, row ${rendered + 6}`)
    ;(document.activeElement as HTMLElement).dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowUp', bubbles: true }))
    await flushPromises()
    expect(focusedLabel()).toBe(`Edit MAC address, row ${rendered + 5}`)
  })

  it('has six tabs a keyboard can reach (one Tab stop, the arrows between them); the tab chosen is kept in the address', async () => {
    const { wrapper, router } = await mountBatch()

    const tabs = wrapper.findAll('[role="tab"]')
    expect(tabs.map((tab) => [tab.text(), tab.attributes('aria-selected')])).toEqual([
      ['Rows', 'true'],
      ['Handsets (0)', 'false'],
      ['Push', 'false'],
      ['On site', 'false'],
      ['QR codes', 'false'],
      ['Labels', 'false'],
    ])
    expect(tabs.map((tab) => tab.attributes('tabindex'))).toEqual(['0', '-1', '-1', '-1', '-1', '-1'])
    await tabs[0]!.trigger('keydown', { key: 'ArrowRight' })
    await flushPromises()
    expect(router.currentRoute.value.query.tab).toBe('handsets')
    await tabs[1]!.trigger('keydown', { key: 'ArrowRight' })
    await flushPromises()

    expect(router.currentRoute.value.query.tab).toBe('push')
    expect(wrapper.find('[role="tab"][aria-selected="true"]').text()).toBe('Push')
    expect(wrapper.find('[role="tab"][tabindex="0"]').text()).toBe('Push')
  })

  it('Ctrl+PageDown and Ctrl+PageUp from deep in a panel (a row\'s checkbox) choose and focus the next and previous tab, round (issue 40)', async () => {
    const { wrapper, router } = await mountBatch()
    const check = wrapper.find<HTMLInputElement>('input[aria-label="Select row 2"]')
    check.element.focus()
    await check.trigger('keydown', { key: 'PageDown', ctrlKey: true })
    await flushPromises()
    expect(router.currentRoute.value.query.tab).toBe('handsets')
    expect(document.activeElement?.textContent).toBe('Handsets (0)')
    expect(document.activeElement?.getAttribute('role')).toBe('tab')
    const handsets = wrapper.find('[role="tab"][data-name="handsets"]')
    await handsets.trigger('keydown', { key: 'PageUp', ctrlKey: true })
    await flushPromises()
    expect(router.currentRoute.value.query.tab).toBeUndefined()
    await wrapper.find('[role="tab"][data-name="rows"]').trigger('keydown', { key: 'PageUp', ctrlKey: true })
    await flushPromises()
    expect(router.currentRoute.value.query.tab).toBe('labels')
    expect(document.activeElement?.textContent).toBe('Labels')
    // pressed faster than the address follows: each press goes on from the tab it lands on
    const labels = wrapper.find('[role="tab"][data-name="labels"]')
    await labels.trigger('keydown', { key: 'PageDown', ctrlKey: true })
    await wrapper.find('[role="tab"][data-name="rows"]').trigger('keydown', { key: 'PageDown', ctrlKey: true })
    await flushPromises()
    expect(router.currentRoute.value.query.tab).toBe('handsets')
    // PageDown alone (the table scrolls) and with Shift are left alone
    const handsetsTab = wrapper.find('[role="tab"][data-name="handsets"]')
    await handsetsTab.trigger('keydown', { key: 'PageDown' })
    await handsetsTab.trigger('keydown', { key: 'PageDown', ctrlKey: true, shiftKey: true })
    await flushPromises()
    expect(router.currentRoute.value.query.tab).toBe('handsets')
  })
})
