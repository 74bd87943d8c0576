import './virtual-layout'
import DectBatchDefaultsForm from '@renderer/components/dect/DectBatchDefaultsForm.vue'
import DectColumnMapping from '@renderer/components/dect/DectColumnMapping.vue'
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import { NSelect } from 'naive-ui'
import { describe, expect, it } from 'vitest'
import { RouterView } from 'vue-router'
import { dropFile } from '../drop-file'
import { createFakePbx, installFakePbx } from '../fake-pbx'
import { mountInApp } from '../mount-app'

const CSV = 'Name;MAC;Durchwahl;Modell\nReception;00:15:65:AA:BB:CC;100;W70B\nKitchen;00:15:65;101;W70B\n'

async function mountWizard() {
  const pbx = installFakePbx(createFakePbx())
  const result = await mountInApp(RouterView, '/dect/batches/new')
  await flushPromises()
  return { ...result, pbx }
}

/** Drops `file` on the first step. */
const drop = (wrapper: VueWrapper, file: File) => dropFile(wrapper.find('.dect-new__step--file').element, file)

const button = (wrapper: VueWrapper, text: string) => {
  const found = wrapper.findAll('button').find((b) => b.text() === text)
  if (!found) throw new Error(`no button "${text}"`)
  return found
}
/** the mapping step's select of a column */
const columnSelect = (wrapper: VueWrapper, header: string) =>
  wrapper.findComponent(DectColumnMapping).findAllComponents(NSelect).find((select) => select.attributes('data-column') === header)!

