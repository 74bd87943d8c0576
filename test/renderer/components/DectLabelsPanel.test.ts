import type { OperationOutput } from '@contract/bridge'
import type { BridgeResult } from '@contract/result'
import DectLabelsPanel from '@renderer/components/dect/DectLabelsPanel.vue'
import { flushPromises } from '@vue/test-utils'
import { NButton } from 'naive-ui'
import { describe, expect, it, vi } from 'vitest'
import { defineComponent, h } from 'vue'
import type { Batch } from '@contract/dect'
import type { HandsetRow } from '@contract/dect-handsets'
import { createFakePbx, deferred, fakePushBatch, installFakePbx, installWithQrCodes, ok, type FakePbx } from '../fake-pbx'
import { mountInApp } from '../mount-app'
import { button } from '../wrapper-find'

async function mountLabels(pbx: FakePbx, batch: Batch = fakePushBatch('b1', { rows: 3 })) {
  const Host = defineComponent({ setup: () => () => h(DectLabelsPanel, { batch }) })
  const result = await mountInApp(Host, '/dect')
  await flushPromises()
  return { ...result, pbx }
}



function catchDownloads() {
  const createObjectURL = vi.fn(() => 'blob:file')
  Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() })
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined)
  return {
    link: (n = 0) => click.mock.contexts[n] as HTMLAnchorElement | undefined,
    blob: (n = 0) => (createObjectURL.mock.calls[n] as unknown as [Blob])[0],
  }
}

