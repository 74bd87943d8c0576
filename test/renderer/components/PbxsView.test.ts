import type { DemoStatus } from '@contract/bridge'
import type { BridgeResult } from '@contract/result'
import PbxsView from '@renderer/views/PbxsView.vue'
import { flushPromises, type DOMWrapper, type VueWrapper } from '@vue/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import { createFakePbx, deferred, fail, installFakePbx, ok, removePbx, sampleDemo, sampleInfo } from '../fake-pbx'
import { mountInApp } from '../mount-app'

let mounted: VueWrapper | null = null

async function mountView() {
  const result = await mountInApp(PbxsView, '/pbxs')
  mounted = result.wrapper
  return result.wrapper
}

function button(wrapper: VueWrapper, text: string): DOMWrapper<HTMLButtonElement> {
  const found = wrapper.findAll('button').find((b) => b.text() === text)
  if (!found) throw new Error(`no button "${text}"`)
  return found
}

async function checkAddress(wrapper: VueWrapper, address: string): Promise<void> {
  await wrapper.find('input#' + CSS.escape(wrapper.find('label[for]').attributes('for') ?? '')).setValue(address)
  await wrapper.find('form').trigger('submit')
  await flushPromises()
}

afterEach(() => {
  mounted?.unmount()
  mounted = null
  removePbx()
})

describe('PbxsView', () => {
  it('says no PBX is saved yet and offers the demo', async () => {
    installFakePbx()
    const wrapper = await mountView()

    expect(wrapper.find('h2').text()).toBe('No PBX saved yet')
    expect(button(wrapper, 'Try the demo PBX').attributes('disabled')).toBeUndefined()
  })

  it('"Try the demo PBX" starts the demo and shows its metadata and accounts', async () => {
    const started = deferred<BridgeResult<DemoStatus>>()
    const pbx = installFakePbx(createFakePbx({ startDemo: () => started.promise }))
    const wrapper = await mountView()

    const loading = () => button(wrapper, 'Try the demo PBX').find('.n-base-loading').exists()
    expect(loading()).toBe(false)
    await button(wrapper, 'Try the demo PBX').trigger('click')
    expect(loading()).toBe(true)
    started.resolve(ok(sampleDemo))
    await flushPromises()

    expect(loading()).toBe(false)
    expect(pbx.probePbx).toHaveBeenCalledWith({ baseUrl: 'http://127.0.0.1:40123' })
    const card = wrapper.find('.pbx-demo-card')
    expect(card.text()).toContain('Demo PBX running at http://127.0.0.1:40123')
    expect(card.text()).toContain('pbx.demo.example')
    expect(card.text()).toContain('203.0.113.10')
    expect(card.text()).toContain('Dataflow service')
    const rows = card.findAll('.pbx-demo-accounts tbody tr').map((row) => row.findAll('td').map((td) => td.text()))
    expect(rows).toEqual([
      ['admin', 'admin', 'none (system)', 'SystemAdmin'],
      ['manager', 'manager', 'demo.pbx.example', 'Admin'],
      ['1001', '1001', 'demo.pbx.example', 'StandardUser'],
    ])
    expect(wrapper.find('[role="alert"]').exists()).toBe(false)
  })

  it('shows the error message when the demo does not start, and the button stays usable', async () => {
    let calls = 0
    installFakePbx(
      createFakePbx({
        startDemo: async () => (++calls === 1 ? fail('INTERNAL', 'No free loopback port: close other apps and try again') : ok(sampleDemo)),
      }),
    )
    const wrapper = await mountView()

    await button(wrapper, 'Try the demo PBX').trigger('click')
    await flushPromises()

    const alert = wrapper.find('.pbxs-view__demo-error')
    expect(alert.attributes('role')).toBe('alert')
    expect(alert.text()).toContain('No free loopback port: close other apps and try again')
    expect(wrapper.find('.pbx-demo-card').exists()).toBe(false)

    await button(wrapper, 'Try the demo PBX').trigger('click')
    await flushPromises()
    expect(wrapper.find('.pbxs-view__demo-error').exists()).toBe(false)
    expect(wrapper.find('.pbx-demo-card').text()).toContain('pbx.demo.example')
  })

  it('checks an address and shows what the PBX says about itself', async () => {
    const pbx = installFakePbx(createFakePbx({ probePbx: async () => ok({ ...sampleInfo, web_domain: 'pbx.customer.example' }) }))
    const wrapper = await mountView()

    await checkAddress(wrapper, '  https://pbx.customer.example:8887  ')

    expect(pbx.probePbx).toHaveBeenCalledWith({ baseUrl: 'https://pbx.customer.example:8887' })
    const probe = wrapper.find('.pbxs-view__probe')
    expect(probe.text()).toContain('PBX at https://pbx.customer.example:8887')
    expect(probe.text()).toContain('pbx.customer.example')
  })

  it('shows the message of a failed check', async () => {
    installFakePbx(
      createFakePbx({ probePbx: async () => fail('UNREACHABLE', 'Nothing answered at pbx.nowhere.example:8887: check the address and port') }),
    )
    const wrapper = await mountView()

    await checkAddress(wrapper, 'https://pbx.nowhere.example:8887')

    const alert = wrapper.find('.pbxs-view__probe-error')
    expect(alert.text()).toContain('Could not check https://pbx.nowhere.example:8887')
    expect(alert.text()).toContain('Nothing answered at pbx.nowhere.example:8887: check the address and port')
  })

  it.each([
    ['', 'Enter the PBX address'],
    ['pbx.example.com', 'Enter a full address starting with http:// or https://'],
    ['ftp://pbx.example.com', 'must start with http:// or https://'],
  ])('does not send %j and says what is wrong', async (address, message) => {
    const pbx = installFakePbx()
    const wrapper = await mountView()

    await checkAddress(wrapper, address)

    expect(pbx.probePbx).not.toHaveBeenCalled()
    expect(wrapper.find('.pbxs-view__probe').text()).toContain(message)
  })

  it('labels the address field', async () => {
    installFakePbx()
    const wrapper = await mountView()

    const label = wrapper.find('label[for]')
    expect(label.text()).toContain('PBX address')
    expect(wrapper.find(`input#${CSS.escape(label.attributes('for') ?? '')}`).exists()).toBe(true)
    expect(wrapper.find('form button[type="submit"]').text()).toBe('Check')
  })
})
