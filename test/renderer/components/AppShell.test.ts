import AppShell from '@renderer/components/shell/AppShell.vue'
import { flushPromises, type VueWrapper } from '@vue/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import { createFakePbx, fail, installFakePbx, ok, removePbx, sampleAbout } from '../fake-pbx'
import { mountInApp } from '../mount-app'

let mounted: VueWrapper | null = null

async function mountShell(path = '/pbxs') {
  const result = await mountInApp(AppShell, path)
  mounted = result.wrapper
  return result
}

const menuItems = (wrapper: VueWrapper) => wrapper.findAll('[role="menuitem"]')

afterEach(() => {
  mounted?.unmount()
  mounted = null
  removePbx()
})

describe('AppShell', () => {
  it('lists the six areas in the sidebar, in order', async () => {
    installFakePbx()
    const { wrapper } = await mountShell()

    const items = menuItems(wrapper)
    expect(items.map((item) => item.text())).toEqual([
      'PBXs',
      'DECT phones',
      'IVR servers',
      'Outbound rules',
      'Email templates',
      'Notifications',
    ])
    expect(items.map((item) => item.attributes('data-area'))).toEqual([
      'pbxs',
      'dect',
      'ivr',
      'outbound',
      'templates',
      'notifications',
    ])
    expect(wrapper.find('nav[aria-label="Areas"]').exists()).toBe(true)
  })

  it('shows the area chosen in the menu, with its title in the header', async () => {
    installFakePbx()
    const { wrapper, router } = await mountShell()

    const dect = menuItems(wrapper).find((item) => item.text() === 'DECT phones')
    await dect?.find('.n-menu-item-content').trigger('click')
    await flushPromises()

    expect(router.currentRoute.value.path).toBe('/dect')
    expect(wrapper.find('h1').text()).toBe('DECT phones')
    expect(wrapper.text()).toContain('Import a spreadsheet of handsets, push them to a PBX in one batch')
    expect(wrapper.text()).toContain('This area needs a signed-in PBX')
    expect(wrapper.find('[aria-current="page"]').attributes('data-area')).toBe('dect')
  })

  it.each([
    ['/ivr', 'IVR servers', 'virtual receptionist servers'],
    ['/outbound', 'Outbound rules', 'Decide how outgoing calls leave the PBX'],
    ['/templates', 'Email templates', 'Edit the notification emails the PBX sends'],
    ['/notifications', 'Notifications', 'Set up the email server the PBX sends its alerts through'],
  ])('navigating to %s shows the %s empty state', async (path, title, text) => {
    installFakePbx()
    const { wrapper } = await mountShell(path)

    expect(wrapper.find('h1').text()).toBe(title)
    expect(wrapper.find('h2').text()).toBe(title)
    expect(wrapper.text()).toContain(text)
    expect(wrapper.text()).toContain('This area needs a signed-in PBX')
    expect(document.title).toBe(`${title} · PBX Provisioner`)
  })

  it('"Go to PBXs" leads from an empty area to the PBXs area', async () => {
    installFakePbx()
    const { wrapper, router } = await mountShell('/ivr')

    const link = wrapper.findAll('a').find((a) => a.text() === 'Go to PBXs')
    expect(link?.attributes('href')).toBe('/pbxs')
    await link?.trigger('click')
    await flushPromises()

    expect(router.currentRoute.value.path).toBe('/pbxs')
    expect(wrapper.text()).toContain('Try the demo PBX')
  })

  it('can be used from the keyboard: one tab stop, arrows move, Enter opens', async () => {
    installFakePbx()
    const { wrapper, router } = await mountShell('/pbxs')

    const items = () => menuItems(wrapper)
    expect(items().map((item) => item.attributes('tabindex'))).toEqual(['0', '-1', '-1', '-1', '-1', '-1'])
    for (const item of items()) expect(item.attributes('aria-label')).toBeTruthy()

    ;(items()[0]?.element as HTMLElement).focus()
    await items()[0]?.trigger('keydown', { key: 'ArrowDown' })
    expect(document.activeElement).toBe(items()[1]?.element)
    await items()[1]?.trigger('keydown', { key: 'End' })
    expect(document.activeElement).toBe(items()[5]?.element)
    await items()[5]?.trigger('keydown', { key: 'ArrowDown' })
    expect(document.activeElement).toBe(items()[0]?.element)
    await items()[0]?.trigger('keydown', { key: 'ArrowUp' })
    expect(document.activeElement).toBe(items()[5]?.element)
    // the tab stop follows focus, so Tab out and back returns to the same item
    expect(items()[5]?.attributes('tabindex')).toBe('0')

    await items()[5]?.trigger('keydown', { key: 'Enter' })
    await flushPromises()
    expect(router.currentRoute.value.path).toBe('/notifications')
    expect(items()[5]?.attributes('aria-current')).toBe('page')
  })

  it('labels the sidebar toggle and collapses the sidebar', async () => {
    installFakePbx()
    const { wrapper } = await mountShell()

    const toggle = wrapper.find('button[aria-label="Collapse the sidebar"]')
    expect(toggle.attributes('aria-expanded')).toBe('true')
    await toggle.trigger('click')

    const expand = wrapper.find('button[aria-label="Expand the sidebar"]')
    expect(expand.attributes('aria-expanded')).toBe('false')
    expect(wrapper.find('.n-menu--collapsed').exists()).toBe(true)
    // collapsed items show no label, but keep their name
    expect(menuItems(wrapper).map((item) => item.attributes('aria-label'))).toContain('DECT phones')
  })

  it('shows the keychain as available, and the version', async () => {
    const pbx = installFakePbx()
    const { wrapper } = await mountShell()

    expect(pbx.getAbout).toHaveBeenCalledTimes(1)
    expect(wrapper.find('footer').text()).toContain('Keychain: available')
    expect(wrapper.find('footer').text()).toContain('Version 0.1.0')
  })

  it('warns when there is no keychain, with the reason for screen readers', async () => {
    installFakePbx(
      createFakePbx({
        getAbout: async () =>
          ok({ ...sampleAbout, keychain: 'unavailable', keychainMessage: 'No Secret Service provider on D-Bus' }),
      }),
    )
    const { wrapper } = await mountShell()

    const footer = wrapper.find('footer')
    expect(footer.text()).toContain('No keychain: passwords cannot be remembered')
    expect(footer.text()).toContain('No Secret Service provider on D-Bus')
    expect(footer.text()).not.toContain('Keychain: available')
    expect(footer.find('[tabindex="0"]').exists()).toBe(true)
  })

  it('says so when the app information cannot be read', async () => {
    installFakePbx(createFakePbx({ getAbout: async () => fail('INTERNAL', 'Versions unreadable') }))
    const { wrapper } = await mountShell()

    expect(wrapper.find('footer').text()).toContain('App information unavailable: Versions unreadable')
  })
})
