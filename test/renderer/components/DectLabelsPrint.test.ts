import DectLabelsPanel from '@renderer/components/dect/DectLabelsPanel.vue'
import { askToPrint, printAsked } from '@renderer/lib/print-request'
import { useQrLabelsStore } from '@renderer/stores/qr-labels'
import { flushPromises } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import { defineComponent, h } from 'vue'
import { fail, fakePushBatch, installWithQrCodes, ok, type FakePbx } from '../fake-pbx'
import { mountInApp } from '../mount-app'
import { button } from '../wrapper-find'

// Printing from the Labels tab (issue 40): Print labels… asks main to print (the sheet's stock,
// start and reprint's choice), Ctrl+P's request is taken once the tab shows the batch, a start
// past the sheet's end is refused by the picture's fields, and the print dialog's failure is shown.

async function mountLabels(pbx: FakePbx) {
  pbx.printLabels.mockImplementation(async () => ok({ printed: true, labels: 30, pages: 2 }))
  const Host = defineComponent({ setup: () => () => h(DectLabelsPanel, { batch: fakePushBatch('b1', { rows: 3 }) }) })
  const result = await mountInApp(Host, '/dect')
  await flushPromises()
  return result
}

const messages = () => Array.from(document.body.querySelectorAll('.n-message__content')).map((m) => m.textContent)
const cell = (name: string) => document.body.querySelector<HTMLElement>(`[role="radio"][aria-label="${name}"]`)

describe('printing the label sheet', () => {
  it('Print labels… sends the sheet to the print dialog: a fresh sheet, then from the cell chosen on the picture by keyboard', async () => {
    const pbx = installWithQrCodes(30)
    const { wrapper } = await mountLabels(pbx)
    await button(wrapper, 'Print labels…').trigger('click')
    await flushPromises()
    expect(pbx.printLabels).toHaveBeenLastCalledWith({ batchId: 'b1', size: 'a4-21' })
    expect(messages()).toContain('Sent 30 labels (2 pages) to the printer.')

    // the picture: one Tab stop (the start), the arrows move it, the used cells are named so
    expect(wrapper.findAll('[role="radio"][tabindex="0"]').map((c) => c.attributes('aria-label'))).toEqual(['Row 1, column 1'])
    await wrapper.find('[aria-label="Row 1, column 1"]').trigger('keydown', { key: 'ArrowDown' })
    await wrapper.find('[aria-label="Row 2, column 1"]').trigger('keydown', { key: 'End' })
    expect(cell('Row 7, column 3')?.getAttribute('aria-checked')).toBe('true')
    await wrapper.find('[aria-label="Row 7, column 3"]').trigger('keydown', { key: 'ArrowUp' })
    await wrapper.find('[aria-label="Row 6, column 3"]').trigger('keydown', { key: 'ArrowLeft' })
    expect(cell('Row 6, column 2')?.getAttribute('aria-checked')).toBe('true')
    expect(document.body.querySelectorAll('[role="radio"][aria-label$=", used"]')).toHaveLength(16)
    expect(wrapper.find('.dect-labels__sheet-text').text()).toBe('30 phones on 3 pages, from row 6, column 2')
    await button(wrapper, 'Print labels…').trigger('click')
    await flushPromises()
    expect(pbx.printLabels).toHaveBeenLastCalledWith({ batchId: 'b1', size: 'a4-21', start: { row: 6, column: 2 } })
  })

  it('refuses a start past the sheet’s end, naming the field, and sends nothing', async () => {
    const pbx = installWithQrCodes(30)
    const { wrapper } = await mountLabels(pbx)
    const column = wrapper.find<HTMLInputElement>('input[id$="-column"]')
    await column.setValue('4')
    await flushPromises()
    expect(wrapper.find('.label-start__problem').text()).toBe("Column: column 4 is past the sheet's end: this stock has 3 columns.")
    expect(column.attributes('aria-invalid')).toBe('true')
    expect(button(wrapper, 'Print labels…').attributes('disabled')).toBeDefined()
    expect(button(wrapper, 'Export PDF').attributes('disabled')).toBeDefined()
    // the roll has one cell: row 1, column 1 alone
    await column.setValue('1')
    await wrapper.findAll('.n-radio').find((r) => r.text().startsWith('Label printer roll'))!.find('input').setValue(true)
    await wrapper.find<HTMLInputElement>('input[id$="-row"]').setValue('2')
    await flushPromises()
    expect(wrapper.find('.label-start__problem').text()).toBe("Row: row 2 is past the sheet's end: this stock has 1 row.")
    expect(pbx.printLabels).not.toHaveBeenCalled()
  })

  it('shows the print dialog’s failure (no printer); the next print clears it, and a cancelled dialog is no error', async () => {
    const pbx = installWithQrCodes(3)
    const { wrapper } = await mountLabels(pbx)
    const reason = 'The labels were not printed: the print dialog said "No printers available". Check that a printer is set up and on.'
    pbx.printLabels.mockImplementation(async () => fail('PRINT_FAILED', reason))
    await button(wrapper, 'Print labels…').trigger('click')
    await flushPromises()
    expect(wrapper.find('[role="alert"]').text()).toContain(reason)
    pbx.printLabels.mockImplementation(async () => ok({ printed: false, labels: 3, pages: 1 }))
    await button(wrapper, 'Print labels…').trigger('click')
    await flushPromises()
    expect(wrapper.find('[role="alert"]').exists()).toBe(false)
    expect(messages()).toContain('Printing cancelled: nothing was sent to the printer.')
  })

  it('prints once when Ctrl+P asked for this batch before the tab showed it', async () => {
    const pbx = installWithQrCodes(3)
    askToPrint('b1')
    await mountLabels(pbx)
    expect(pbx.printLabels).toHaveBeenCalledTimes(1)
    expect(printAsked()).toBeNull()
    await flushPromises()
    expect(pbx.printLabels).toHaveBeenCalledTimes(1)
  })

  it('a reprint holds the chosen rows alone, and goes back to every label', async () => {
    const pbx = installWithQrCodes(30)
    const { wrapper } = await mountLabels(pbx)
    const rowIds = pbx.dect.state.qrCodes.b1!.slice(3, 5).map((code) => code.rowId)
    useQrLabelsStore().chooseOnly('b1', { rowIds, handsetIds: [] })
    await flushPromises()
    expect(wrapper.text()).toContain('Reprint: 2 rows chosen')
    expect(wrapper.findAll('.dect-labels__label').map((label) => label.attributes('data-row-id'))).toEqual(rowIds)
    await button(wrapper, 'Print labels…').trigger('click')
    await flushPromises()
    expect(pbx.printLabels).toHaveBeenLastCalledWith({ batchId: 'b1', size: 'a4-21', only: { rowIds, handsetIds: [] } })
    await button(wrapper, 'Print every label instead').trigger('click')
    await flushPromises()
    expect(wrapper.findAll('.dect-labels__label')).toHaveLength(6)
  })
})