describe('DectLabelsPanel', () => {
  it('offers the four label sizes in words and previews the first labels: QR code, name, MAC, extension', async () => {
    const { wrapper } = await mountLabels(installWithQrCodes(30))

    expect(wrapper.find('section[aria-label="Labels"]').exists()).toBe(true)
    const group = wrapper.find('[role="radiogroup"]')
    expect(document.getElementById(group.attributes('aria-labelledby')!)?.textContent).toBe('Label size')
    expect(wrapper.findAll('.n-radio').map((radio) => radio.text())).toEqual([
      'A4, 21 labels (63.5 × 38.1 mm)',
      'A4, 14 labels (99.1 × 38.1 mm)',
      'US Letter, 30 labels (66.7 × 25.4 mm)',
      'Label printer roll, 89 × 36 mm',
    ])
    const labels = wrapper.findAll('.dect-labels__label')
    expect(labels).toHaveLength(6)
    expect(labels[0]!.find('.dect-labels__qr svg').exists()).toBe(true)
    expect(labels[0]!.text()).toContain('Handset 1')
    expect(labels[0]!.text()).toContain('00:15:65:00:00:01')
    expect(labels[0]!.text()).toContain('Ext. 101')
    expect(wrapper.find('iframe').exists()).toBe(false)
  })

  it('previews the handsets on the PBX after the bases, with the lines the sheet prints: extension, name, IPUI, IPEI, base and index', async () => {
    const batch = fakePushBatch('b1', { rows: 2, done: 2 })
    const handset = (row: number, ipui: string, outcome: HandsetRow['outcome']): HandsetRow => ({
      id: `h${row}`,
      row,
      values: { ipui, extension: String(1100 + row), name: `Desk ${row}` },
      problems: [],
      outcome,
    })
    batch.handsets = [
      handset(1, '00092263DD', { state: 'enrolled', baseMac: batch.rows[1]!.values.mac!, handsetIndex: 1 }),
      handset(2, '00092263DF', { state: 'pending' }),
      handset(3, '00092263D5', { state: 'matched', baseMac: batch.rows[0]!.values.mac!, handsetIndex: 2 }),
    ]
    const { wrapper } = await mountLabels(installWithQrCodes(2), batch)

    const headings = wrapper.findAll('h3').map((heading) => heading.text())
    expect(headings).toContain('Handset labels: 2')
    const labels = wrapper.findAll('.dect-labels__label--handset').map((label) => label.findAll('span, strong').map((line) => line.text()))
    // by base in the batch's order (Handset 1's base first), the pending handset left out
    expect(labels).toEqual([
      ['Ext. 1103', 'Desk 3', 'IPUI 00092263D5', 'IPEI 00146 0156629 *', 'Base Handset 1 · handset 2'],
      ['Ext. 1101', 'Desk 1', 'IPUI 00092263DD', 'IPEI 00146 0156637 8', 'Base Handset 2 · handset 1'],
    ])
  })

  it('shows no handset labels while no handset is on the PBX', async () => {
    const { wrapper } = await mountLabels(installWithQrCodes(2))
    expect(wrapper.find('.dect-labels__label--handset').exists()).toBe(false)
    expect(wrapper.text()).not.toContain('Handset labels')
  })

  it('exports the PDF in the size chosen, busy meanwhile, as a download', async () => {
    const pbx = installWithQrCodes(30)
    const answer = deferred<BridgeResult<OperationOutput<'exportLabelsPdf'>>>()
    const exportLabelsPdf = pbx.exportLabelsPdf.getMockImplementation()!
    pbx.exportLabelsPdf.mockImplementation(async (input) => {
      await answer.promise
      return exportLabelsPdf(input)
    })
    const { wrapper } = await mountLabels(pbx)
    const downloads = catchDownloads()

    const letter = wrapper.findAll('.n-radio').find((radio) => radio.text().startsWith('US Letter'))!
    await letter.find('input').setValue(true)
    await flushPromises()
    await button(wrapper, 'Export PDF').trigger('click')
    expect(button(wrapper, 'Export PDF').find('.n-base-loading').exists()).toBe(true)
    answer.resolve(ok({ fileName: 'unused', base64: '', labels: 0, pages: 0, warnings: [] }))
    await flushPromises()

    expect(pbx.exportLabelsPdf).toHaveBeenCalledWith({ batchId: 'b1', size: 'letter-30' })
    expect(downloads.link()?.download).toBe('b1-labels-letter-30.pdf')
    const blob = downloads.blob()
    expect(blob.type).toBe('application/pdf')
    expect(await blob.text()).toBe('%PDF-1.7 labels letter-30')
    expect(wrapper.findAllComponents(NButton).find((b) => b.text() === 'Export PDF')!.props('loading')).toBe(false)
    // 30 labels on US Letter's 30 a page
    expect(document.body.querySelector('.n-message__content')?.textContent).toBe(
      'Exported the labels of 30 phones (1 page) in b1-labels-letter-30.pdf: print it at 100\u00a0% ("actual size") for the labels to meet the stock.',
    )
    expect(wrapper.find('.n-alert').exists()).toBe(false)
  })

  it('lists what the PDF warns of: characters its font lacks, by row', async () => {
    const pbx = installWithQrCodes(2)
    const warning = "Row 2, Name: U+4E2D (letter) at position 9 is not in the labels' font: it prints as an empty box."
    pbx.exportLabelsPdf.mockResolvedValueOnce(ok({ fileName: 'b1-labels-a4-21.pdf', base64: btoa('%PDF-'), labels: 2, pages: 1, warnings: [warning] }))
    const { wrapper } = await mountLabels(pbx)
    catchDownloads()
    await button(wrapper, 'Export PDF').trigger('click')
    await flushPromises()
    const alert = wrapper.find('.n-alert')
    expect(alert.text()).toContain('Some labels of the PDF show empty boxes')
    expect(alert.findAll('li').map((li) => li.text())).toEqual([warning])
  })

  it('exports the results as CSV', async () => {
    const pbx = installWithQrCodes(3)
    const { wrapper } = await mountLabels(pbx)
    const downloads = catchDownloads()

    await button(wrapper, 'Export results (CSV)').trigger('click')
    await flushPromises()

    expect(pbx.exportResultsCsv).toHaveBeenCalledWith({ batchId: 'b1' })
    expect(downloads.link()?.download).toBe('b1-results.csv')
    expect((await downloads.blob().text()).split('\n')[1]).toBe('base,1,001565000001,Handset 1,,ph-1,https://pbx.acme.example/provisioning/001565000001.xml,done,created,,,,')
  })

  it('says to push the batch first when there is nothing to label, and offers no PDF', async () => {
    const { wrapper } = await mountLabels(installFakePbx(createFakePbx()))

    expect(wrapper.text()).toContain('Push the batch first')
    expect(button(wrapper, 'Export PDF').attributes('disabled')).toBeDefined()
  })
})
