import DectPushPanel from '@renderer/components/dect/DectPushPanel.vue'
import DectQrWalk from '@renderer/components/dect/DectQrWalk.vue'
import { PUSH_POLL_MS, usePushStore } from '@renderer/stores/push'
import { flushPromises, type DOMWrapper, type VueWrapper } from '@vue/test-utils'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { defineComponent, h } from 'vue'
import {
  acmeProfile,
  createFakePbx,
  fakePhoneQrs,
  installWithQrCodes,
  fakePushBatch,
  fakePushProgress,
  installFakePbx,
  ok,
  signedIn,
  type FakePbx,
} from '../fake-pbx'
import { mountInApp } from '../mount-app'
import { button } from '../wrapper-find'

/** whether the host shows the push panel beside the walk, as the batch view's kept-alive tabs do */
let withPushPanel = false
const Host = defineComponent({
  setup: () => () => [withPushPanel ? h(DectPushPanel, { batchId: 'b1' }) : null, h(DectQrWalk, { batchId: 'b1' })],
})

async function mountWalk(pbx: FakePbx = installFakePbx(createFakePbx())) {
  const result = await mountInApp(Host, '/dect')
  await flushPromises()
  return { ...result, pbx }
}



/** The push of b1 ends with its 3 phones on the PBX: the walk reads the QR codes again and shows the first. */
async function expectCodesReadAgainWhenPushEnds(pbx: FakePbx, wrapper: VueWrapper): Promise<void> {
  pbx.dect.advancePush('b1', { created: 3 })
  pbx.dect.state.qrCodes.b1 = fakePhoneQrs(3)
  await vi.advanceTimersByTimeAsync(PUSH_POLL_MS)
  await flushPromises()
  expect(pbx.batchQrCodes).toHaveBeenCalledTimes(2)
  expect(position(wrapper)).toBe('Phone 1 of 3: Handset 1')
}

/** Keys as a keyboard or a scanner sends them, one keydown each; `\\n` is Enter. */
async function typeKeys(target: DOMWrapper<Element>, text: string): Promise<void> {
  for (const character of text) await target.trigger('keydown', { key: character === '\n' ? 'Enter' : character, shiftKey: character === ':' || /[A-F]/.test(character) })
}

const walk = (wrapper: VueWrapper) => wrapper.find('section[aria-label="QR code walk"]')
const position = (wrapper: VueWrapper) => wrapper.find('.dect-qr-walk__position').text()

afterEach(() => {
  withPushPanel = false
  vi.useRealTimers()
})

