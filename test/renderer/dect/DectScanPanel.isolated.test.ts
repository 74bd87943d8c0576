import './virtual-layout'
import { resetBeep } from '@renderer/lib/beep'
import type { BatchDefaults } from '@contract/dect'
import { flushPromises, type VueWrapper } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { RouterView } from 'vue-router'
import { sampleBatch } from '../fake-batches'
import { createFakePbx, installFakePbx } from '../fake-pbx'
import { mountInApp } from '../mount-app'

/** A Web Audio stand-in: records the tone of every oscillator started. */
const tones: { frequency: number; start: number; stop: number }[] = []
class FakeAudioContext {
  state = 'running'
  currentTime = 10
  destination = {}
  resume = async () => undefined
  createGain() {
    return { gain: { value: 1 }, connect: () => undefined }
  }
  createOscillator() {
    const tone = { frequency: 0, start: 0, stop: 0 }
    return {
      type: 'sine',
      frequency: {
        set value(hz: number) {
          tone.frequency = hz
        },
      },
      connect: () => undefined,
      start: (at: number) => {
        tone.start = at
        tones.push(tone)
      },
      stop: (at: number) => {
        tone.stop = at
      },
    }
  }
}

beforeEach(() => {
  tones.length = 0
  resetBeep()
  Object.defineProperty(window, 'AudioContext', { value: FakeAudioContext, configurable: true, writable: true })
})
afterEach(() => {
  Reflect.deleteProperty(window, 'AudioContext')
})

/** a batch whose defaults name the model already: scan mode opens on the scan field */
async function mountScan(defaults: BatchDefaults = { vendor: 'Yealink', model: 'W80B' }, overrides: Parameters<typeof createFakePbx>[0] = {}) {
  const batch = sampleBatch({ id: 'b-scan', name: 'Scanned on site', source: 'scanned', defaults })
  const pbx = installFakePbx(createFakePbx(overrides, { batches: { batches: [batch], lastMapping: {}, pbxMacs: {} } }))
  const result = await mountInApp(RouterView, '/dect/batches/b-scan?scan=1')
  await flushPromises()
  return { ...result, pbx }
}

const scanInput = () => {
  const label = Array.from(document.querySelectorAll('label')).find((l) => l.textContent === 'Scan a MAC')!
  return document.getElementById(label.htmlFor) as HTMLInputElement
}

async function scan(wrapper: VueWrapper, mac: string): Promise<void> {
  const input = wrapper.find<HTMLInputElement>(`#${CSS.escape(scanInput().id)}`)
  await input.setValue(mac)
  await input.trigger('keydown', { key: 'Enter' })
  await flushPromises()
}

const line = (wrapper: VueWrapper) => wrapper.find('.dect-scan__line')

describe('scan mode', () => {
  it('opens with the scan field focused; Enter adds a row named after the pattern, beeps, and keeps the focus', async () => {
    const { wrapper, pbx } = await mountScan()

    expect(document.activeElement).toBe(scanInput())
    expect(line(wrapper).attributes('role')).toBe('status')
    await scan(wrapper, '00:15:65:aa:bb:cc')

    expect(pbx.scanMac).toHaveBeenCalledWith({ batchId: 'b-scan', mac: '00:15:65:aa:bb:cc', namePattern: 'Base {n}' })
    expect(line(wrapper).text()).toBe('✓ Base 1 — 00:15:65:AA:BB:CC')
    expect(line(wrapper).classes()).toContain('dect-scan__line--ok')
    expect(scanInput().value).toBe('')
    expect(document.activeElement).toBe(scanInput())
    expect(wrapper.find('.dect-scan__count').text()).toBe('1 phone scanned')
    const row = wrapper.find('tr[data-row-id]')
    expect(row.text()).toContain('Base 1')
    expect(row.classes()).toContain('dect-rows__row--new')
    expect(tones).toHaveLength(1)
    expect(tones[0]!.frequency).toBe(1320)
    expect(tones[0]!.stop - tones[0]!.start).toBeCloseTo(0.1)
  })

  it('uses the name pattern typed, and counts the scans', async () => {
    const { wrapper, pbx } = await mountScan()
    const label = Array.from(document.querySelectorAll('label')).find((l) => l.textContent === 'Name pattern')!
    await wrapper.find(`#${CSS.escape(label.htmlFor)}`).setValue('Ward 3 / {n}')

    await scan(wrapper, '001565AABB01')
    await scan(wrapper, '001565AABB02')

    expect(pbx.scanMac).toHaveBeenLastCalledWith({ batchId: 'b-scan', mac: '001565AABB02', namePattern: 'Ward 3 / {n}' })
    expect(line(wrapper).text()).toBe('✓ Ward 3 / 2 — 00:15:65:AA:BB:02')
    expect(wrapper.find('.dect-scan__count').text()).toBe('2 phones scanned')
  })

  it('warns of a MAC scanned before, in amber with a lower beep', async () => {
    const { wrapper } = await mountScan()

    await scan(wrapper, '001565AABBCC')
    await scan(wrapper, '00-15-65-AA-BB-CC')

    expect(line(wrapper).text()).toBe('⚠ Base 2 — 00:15:65:AA:BB:CC already scanned as row 1')
    expect(line(wrapper).classes()).toContain('dect-scan__line--warning')
    expect(tones.map((tone) => tone.frequency)).toEqual([1320, 440])
    expect(document.activeElement).toBe(scanInput())
  })

  it('says what is wrong with a MAC that is not one, and adds no row', async () => {
    const { wrapper } = await mountScan()

    await scan(wrapper, '00:15')

    expect(line(wrapper).text()).toBe('✗ MAC 00:15 has 4 of 12 hex digits (scanned “00:15”)')
    expect(line(wrapper).classes()).toContain('dect-scan__line--error')
    expect(wrapper.findAll('tr[data-row-id]')).toHaveLength(0)
    expect(tones.map((tone) => tone.frequency)).toEqual([220])
    expect(wrapper.find('.dect-scan__count').text()).toBe('0 phones scanned')
  })

  it('takes scans typed faster than the answers come, one after the other', async () => {
    const { wrapper, pbx } = await mountScan()
    const input = wrapper.find<HTMLInputElement>(`#${CSS.escape(scanInput().id)}`)

    await input.setValue('001565AABB01')
    await input.trigger('keydown', { key: 'Enter' })
    await input.setValue('001565AABB02')
    await input.trigger('keydown', { key: 'Enter' })
    await flushPromises()

    expect(pbx.scanMac.mock.calls.map(([call]) => call.mac)).toEqual(['001565AABB01', '001565AABB02'])
    expect(wrapper.findAll('tr[data-row-id]').map((row) => row.find('td:nth-child(3)').text())).toEqual(['Base 1', 'Base 2'])
    expect(line(wrapper).text()).toBe('✓ Base 2 — 00:15:65:AA:BB:02')
  })
})
