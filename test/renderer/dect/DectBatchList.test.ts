import type { Batch } from '@contract/dect'
import { flushPromises, type VueWrapper } from '@vue/test-utils'
import { describe, expect, it, vi } from 'vitest'
import { RouterView } from 'vue-router'
import { dropFile } from '../drop-file'
import { sampleBatch, sampleRow } from '../fake-batches'
import { acmeProfile, createFakePbx, installFakePbx } from '../fake-pbx'
import { mountInApp } from '../mount-app'

const mac = (n: number) => `001565${n.toString(16).toUpperCase().padStart(6, '0')}`
const MAC_ERROR = { field: 'mac', message: 'MAC is missing', severity: 'error' as const }

/** 150 rows, 3 with errors, 120 created, 2 failed; pushed to Acme, partly failed. */
function hospital(): Batch {
  const rows = Array.from({ length: 150 }, (_, i) => {
    const row = sampleRow(i + 1, { name: `Handset ${i + 1}`, mac: mac(i + 1) }, i < 3 ? [MAC_ERROR] : [])
    if (i >= 3 && i < 123) row.outcome = { state: 'created', phoneId: `ph-${i}` }
    if (i >= 123 && i < 125) row.outcome = { state: 'failed', error: 'The PBX refused the phone (400)' }
    return row
  })
  return sampleBatch({ id: 'b-hospital', name: 'St. Mary hospital', status: 'partly_failed', targetProfileId: acmeProfile.id, rows, updatedAt: '2025-03-02T08:00:00.000Z' })
}
const office = () => sampleBatch({ id: 'b-office', name: 'Office floor 2', source: 'scanned', rows: [sampleRow(1, { name: 'Handset 1', mac: mac(900) })] })

async function mountList(batches: Batch[] = [hospital(), office()]) {
  const pbx = installFakePbx(createFakePbx({}, { batches: { batches, lastMapping: {}, pbxMacs: {} } }))
  const result = await mountInApp(RouterView, '/dect')
  await flushPromises()
  return { ...result, pbx }
}

const rows = (wrapper: VueWrapper) => wrapper.findAll('tr[data-batch-id]')
const cells = (wrapper: VueWrapper, index: number) => rows(wrapper)[index]!.findAll('td').map((td) => td.text())
const button = (wrapper: VueWrapper, name: string) => {
  const found = wrapper.findAll('button').find((b) => b.attributes('aria-label') === name || b.text() === name)
  if (!found) throw new Error(`no button "${name}"`)
  return found
}
/** picks an action of a row's "More" menu, as a click on the button, then one on the item */
async function fromMenu(wrapper: VueWrapper, batchName: string, text: string): Promise<void> {
  await button(wrapper, `More actions for ${batchName}`).trigger('click')
  await flushPromises()
  const item = Array.from(document.body.querySelectorAll<HTMLElement>('[role="menu"] [role="menuitem"]')).find((node) => node.textContent?.trim() === text)
  if (!item) throw new Error(`no menu item "${text}"`)
  item.querySelector<HTMLElement>('.n-dropdown-option-body')!.click()
  await flushPromises()
}
const bodyButton = (text: string) => Array.from(document.body.querySelectorAll('button')).findLast((b) => b.textContent?.trim() === text)!