describe('DectQrWalk', () => {
  it('shows the first phone: its QR code large, name, MAC in pairs, extension, "1 of 150"', async () => {
    const { wrapper, pbx } = await mountWalk(installWithQrCodes(150))

    expect(pbx.batchQrCodes).toHaveBeenCalledWith({ batchId: 'b1' })
    expect(position(wrapper)).toBe('Phone 1 of 150: Handset 1')
    const code = wrapper.find('.dect-qr-walk__code')
    expect(code.attributes('role')).toBe('img')
    expect(code.attributes('aria-label')).toBe("QR code of Handset 1's provisioning URL")
    expect(code.find('svg').attributes('data-text')).toBe(encodeURIComponent('https://pbx.acme.example/provisioning/001565000001.xml'))
    expect(wrapper.find('.dect-qr-walk__name').text()).toBe('Handset 1')
    expect(wrapper.find('.dect-qr-walk__mac').text()).toBe('00:15:65:00:00:01')
    expect(wrapper.find('.dect-qr-walk__extension').text()).toBe('101')
    expect(button(wrapper, 'Previous').attributes('disabled')).toBeDefined()
    // the code has the focus, so the keys and the scanner work at once
    expect(document.activeElement).toBe(code.element)
  })

  it('goes through the phones with Next and Previous: "3 of 150"', async () => {
    const { wrapper } = await mountWalk(installWithQrCodes(150))

    await button(wrapper, 'Next').trigger('click')
    await button(wrapper, 'Next').trigger('click')
    expect(position(wrapper)).toBe('Phone 3 of 150: Handset 3')
    expect(wrapper.find('.dect-qr-walk__mac').text()).toBe('00:15:65:00:00:03')

    await button(wrapper, 'Previous').trigger('click')
    expect(position(wrapper)).toBe('Phone 2 of 150: Handset 2')
  })

  it('goes through the phones with the arrow keys and Space', async () => {
    const { wrapper } = await mountWalk(installWithQrCodes(150))
    const section = walk(wrapper)

    await section.trigger('keydown', { key: 'ArrowRight' })
    await section.trigger('keydown', { key: ' ' })
    expect(position(wrapper)).toBe('Phone 3 of 150: Handset 3')
    await section.trigger('keydown', { key: 'ArrowLeft' })
    expect(position(wrapper)).toBe('Phone 2 of 150: Handset 2')
    await section.trigger('keydown', { key: 'End' })
    expect(position(wrapper)).toBe('Phone 150 of 150: Handset 150')
    expect(button(wrapper, 'Next').attributes('disabled')).toBeDefined()
    await section.trigger('keydown', { key: 'ArrowRight' })
    expect(position(wrapper)).toBe('Phone 150 of 150: Handset 150')
  })

  it('steps with Page Down and Page Up too, from the code that has the focus', async () => {
    const { wrapper } = await mountWalk(installWithQrCodes(150))
    const code = wrapper.find('.dect-qr-walk__code')
    expect(document.activeElement).toBe(code.element)

    await code.trigger('keydown', { key: 'PageDown' })
    await code.trigger('keydown', { key: 'PageDown' })
    expect(position(wrapper)).toBe('Phone 3 of 150: Handset 3')
    await code.trigger('keydown', { key: 'PageUp' })
    expect(position(wrapper)).toBe('Phone 2 of 150: Handset 2')
  })

  it('jumps to the base whose MAC is typed or scanned, with or without separators, then Enter', async () => {
    const { wrapper } = await mountWalk(installWithQrCodes(150))
    const code = wrapper.find('.dect-qr-walk__code')

    // the fake's MACs count in hex: 0x42 is the 66th phone
    await typeKeys(code, '001565000042\n')
    expect(position(wrapper)).toBe('Phone 66 of 150: Handset 66')
    expect(wrapper.find('.dect-qr-walk__mac').text()).toBe('00:15:65:00:00:42')
    expect(wrapper.find('.dect-qr-walk__typed').text()).toBe('Went to the base with MAC 00:15:65:00:00:42.')

    // with separators and in lower case, as some scanners send it
    await typeKeys(code, '00:15:65:00:00:2a\n')
    expect(position(wrapper)).toBe('Phone 42 of 150: Handset 42')
    // stepping on: the message spoke of the base before
    await code.trigger('keydown', { key: 'ArrowRight' })
    expect(wrapper.find('.dect-qr-walk__typed').text()).toBe('')
  })

  it('names a MAC that is not in the batch, and text that is no MAC, and moves nothing', async () => {
    const { wrapper } = await mountWalk(installWithQrCodes(150))
    const code = wrapper.find('.dect-qr-walk__code')
    await code.trigger('keydown', { key: 'PageDown' })

    await typeKeys(code, '00-15-65-FF-FF-FF\n')
    expect(wrapper.find('.dect-qr-walk__typed').text()).toBe('No base with MAC 00:15:65:FF:FF:FF in this batch.')
    expect(position(wrapper)).toBe('Phone 2 of 150: Handset 2')

    await typeKeys(code, '0015\n')
    expect(wrapper.find('.dect-qr-walk__typed').text()).toBe('“0015” is not a MAC: type or scan its 12 hex digits (e.g. 00:15:65:AA:BB:CC).')
    expect(position(wrapper)).toBe('Phone 2 of 150: Handset 2')

    // what is being typed shows; Escape drops it
    await typeKeys(code, '0015')
    expect(wrapper.find('.dect-qr-walk__typed').text()).toBe('MAC: 0015')
    await code.trigger('keydown', { key: 'Escape' })
    await code.trigger('keydown', { key: 'Enter' })
    expect(position(wrapper)).toBe('Phone 2 of 150: Handset 2')
  })

  it('keeps each phone’s "done" mark while walking', async () => {
    const { wrapper } = await mountWalk(installWithQrCodes(5))
    const mark = () => wrapper.find('.dect-qr-walk__mark')

    expect(mark().text()).toBe('Mark Handset 1 as done')
    await mark().trigger('click')
    expect(mark().attributes('aria-checked')).toBe('true')
    expect(wrapper.find('.dect-qr-walk__done-count').text()).toBe('1 of 5 done')

    await button(wrapper, 'Next').trigger('click')
    expect(mark().attributes('aria-checked')).toBe('false')
    await button(wrapper, 'Previous').trigger('click')
    expect(mark().attributes('aria-checked')).toBe('true')
  })

  it('says to push the batch first when no phone has a URL yet', async () => {
    const { wrapper } = await mountWalk()

    expect(wrapper.find('h2').text()).toBe('No QR codes yet')
    expect(wrapper.text()).toContain('Push the batch first')
    expect(wrapper.find('.dect-qr-walk__code').exists()).toBe(false)
  })

  it('reads the QR codes again when the batch’s push ends, and offers "Check again" meanwhile', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const pbx = installFakePbx(createFakePbx({ getBatch: async ({ batchId }) => ok(fakePushBatch(batchId, { rows: 3, targetProfileId: 'p-acme' })) }))
    pbx.state.sessions['p-acme'] = signedIn(acmeProfile)
    pbx.dect.state.pushes.b1 = fakePushProgress('b1', { total: 3 })
    withPushPanel = true
    const { wrapper } = await mountWalk(pbx)
    expect(wrapper.text()).toContain('Push the batch first')
    expect(button(wrapper, 'Check again').exists()).toBe(true)

    await usePushStore().start()
    await expectCodesReadAgainWhenPushEnds(pbx, wrapper)
  })

  it('reads the QR codes again when a push of the batch in a command line or another window ends', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const pbx = installFakePbx(createFakePbx({ getBatch: async ({ batchId }) => ok(fakePushBatch(batchId, { rows: 3, targetProfileId: 'p-acme' })) }))
    pbx.state.sessions['p-acme'] = signedIn(acmeProfile)
    pbx.dect.state.pushes.b1 = fakePushProgress('b1', { total: 3, status: 'pushing', elsewhere: true })
    withPushPanel = true
    const { wrapper } = await mountWalk(pbx)
    expect(wrapper.text()).toContain('Push the batch first')

    await expectCodesReadAgainWhenPushEnds(pbx, wrapper)
  })
})
