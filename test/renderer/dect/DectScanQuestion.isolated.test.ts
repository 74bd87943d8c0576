import './virtual-layout'
import type { BatchDefaults } from '@contract/dect'
import type { DectModel } from '@contract/pbx'
import { resetBeep } from '@renderer/lib/beep'
import { flushPromises, type VueWrapper } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { RouterView } from 'vue-router'
import { sampleBatch } from '../fake-batches'
import { createFakePbx, installFakePbx, ok } from '../fake-pbx'
import { mountInApp } from '../mount-app'

// Scan mode for bases asks the bases' model first (into the batch defaults), a name pattern and
// the first extension; Alt+digit changes the model mid-scan, the scan field keeping the focus.

const MODELS: DectModel[] = [
  { filename: 'yealink_w70b.xml', model: 'W70B', lines: 10, display_name: 'Yealink W70B' },
  { filename: 'yealink_w80b.xml', model: 'W80B', lines: 100, display_name: 'Yealink W80B' },
  { filename: 'snom_m400.xml', model: 'M400', lines: 20, display_name: 'Snom M400' },
]
const REMEMBERED = 'pbx-provisioner.scan-base-model'

beforeEach(() => {
  localStorage.clear()
  resetBeep()
  // no sound in jsdom: the beep is tested in DectScanPanel.isolated.test.ts
  Reflect.deleteProperty(window, 'AudioContext')
})
afterEach(() => localStorage.clear())

async function mountScan(defaults: BatchDefaults = {}, models: DectModel[] | null = MODELS, source: 'pbx' | 'remembered' = 'pbx') {
  const batch = sampleBatch({ id: 'b-scan', name: 'Scanned on site', source: 'scanned', defaults })
  const listDectModels = async () =>
    ok(models ? { source, supported: true, models, fetchedAt: '2026-11-30T08:00:00.000Z' } : { source: 'none' as const, supported: true, models: [] })
  const pbx = installFakePbx(createFakePbx({ listDectModels }, { batches: { batches: [batch], lastMapping: {}, pbxMacs: {} } }))
  const result = await mountInApp(RouterView, '/dect/batches/b-scan?scan=1')
  await flushPromises()
  return { ...result, pbx }
}

const byLabel = (text: string): HTMLInputElement | null => {
  const label = Array.from(document.querySelectorAll('label')).find((l) => l.textContent?.trim().startsWith(text))
  return label ? (document.getElementById(label.htmlFor) as HTMLInputElement | null) : null
}
const field = (wrapper: VueWrapper, text: string) => wrapper.find<HTMLInputElement>(`#${CSS.escape(byLabel(text)!.id)}`)

async function press(wrapper: VueWrapper, text: string, key: string, more: KeyboardEventInit = {}): Promise<void> {
  await field(wrapper, text).trigger('keydown', { key, ...more })
  await flushPromises()
}
async function scan(wrapper: VueWrapper, mac: string): Promise<void> {
  await field(wrapper, 'Scan a MAC').setValue(mac)
  await press(wrapper, 'Scan a MAC', 'Enter')
}
const line = (wrapper: VueWrapper) => wrapper.find('.dect-scan__line').text()