describe('a new batch from a spreadsheet', () => {
  it('drop → guessed mapping → a field chosen twice refused → defaults → create → the new batch', async () => {
    const { wrapper, router, pbx } = await mountWizard()

    await drop(wrapper, new File([CSV], 'handsets.csv', { type: 'text/csv' }))
    expect(pbx.previewCsv).toHaveBeenCalledWith({ fileName: 'handsets.csv', base64: Buffer.from(CSV).toString('base64') })

    // step 2: the guesses, a line a column with its first rows
    expect(wrapper.findAll('.dect-mapping__table tbody th').map((th) => th.text())).toEqual(['Name', 'MAC', 'Durchwahl', 'Modell'])
    expect(['Name', 'MAC', 'Durchwahl', 'Modell'].map((header) => columnSelect(wrapper, header).props('value'))).toEqual([
      'name',
      'mac',
      'extension',
      'ignore',
    ])
    expect(wrapper.findAll('.dect-mapping__table tbody tr')[1]!.text()).toContain('00:15:65:AA:BB:CC')
    expect(columnSelect(wrapper, 'MAC').find('input').attributes('aria-label')).toBe('Field for column MAC')

    columnSelect(wrapper, 'Modell').vm.$emit('update:value', 'name')
    await flushPromises()
    expect(wrapper.find('.dect-mapping__repeated').text()).toContain('Name is chosen for 2 columns: Name, Modell')
    expect(button(wrapper, 'Next').attributes('disabled')).toBeDefined()

    columnSelect(wrapper, 'Modell').vm.$emit('update:value', 'model')
    await flushPromises()
    expect(wrapper.find('.dect-mapping__repeated').exists()).toBe(false)
    await button(wrapper, 'Next').trigger('click')
    await flushPromises()

    // step 3: the name (the file's) and the defaults
    const name = wrapper.findAll('label').find((label) => label.text() === 'Batch name')!
    expect(wrapper.find<HTMLInputElement>(`#${CSS.escape(name.attributes('for')!)}`).element.value).toBe('handsets')
    const vendor = wrapper.findComponent(DectBatchDefaultsForm).findAllComponents(NSelect).find((select) => select.find('input[aria-label="Vendor"]').exists())!
    vendor.vm.$emit('update:value', 'Yealink')
    await flushPromises()
    await button(wrapper, 'Create batch').trigger('click')
    await flushPromises()

    expect(pbx.createBatchFromCsv).toHaveBeenCalledWith({
      name: 'handsets',
      fileName: 'handsets.csv',
      base64: Buffer.from(CSV).toString('base64'),
      mapping: { Name: 'name', MAC: 'mac', Durchwahl: 'extension', Modell: 'model' },
      defaults: { vendor: 'Yealink' },
    })
    expect(router.currentRoute.value.path).toMatch(/^\/dect\/batches\/b-new-\d+$/)
    expect(wrapper.find('h2').text()).toBe('handsets')
    const rows = wrapper.findAll('tr[data-row-id]')
    expect(rows).toHaveLength(2)
    expect(rows[0]!.text()).toContain('Yealink')
    expect(rows[1]!.text()).toContain('MAC 00:15:65 has 6 of 12 hex digits')
  })

  it('Enter in the name creates the batch, and its first row with errors takes the focus (issue 40)', async () => {
    const { wrapper, router, pbx } = await mountWizard()
    await drop(wrapper, new File([CSV], 'handsets.csv', { type: 'text/csv' }))
    await button(wrapper, 'Next').trigger('click')
    await flushPromises()

    const label = wrapper.findAll('label').find((found) => found.text() === 'Batch name')!
    await wrapper.find(`#${CSS.escape(label.attributes('for')!)}`).trigger('keydown', { key: 'Enter' })
    await flushPromises()

    expect(pbx.createBatchFromCsv).toHaveBeenCalledTimes(1)
    expect(router.currentRoute.value.path).toMatch(/^\/dect\/batches\/b-new-\d+$/)
    // row 2's MAC is cut short: fixing it is the next step
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Select row 2')
  })

  it('each step opens with the focus where it goes on: the columns\' Next, then the batch name (issue 40)', async () => {
    const { wrapper } = await mountWizard()
    await drop(wrapper, new File([CSV], 'handsets.csv', { type: 'text/csv' }))
    await flushPromises()
    expect(document.activeElement).toBe(button(wrapper, 'Next').element)
    await button(wrapper, 'Next').trigger('click')
    await flushPromises()
    const label = wrapper.findAll('label').find((found) => found.text() === 'Batch name')!
    expect(document.activeElement?.id).toBe(label.attributes('for'))
    // the file's name, proposed and selected: what is typed replaces it
    const name = document.activeElement as HTMLInputElement
    expect(name.value).toBe('handsets')
    expect([name.selectionStart, name.selectionEnd]).toEqual([0, 'handsets'.length])
    // Back to the columns: the focus on Next again
    await button(wrapper, 'Back').trigger('click')
    await flushPromises()
    expect(document.activeElement).toBe(button(wrapper, 'Next').element)
  })

  it("sends a dropped or picked file's bytes as they are, for main to read the encoding (Windows-1252 here), and shows it", async () => {
    const { wrapper, pbx } = await mountWizard()
    // what Excel on Western Windows saves: ü is the one byte FC, which is not UTF-8
    const bytes = Buffer.from('Name;MAC\r\nBüro Jürgen;00:15:65:AA:BB:CC\r\n', 'latin1')
    expect(bytes.includes(0xfc)).toBe(true)
    const base64 = bytes.toString('base64')

    await drop(wrapper, new File([bytes], 'office.csv', { type: 'text/csv' }))
    expect(pbx.previewCsv).toHaveBeenCalledWith({ fileName: 'office.csv', base64 })
    expect(wrapper.find('.dect-mapping__table tbody').text()).toContain('Büro Jürgen')
    expect(wrapper.find('.dect-mapping__table tbody').text()).not.toContain('\uFFFD')
    expect(wrapper.find('.dect-mapping__summary').text()).toContain('read as Windows-1252')

    // the file dialog: the same bytes, the same way
    await button(wrapper, 'Back').trigger('click')
    await flushPromises()
    const input = wrapper.find('input[type="file"]')
    Object.defineProperty(input.element, 'files', { value: [new File([bytes], 'office-2.csv')], configurable: true })
    await input.trigger('change')
    await flushPromises()
    expect(pbx.previewCsv).toHaveBeenLastCalledWith({ fileName: 'office-2.csv', base64 })
  })

  it('shows the warnings main found in the file (U+FFFD), naming the rows, above the columns', async () => {
    const wrapper = mount(DectColumnMapping, {
      props: {
        preview: {
          fileName: 'old.csv',
          encoding: 'utf-16le',
          warnings: ["row 2, Name: contains \uFFFD (U+FFFD): the file's encoding was not recognised; check the Name"],
          headers: ['Name', 'MAC'],
          hasHeader: true,
          delimiter: ';',
          records: [['Empfang', '001565AABB01'], ['B\uFFFDro', '001565AABB02']],
          mapping: { Name: 'name', MAC: 'mac' },
          rowCount: 2,
        },
        mapping: { Name: 'name', MAC: 'mac' },
      },
    })
    expect(wrapper.find('.dect-mapping__summary').text()).toContain('read as UTF-16 LE')
    expect(wrapper.find('.dect-mapping__warnings').text()).toContain("row 2, Name: contains \uFFFD (U+FFFD): the file's encoding was not recognised; check the Name")
  })

  it('says why main refused a file, on the first step', async () => {
    const { wrapper, pbx } = await mountWizard()

    await drop(wrapper, new File(['   \n'], 'empty.csv', { type: 'text/csv' }))

    expect(pbx.previewCsv).toHaveBeenCalled()
    const alert = wrapper.find('.dect-new__file-error')
    expect(alert.text()).toContain('This file cannot be used')
    expect(alert.text()).toContain('The file is empty')
    expect(wrapper.find('.dect-csv-drop').exists()).toBe(true)
  })

  it('refuses a file over 20 MB, and a file that is not text, before sending anything', async () => {
    const { wrapper, pbx } = await mountWizard()
    const big = new File(['Name;MAC\n'], 'huge.csv', { type: 'text/csv' })
    Object.defineProperty(big, 'size', { value: 21 * 1024 * 1024 })

    await drop(wrapper, big)
    expect(wrapper.find('.dect-new__file-error').text()).toContain('huge.csv is 21.0 MB: a batch takes at most 20 MB')

    const input = wrapper.find('input[type="file"]')
    expect(input.attributes('accept')).toContain('.csv')
    Object.defineProperty(input.element, 'files', { value: [new File(['x'], 'handsets.xlsx')], configurable: true })
    await input.trigger('change')
    await flushPromises()
    expect(wrapper.find('.dect-new__file-error').text()).toContain('handsets.xlsx is not a spreadsheet saved as text')
    expect(pbx.previewCsv).not.toHaveBeenCalled()
  })
})