describe('the batches list', () => {
  it('is open with no PBX: lists each batch with its status in words, counts and target PBX', async () => {
    const { wrapper } = await mountList()

    expect(wrapper.findAll('.n-tabs-tab').map((tab) => tab.text())).toEqual(['Batches', 'Phones on the PBX'])
    expect(rows(wrapper)).toHaveLength(2)
    const [name, source, status, counts, target] = cells(wrapper, 0)
    expect(name).toBe('St. Mary hospital')
    expect(source).toBe('handsets.csv')
    expect(status).toBe('Partly failed')
    expect(counts).toBe('120 of 150 bases sent, 2 failed, 3 not sent (errors), 25 ready to push')
    expect(target).toBe('Acme HQ')
    expect(cells(wrapper, 1).slice(1, 5)).toEqual(['scanned on site', 'Draft', '0 of 1 base sent, 1 ready to push', 'not chosen'])
  })

  it('says where each stands in words: "Done" only with every row on the PBX, "Failed" when none got there', async () => {
    const row = (n: number, state: 'pending' | 'created' | 'failed', problems: (typeof MAC_ERROR)[] = []) => {
      const made = sampleRow(n, { name: `Handset ${n}`, mac: mac(n) }, problems)
      if (state !== 'pending') made.outcome = state === 'created' ? { state, phoneId: `ph-${n}` } : { state, error: 'refused' }
      return made
    }
    const batches: Batch[] = [
      sampleBatch({ id: 'b-0', name: 'Batch draft', status: 'draft', rows: [row(1, 'pending')] }),
      sampleBatch({ id: 'b-1', name: 'Batch pushing', status: 'pushing', rows: [row(1, 'created'), row(2, 'pending')] }),
      sampleBatch({ id: 'b-2', name: 'Batch paused', status: 'paused', rows: [row(1, 'created'), row(2, 'pending')] }),
      sampleBatch({ id: 'b-3', name: 'Batch done', status: 'done', rows: [row(1, 'created')] }),
      sampleBatch({ id: 'b-4', name: 'Batch partly failed', status: 'partly_failed', rows: [row(1, 'created'), row(2, 'failed')] }),
      // a push that "finished" with a row left out by its error is not done
      sampleBatch({ id: 'b-5', name: 'Batch incomplete', status: 'done', rows: [row(1, 'created'), row(2, 'pending', [MAC_ERROR])] }),
      sampleBatch({ id: 'b-6', name: 'Batch failed', status: 'partly_failed', rows: [row(1, 'failed'), row(2, 'failed')] }),
    ]
    const { wrapper } = await mountList(batches)

    expect(wrapper.findAll('.dect-batches__status').map((tag) => tag.text())).toEqual(['Draft', 'Pushing', 'Paused', 'Done', 'Partly failed', 'Incomplete', 'Failed'])
  })

  it('"Columns" hides the source, target or last change, and the next visit keeps the choice', async () => {
    const { wrapper } = await mountList()
    const headers = () => wrapper.findAll('th').map((th) => th.text())
    expect(headers()).toEqual(['Name', 'Source', 'Status', 'On the PBX', 'Target PBX', 'Last change', 'Actions'])
    await button(wrapper, 'Columns').trigger('click')
    await flushPromises()
    const panel = wrapper.find('[role="group"][aria-label="Columns to show"]')
    expect(panel.findAll('.n-checkbox').map((box) => box.text())).toEqual(['Source', 'Target PBX', 'Last change'])
    await panel.findAll('.n-checkbox')[0]!.trigger('click')
    await panel.findAll('.n-checkbox')[2]!.trigger('click')
    await flushPromises()
    expect(headers()).toEqual(['Name', 'Status', 'On the PBX', 'Target PBX', 'Actions'])
    // hidden is hidden: not folded under the name either
    expect(cells(wrapper, 0)[0]).toBe('St. Mary hospital')

    wrapper.unmount()
    const again = await mountList()
    expect(again.wrapper.findAll('th').map((th) => th.text())).toEqual(['Name', 'Status', 'On the PBX', 'Target PBX', 'Actions'])
  })

  it('searches by name', async () => {
    const { wrapper } = await mountList()

    await wrapper.find('input[type="search"]').setValue('office')
    expect(rows(wrapper).map((row) => row.attributes('data-batch-id'))).toEqual(['b-office'])
    expect(wrapper.find('.dect-batches__count').text()).toBe('1 of 2 shown')
  })

  it('deletes a batch only once the user confirms', async () => {
    const { wrapper, pbx } = await mountList()

    await fromMenu(wrapper, 'Office floor 2', 'Delete')
    expect(document.body.textContent).toContain('Delete Office floor 2?')
    bodyButton('Cancel').click()
    await flushPromises()
    expect(pbx.deleteBatch).not.toHaveBeenCalled()

    await fromMenu(wrapper, 'Office floor 2', 'Delete')
    bodyButton('Delete').click()
    await flushPromises()
    expect(pbx.deleteBatch).toHaveBeenCalledWith({ batchId: 'b-office' })
    expect(rows(wrapper).map((row) => row.attributes('data-batch-id'))).toEqual(['b-hospital'])
  })

  it('exports a batch as a download of the file main named', async () => {
    const { wrapper, pbx } = await mountList()
    const createObjectURL = vi.fn(() => 'blob:batch')
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() })
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined)

    await fromMenu(wrapper, 'Office floor 2', 'Export')

    expect(pbx.exportBatch).toHaveBeenCalledWith({ batchId: 'b-office' })
    const clicked = click.mock.contexts.at(-1) as HTMLAnchorElement
    expect(clicked.download).toBe('Office-floor-2.batch.json')
    expect(clicked.href).toBe('blob:batch')
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0]
    expect(JSON.parse(await blob.text()).name).toBe('Office floor 2')
  })

  it('renames and duplicates a batch', async () => {
    const { wrapper, pbx } = await mountList()

    await fromMenu(wrapper, 'Office floor 2', 'Rename')
    const input = document.body.querySelector<HTMLInputElement>('.n-dialog input')!
    expect(input.value).toBe('Office floor 2')
    input.value = 'Office floor 3'
    input.dispatchEvent(new Event('input'))
    bodyButton('Save').click()
    await flushPromises()
    expect(pbx.updateBatch).toHaveBeenCalledWith({ batchId: 'b-office', name: 'Office floor 3' })
    expect(cells(wrapper, 1)[0]).toBe('Office floor 3')

    await fromMenu(wrapper, 'Office floor 3', 'Duplicate')
    expect(pbx.duplicateBatch).toHaveBeenCalledWith({ batchId: 'b-office' })
    expect(rows(wrapper).map((row) => row.find('td').text())).toContain('Office floor 3 (copy)')
  })

  it('keeps Open as a button and puts the rest of a row\'s actions in its "More" menu', async () => {
    const { wrapper } = await mountList()

    const names = rows(wrapper)[1]!.findAll('button').map((b) => b.attributes('aria-label'))
    expect(names).toEqual(['Open Office floor 2', 'More actions for Office floor 2'])
    const more = button(wrapper, 'More actions for Office floor 2')
    expect(more.attributes('aria-haspopup')).toBe('menu')
    expect(more.attributes('aria-expanded')).toBe('false')

    await more.trigger('click')
    await flushPromises()
    expect(more.attributes('aria-expanded')).toBe('true')
    const menu = document.body.querySelector('[role="menu"]')!
    expect(menu.getAttribute('aria-label')).toBe('More actions for Office floor 2')
    expect(more.attributes('aria-controls')).toBe(menu.id)
    expect(Array.from(menu.querySelectorAll('[role="menuitem"]')).map((item) => item.textContent?.trim())).toEqual(['Rename', 'Duplicate', 'Export', 'Delete'])
  })

  it('the "More" menu from the keyboard: arrows move, Enter picks, Escape and Tab close, the focus stays on the button', async () => {
    const { wrapper, pbx } = await mountList()
    const more = button(wrapper, 'More actions for Office floor 2')
    const key = async (name: string) => {
      more.element.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true }))
      await flushPromises()
    }
    const menuShown = () => document.body.querySelector('[role="menu"]') !== null
    // Enter and Space on a button click it
    const open = async () => {
      await more.trigger('click')
      await flushPromises()
      expect(menuShown()).toBe(true)
    }
    ;(more.element as HTMLElement).focus()

    await open()
    await key('Escape')
    expect(more.attributes('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(more.element)

    await open()
    await key('Tab')
    expect(more.attributes('aria-expanded')).toBe('false')

    await open()
    await key('ArrowDown')
    await key('ArrowDown')
    expect(document.body.querySelector('.n-dropdown-option-body--pending')?.textContent?.trim()).toBe('Duplicate')
    await key('Enter')
    expect(pbx.duplicateBatch).toHaveBeenCalledWith({ batchId: 'b-office' })
    expect(more.attributes('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(more.element)
  })

  it('imports a batch file chosen with the button, and refuses a file that is neither a batch nor a spreadsheet', async () => {
    const { wrapper, pbx } = await mountList([])
    const exported = JSON.stringify(office())
    const input = wrapper.find('input[type="file"]')
    expect(input.attributes('accept')).toContain('.json')

    Object.defineProperty(input.element, 'files', { value: [new File(['%PDF-1.7'], 'labels.pdf')], configurable: true })
    await input.trigger('change')
    await flushPromises()
    expect(wrapper.find('.dect-batches__action-error').text()).toContain('labels.pdf is neither a batch file (.json, exported from PBX Provisioner) nor a spreadsheet')
    expect(pbx.importBatch).not.toHaveBeenCalled()

    Object.defineProperty(input.element, 'files', { value: [new File([exported], 'office.batch.json')], configurable: true })
    await input.trigger('change')
    await flushPromises()
    expect(pbx.importBatch).toHaveBeenCalledWith({ json: exported })
    expect(rows(wrapper).map((row) => row.find('td').text())).toEqual(['Office floor 2'])
  })

  it('a spreadsheet dropped on the list opens the new-batch wizard at its mapping', async () => {
    const { wrapper, router, pbx } = await mountList()
    const text = 'MAC;Name\n00:15:65:AA:BB:CC;Reception\n'
    await dropFile(wrapper.find('.dect-batches').element, new File([text], 'site.csv', { type: 'text/csv' }))

    expect(router.currentRoute.value.path).toBe('/dect/batches/new')
    expect(pbx.previewCsv).toHaveBeenCalledWith({ fileName: 'site.csv', base64: Buffer.from(text).toString('base64') })
    expect(pbx.importBatch).not.toHaveBeenCalled()
    expect(wrapper.findAll('.dect-mapping__table tbody th').map((th) => th.text())).toEqual(['MAC', 'Name'])
  })

  it('"New batch by scanning" creates an empty batch and opens it in scan mode, asking the bases\' model first', async () => {
    const { wrapper, router, pbx } = await mountList([])

    await button(wrapper, 'New batch by scanning').trigger('click')
    await flushPromises()

    expect(pbx.createEmptyBatch).toHaveBeenCalledWith({ name: expect.stringMatching(/^Scanned /), defaults: {} })
    expect(router.currentRoute.value.path).toMatch(/^\/dect\/batches\/b-new-\d+$/)
    expect(router.currentRoute.value.query.scan).toBe('1')
    expect(wrapper.find('.dect-scan').exists()).toBe(true)
    // its defaults name no model: scan mode asks it before the first scan
    expect(wrapper.find('.dect-scan__ask').text()).toContain('Before the first scan: which bases?')
  })
})