describe('scan mode asks the bases first', () => {
  it('focuses the model, offers the one last used with this PBX; Enter puts it in the batch defaults and focuses the scan field', async () => {
    localStorage.setItem(REMEMBERED, JSON.stringify({ '': { vendor: 'Snom', model: 'M400', template: 'snom_m400.xml' } }))
    const { wrapper, pbx } = await mountScan()

    expect(byLabel('Scan a MAC')).toBeNull()
    expect(wrapper.find('form[aria-labelledby]').text()).toContain('Before the first scan: which bases?')
    expect(document.activeElement).toBe(byLabel('Base model'))
    expect(wrapper.find('.dect-scan__ask').text()).toContain('Snom M400')
    expect(wrapper.find('.dect-scan__hint').text()).toContain('Alt+1 … Alt+3 change the model')

    await field(wrapper, 'Name pattern').setValue('Floor {n} base')
    await field(wrapper, 'First extension').setValue('1101')
    await press(wrapper, 'First extension', 'Enter')

    expect(pbx.updateBatch).toHaveBeenCalledWith({ batchId: 'b-scan', defaults: { vendor: 'Snom', model: 'M400', template: 'snom_m400.xml' } })
    expect(document.activeElement).toBe(byLabel('Scan a MAC'))
    expect(wrapper.find('.dect-scan__next').text()).toBe('Next bases: Snom M400')

    await scan(wrapper, '001565AABB01')
    await scan(wrapper, '001565AABB02')
    // the defaults hold the model: the scans do not send it again
    expect(pbx.scanMac).toHaveBeenLastCalledWith({ batchId: 'b-scan', mac: '001565AABB02', namePattern: 'Floor {n} base', extensionStart: '1101' })
    expect(line(wrapper)).toBe('✓ Floor 2 base — 00:15:65:AA:BB:02, extension 1102')
    expect(pbx.state.batches.batches[0]!.rows.map((row) => [row.values.name, row.values.extension, row.values.model])).toEqual([
      ['Floor 1 base', '1101', 'M400'],
      ['Floor 2 base', '1102', 'M400'],
    ])
  })

  it('does not start without a model: says so and keeps the focus on the choice', async () => {
    const { wrapper, pbx } = await mountScan()

    await press(wrapper, 'Name pattern', 'Enter')

    expect(wrapper.find('[role="alert"]').text()).toMatch(/^Choose the bases' model first/)
    expect(document.activeElement).toBe(byLabel('Base model'))
    expect(pbx.updateBatch).not.toHaveBeenCalled()
    expect(byLabel('Scan a MAC')).toBeNull()
  })

  it('refuses a first extension that is not digits, naming it', async () => {
    localStorage.setItem(REMEMBERED, JSON.stringify({ '': { vendor: 'Yealink', model: 'W80B' } }))
    const { wrapper, pbx } = await mountScan()

    await field(wrapper, 'First extension').setValue('11a')
    await press(wrapper, 'First extension', 'Enter')

    expect(wrapper.find('[role="alert"]').text()).toBe('The first extension: the first extension is digits only (e.g. 1101).')
    expect(pbx.updateBatch).not.toHaveBeenCalled()
  })

  it('with no list of models, asks vendor and model typed', async () => {
    const { wrapper, pbx } = await mountScan({}, null)

    expect(document.activeElement).toBe(byLabel('Vendor'))
    await field(wrapper, 'Vendor').setValue('Gigaset')
    await field(wrapper, 'Model').setValue('N870')
    await press(wrapper, 'Model', 'Enter')

    expect(pbx.updateBatch).toHaveBeenCalledWith({ batchId: 'b-scan', defaults: { vendor: 'Gigaset', model: 'N870' } })
    expect(document.activeElement).toBe(byLabel('Scan a MAC'))
    expect(JSON.parse(localStorage.getItem(REMEMBERED)!)).toEqual({ '': { vendor: 'Gigaset', model: 'N870' } })
  })

  it('offline, offers the models remembered from the last PBX that listed them, and says so', async () => {
    const { wrapper } = await mountScan({}, MODELS, 'remembered')

    expect(document.activeElement).toBe(byLabel('Base model'))
    expect(wrapper.find('.dect-scan__hint').text()).toMatch(/^Models remembered from the last PBX that listed them \(2026-11-30\)\./)
  })

  it('"Other model…" asks again, the current model offered; Enter goes back to the scan field, the defaults untouched', async () => {
    const { wrapper, pbx } = await mountScan({ vendor: 'Yealink', model: 'W80B', template: 'yealink_w80b.xml' })

    await wrapper.findAll('button').find((button) => button.text() === 'Other model…')!.trigger('click')
    await flushPromises()
    expect(byLabel('Scan a MAC')).toBeNull()
    expect(document.activeElement).toBe(byLabel('Base model'))
    expect(wrapper.find('.dect-scan__ask').text()).toContain('Yealink W80B')

    await press(wrapper, 'Name pattern', 'Enter')
    expect(document.activeElement).toBe(byLabel('Scan a MAC'))
    expect(wrapper.find('.dect-scan__next').text()).toBe('Next bases: Yealink W80B')
    expect(pbx.updateBatch).not.toHaveBeenCalled()
  })

  it('opens on the scan field when the batch defaults name the model', async () => {
    const { wrapper } = await mountScan({ vendor: 'Yealink', model: 'W80B', template: 'yealink_w80b.xml' })

    expect(document.activeElement).toBe(byLabel('Scan a MAC'))
    expect(wrapper.find('.dect-scan__next').text()).toBe('Next bases: Yealink W80B')
  })
})

describe('a model changed mid-scan', () => {
  it('Alt+digit picks the offered model for the next bases, their own cells; the focus stays in the scan field', async () => {
    const { wrapper, pbx } = await mountScan({ vendor: 'Yealink', model: 'W80B', template: 'yealink_w80b.xml' })
    const keys = () => wrapper.findAll('.dect-scan__key').map((key) => [key.text(), key.attributes('aria-keyshortcuts'), key.attributes('aria-pressed')])
    expect(keys()).toEqual([
      ['Alt+1 Yealink W70B', 'Alt+1', 'false'],
      ['Alt+2 Yealink W80B', 'Alt+2', 'true'],
      ['Alt+3 Snom M400', 'Alt+3', 'false'],
    ])

    await scan(wrapper, '001565AABB01')
    await press(wrapper, 'Scan a MAC', '¡', { altKey: true, code: 'Digit3' })
    expect(document.activeElement).toBe(byLabel('Scan a MAC'))
    expect(wrapper.find('.dect-scan__next').text()).toBe('Next bases: Snom M400')
    expect(keys()[2]![2]).toBe('true')
    await scan(wrapper, '001565AABB02')

    expect(pbx.scanMac.mock.calls.map(([call]) => call.model)).toEqual([undefined, { vendor: 'Snom', model: 'M400', template: 'snom_m400.xml' }])
    // the defaults keep the first model: the first base stays a W80B
    expect(pbx.updateBatch).not.toHaveBeenCalled()
    expect(pbx.state.batches.batches[0]!.rows.map((row) => row.values.model)).toEqual(['W80B', 'M400'])

    // Alt+2 goes back to the defaults' model: nothing sent with the scan
    await press(wrapper, 'Scan a MAC', '2', { altKey: true, code: 'Digit2' })
    await scan(wrapper, '001565AABB03')
    expect(pbx.scanMac.mock.calls[2]![0].model).toBeUndefined()
    // a digit without Alt is part of a MAC, and Alt with a key no model has does nothing
    await press(wrapper, 'Scan a MAC', '9', { altKey: true, code: 'Digit9' })
    expect(wrapper.find('.dect-scan__next').text()).toBe('Next bases: Yealink W80B')
  })
})
