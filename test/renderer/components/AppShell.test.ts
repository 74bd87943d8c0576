import { loadPbxSwitcher } from '@renderer/components/on-demand'
import AppShell from '@renderer/components/shell/AppShell.vue'
import { flushPromises, type VueWrapper } from '@vue/test-utils'
import { RECOVERY_POLL_MS } from '@renderer/stores/sessions'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useSessionsStore } from '@renderer/stores/sessions'
import { useProfilesStore } from '@renderer/stores/profiles'
import {
  acmeProfile,
  createFakePbx,
  deferred,
  fail,
  globexProfile,
  INSTALLER_CODE,
  installerProfile,
  installFakePbx,
  ok,
  RECOVERY_CODE,
  renewedCertificate,
  sampleAbout,
  selfSignedCertificate,
  signedIn,
  STARK_TENANT_NAME,
  starkProfile,
  traineeProfile,
  umbrellaProfile,
  wayneProfile,
  WRONG_CODE_MESSAGE,
  type FakePbx,
} from '../fake-pbx'
import { mountInApp } from '../mount-app'

const mountShell = (path = '/pbxs') => mountInApp(AppShell, path)

const menuItems = (wrapper: VueWrapper) => wrapper.findAll('[role="menuitem"]')
const titles = (wrapper: VueWrapper) => menuItems(wrapper).map((item) => item.find('.app-sidebar__title').text())
/** area key → the reason it is disabled, or '' when it may be used */
const reasons = (wrapper: VueWrapper) =>
  Object.fromEntries(
    menuItems(wrapper).map((item) => {
      const reason = item.find('.app-sidebar__reason')
      return [item.attributes('data-area'), reason.exists() ? reason.text() : '']
    }),
  )
/** the areas the sidebar disables (an area that offers the system administrator's sign-in is entered) */
const disabled = (wrapper: VueWrapper) => menuItems(wrapper).filter((item) => item.attributes('aria-disabled') === 'true').map((item) => item.attributes('data-area'))

/** A fake where Acme (tenant admin) and Globex (system administrator) are signed in already. */
function signedInFake(): FakePbx {
  return createFakePbx({}, { sessions: { 'p-acme': signedIn(acmeProfile), 'p-globex': signedIn(globexProfile) } })
}

/** Opens a saved PBX the way the list and the switcher do. */
async function openPbx(profileId: string): Promise<void> {
  await useSessionsStore().open(profileId)
  await flushPromises()
}

function bodyButton(text: string): HTMLButtonElement {
  const found = Array.from(document.body.querySelectorAll('button')).findLast((b) => b.textContent?.trim() === text)
  if (!found) throw new Error(`no button "${text}" in the document`)
  return found
}

afterEach(() => {
  vi.useRealTimers()
})

describe('AppShell', () => {
  it('lists the seven areas in the sidebar, in order', async () => {
    installFakePbx()
    const { wrapper } = await mountShell()

    const items = menuItems(wrapper)
    expect(titles(wrapper)).toEqual([
      'PBXs',
      'Fleet',
      'DECT phones',
      'IVR servers',
      'Outbound rules',
      'Email templates',
      'Notifications',
    ])
    expect(items.map((item) => item.attributes('data-area'))).toEqual([
      'pbxs',
      'fleet',
      'dect',
      'ivr',
      'outbound',
      'templates',
      'notifications',
    ])
    expect(wrapper.find('nav[aria-label="Areas"]').exists()).toBe(true)
  })

  it('shows the area chosen in the menu, with its title in the header', async () => {
    installFakePbx(signedInFake())
    const { wrapper, router } = await mountShell()
    await openPbx('p-acme')
    await router.push('/pbxs')

    const dect = menuItems(wrapper).find((item) => item.text() === 'DECT phones')
    await dect?.trigger('click')
    await flushPromises()

    expect(router.currentRoute.value.path).toBe('/dect')
    expect(wrapper.find('h1').text()).toBe('DECT phones')
    expect(wrapper.find('main').findAll('.n-tabs-tab').map((tab) => tab.text())).toEqual(['Batches', 'Phones on the PBX'])
    expect(wrapper.find('main').text()).toContain('Batches are prepared on this computer, without a PBX')
    expect(wrapper.find('[aria-current="page"]').attributes('data-area')).toBe('dect')
  })

  it('the area chosen in the menu from a screen inside it (the new-batch wizard) leads back to the area', async () => {
    installFakePbx()
    const { wrapper, router } = await mountShell('/dect/batches/new')
    const dect = menuItems(wrapper).find((item) => item.text() === 'DECT phones')
    await dect?.trigger('click')
    await flushPromises()
    expect(router.currentRoute.value.path).toBe('/dect')
  })

  // what each area shows belongs to its own view's tests; the shell gives it its title and says
  // that a PBX must be open first
  it.each([
    ['/ivr', 'IVR servers'],
    ['/outbound', 'Outbound rules'],
    ['/templates', 'Email templates'],
    ['/notifications', 'Notifications'],
  ])('navigating to %s shows the %s area, asking for a PBX', async (path, title) => {
    installFakePbx()
    const { wrapper } = await mountShell(path)

    expect(wrapper.find('h1').text()).toBe(title)
    expect(wrapper.find('main').text()).toContain('Open a PBX first')
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
    installFakePbx(signedInFake())
    const { wrapper, router } = await mountShell('/pbxs')
    await openPbx('p-globex')
    await router.push('/pbxs')
    await flushPromises()

    const items = () => menuItems(wrapper)
    expect(items().map((item) => item.attributes('tabindex'))).toEqual(['0', '-1', '-1', '-1', '-1', '-1', '-1'])
    for (const item of items()) expect(item.attributes('aria-label')).toBeTruthy()

    ;(items()[0]?.element as HTMLElement).focus()
    await items()[0]?.trigger('keydown', { key: 'ArrowDown' })
    expect(document.activeElement).toBe(items()[1]?.element)
    await items()[1]?.trigger('keydown', { key: 'End' })
    expect(document.activeElement).toBe(items()[6]?.element)
    await items()[6]?.trigger('keydown', { key: 'ArrowDown' })
    expect(document.activeElement).toBe(items()[0]?.element)
    await items()[0]?.trigger('keydown', { key: 'ArrowUp' })
    expect(document.activeElement).toBe(items()[6]?.element)
    // the tab stop follows focus, so Tab out and back returns to the same item
    expect(items()[6]?.attributes('tabindex')).toBe('0')

    await items()[6]?.trigger('keydown', { key: 'Enter' })
    await flushPromises()
    expect(router.currentRoute.value.path).toBe('/notifications')
    expect(items()[6]?.attributes('aria-current')).toBe('page')
  })

  it('labels the sidebar toggle and collapses the sidebar', async () => {
    installFakePbx()
    const { wrapper } = await mountShell()

    const toggle = wrapper.find('button[aria-label="Collapse the sidebar"]')
    expect(toggle.attributes('aria-expanded')).toBe('true')
    await toggle.trigger('click')

    const expand = wrapper.find('button[aria-label="Expand the sidebar"]')
    expect(expand.attributes('aria-expanded')).toBe('false')
    expect(wrapper.find('.app-sidebar--collapsed').exists()).toBe(true)
    // collapsed items show no label, but keep their name, and show it on hover
    expect(menuItems(wrapper).map((item) => item.attributes('aria-label'))).toContain('DECT phones')
    expect(menuItems(wrapper).find((item) => item.attributes('data-area') === 'dect')?.attributes('title')).toBe('DECT phones')
  })

  it("draws the header's two buttons as plain buttons in the theme's quaternary colours", async () => {
    installFakePbx()
    const { wrapper } = await mountShell()

    const header = wrapper.find('header.app-header')
    // no NButton: the first one a start mounted wrote Naive UI's button styles (AppHeader.vue)
    expect(header.find('.n-button').exists()).toBe(false)
    expect(header.findAll('button.app-header__button').map((button) => button.attributes('aria-label'))).toEqual([
      'Collapse the sidebar',
      expect.stringMatching(/^Go to a PBX or an area \(/),
    ])
    const style = (header.element as HTMLElement).style
    // Naive UI's light theme: its quaternary button's text, hover and pressed shades, and its radius
    expect(['--app-header-button-text', '--app-header-button-hover', '--app-header-button-pressed', '--app-header-button-radius'].map((name) => style.getPropertyValue(name))).toEqual([
      'rgb(51, 54, 57)',
      'rgba(46, 51, 56, .09)',
      'rgba(46, 51, 56, .13)',
      '3px',
    ])
  })

  it('shows the keychain as available, and the version', async () => {
    const pbx = installFakePbx()
    const { wrapper } = await mountShell()

    expect(pbx.getAbout).toHaveBeenCalledTimes(1)
    expect(wrapper.find('footer').text()).toContain('Keychain: available')
    expect(wrapper.find('footer').text()).toContain('Version 0.1.0')
  })

  it('warns when there is no keychain, with the reason for screen readers and as a tooltip on focus', async () => {
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
    // the reason shows while the warning has the keyboard focus (Naive UI's tooltip, shown by hand)
    const warning = footer.find('.app-status-bar__warning')
    expect(warning.attributes('tabindex')).toBe('0')
    await warning.trigger('focus')
    await vi.waitFor(() => expect(document.body.querySelector('.n-tooltip')?.textContent?.trim()).toBe('No Secret Service provider on D-Bus'))
    await warning.trigger('blur')
    await vi.waitFor(() => expect(document.body.querySelector('.n-tooltip')).toBeNull())
  })

  it('says so when the app information cannot be read', async () => {
    installFakePbx(createFakePbx({ getAbout: async () => fail('INTERNAL', 'Versions unreadable') }))
    const { wrapper } = await mountShell()

    expect(wrapper.find('footer').text()).toContain('App information unavailable: Versions unreadable')
  })
})

describe('AppShell with saved PBXs and sessions', () => {
  it('with no PBX open, offers the PBX areas disabled with "open a PBX first" (DECT batches are offline work: open)', async () => {
    installFakePbx()
    const { wrapper, router } = await mountShell()

    expect(reasons(wrapper)).toEqual({
      pbxs: '',
      fleet: '',
      dect: '',
      ivr: 'open a PBX first',
      outbound: 'open a PBX first',
      templates: 'open a PBX first',
      notifications: 'open a PBX first',
    })
    const ivr = menuItems(wrapper)[3]!
    expect(ivr.attributes('aria-description')).toBe('open a PBX first')
    // a disabled area is still reachable by keyboard, but does not open
    await ivr.trigger('keydown', { key: 'Enter' })
    await ivr.trigger('click')
    await flushPromises()
    expect(router.currentRoute.value.path).toBe('/pbxs')
    expect(wrapper.find('header').text()).toContain('No PBX open')
  })

  it('for a tenant administrator, offers the tenant areas and says IVR and notifications need the system administrator', async () => {
    installFakePbx(signedInFake())
    const { wrapper, router } = await mountShell()

    await openPbx('p-acme')

    expect(reasons(wrapper)).toEqual({
      pbxs: '',
      fleet: '',
      dect: '',
      ivr: 'needs the system administrator',
      outbound: '',
      templates: '',
      notifications: 'needs the system administrator',
    })
    // both say so and open: they offer the system administrator's sign-in right there
    expect(disabled(wrapper)).toEqual([])
    // opened from the PBXs screen: on to the first area the user may use
    expect(router.currentRoute.value.path).toBe('/dect')
    const header = wrapper.find('header').text()
    expect(header).toContain('Acme HQ')
    expect(header).toContain('signed in as manager · Admin')
  })

  it('for the system administrator, offers IVR and notifications and says the others need a tenant administrator', async () => {
    installFakePbx(signedInFake())
    const { wrapper, router } = await mountShell()

    await openPbx('p-globex')

    // DECT batches need no PBX; only its "Phones on the PBX" tab needs a tenant administrator
    expect(reasons(wrapper)).toEqual({
      pbxs: '',
      fleet: '',
      dect: '',
      ivr: '',
      outbound: 'needs a tenant administrator',
      templates: 'needs a tenant administrator',
      notifications: '',
    })
    expect(router.currentRoute.value.path).toBe('/ivr')
    expect(wrapper.find('header').text()).toContain('signed in as admin · SystemAdmin')
    expect(wrapper.find('main').text()).toContain('Globex hosting')
  })

  it('for a role with none of the capabilities, offers no PBX area and stays on PBXs', async () => {
    const pbx = installFakePbx()
    pbx.openPbx.mockResolvedValue(ok(signedIn(acmeProfile, 'StandardUser')))
    const { wrapper, router } = await mountShell()

    await openPbx('p-acme')

    // every PBX area but DECT (batches are offline work)
    expect(Object.values(reasons(wrapper)).filter((reason) => reason !== '')).toHaveLength(4)
    expect(router.currentRoute.value.path).toBe('/pbxs')
  })

  it('stays in the current area when the newly opened PBX permits it too', async () => {
    const other = { ...acmeProfile, id: 'p-other', label: 'Other Company', domain: 'other.pbx.example' }
    installFakePbx(
      createFakePbx({}, { profiles: [acmeProfile, other, globexProfile], sessions: { 'p-acme': signedIn(acmeProfile), 'p-other': signedIn(other), 'p-globex': signedIn(globexProfile) } }),
    )
    const { router, wrapper } = await mountShell()
    await openPbx('p-acme')
    await router.push('/outbound')

    await openPbx('p-other')
    expect(router.currentRoute.value.path).toBe('/outbound')
    expect(wrapper.find('main').text()).toContain('Other Company')

    // the system administrator may not use outbound rules: on to IVR servers
    await openPbx('p-globex')
    expect(router.currentRoute.value.path).toBe('/ivr')
  })

  it('an area the role lacks says so, and which PBX and user are open', async () => {
    installFakePbx(signedInFake())
    const { wrapper, router } = await mountShell()
    await openPbx('p-acme')
    await router.push('/ivr')
    await flushPromises()

    expect(wrapper.find('main').text()).toContain('IVR servers need the system administrator of this PBX. Acme HQ is signed in as manager (Admin)')
    expect(wrapper.find('main').find('button').text()).toBe('Sign in as the system administrator of this PBX')
  })

  it('asks for the password when a PBX needs a sign-in, then makes it the active PBX', async () => {
    const pbx = installFakePbx()
    const { wrapper, router } = await mountShell()

    await openPbx('p-acme')
    const dialog = document.body.querySelector('.pbx-sign-in')
    expect(dialog?.textContent).toContain('Sign in to Acme HQ')
    expect(dialog?.textContent).toContain('https://pbx.acme.example:8887')
    expect(dialog?.textContent).toContain('acme.pbx.example')
    const password = dialog!.querySelector<HTMLInputElement>('input[type="password"]')!
    expect(document.activeElement).toBe(password)

    password.value = 'wrong'
    password.dispatchEvent(new Event('input'))
    dialog!.querySelector('form')!.dispatchEvent(new Event('submit'))
    await flushPromises()
    expect(document.body.querySelector('.pbx-sign-in')?.textContent).toContain('Wrong user name or password')

    password.value = 'manager'
    password.dispatchEvent(new Event('input'))
    dialog!.querySelector('form')!.dispatchEvent(new Event('submit'))
    await flushPromises()

    expect(pbx.signIn).toHaveBeenLastCalledWith({ profileId: 'p-acme', password: 'manager', remember: false })
    expect(useSessionsStore().active?.profileId).toBe('p-acme')
    expect(router.currentRoute.value.path).toBe('/dect')
    expect(wrapper.find('header').text()).toContain('signed in as manager · Admin')
  })

  it('cancelling the sign-in leaves no PBX open', async () => {
    installFakePbx()
    const { wrapper } = await mountShell()

    await openPbx('p-acme')
    bodyButton('Cancel').click()
    await flushPromises()

    expect(useSessionsStore().signInProfileId).toBeNull()
    expect(useSessionsStore().active).toBeNull()
    expect(wrapper.find('header').text()).toContain('No PBX open')
  })

  it('signs out of the active PBX from the header', async () => {
    const pbx = installFakePbx(signedInFake())
    const { wrapper } = await mountShell()
    await openPbx('p-acme')

    await wrapper.find('button[aria-label="Sign out of Acme HQ"]').trigger('click')
    await flushPromises()

    expect(pbx.signOut).toHaveBeenCalledWith({ profileId: 'p-acme' })
    expect(wrapper.find('header').text()).toContain('No PBX open')
    expect(reasons(wrapper).outbound).toBe('open a PBX first')
    expect(reasons(wrapper).dect).toBe('')
  })

  it("keeps the header switcher's place until the saved PBXs are read, then shows it", async () => {
    const profiles = deferred<Awaited<ReturnType<FakePbx['listProfiles']>>>()
    installFakePbx(createFakePbx({ listProfiles: () => profiles.promise }))
    const { wrapper } = await mountShell()
    // its file there already: still not shown before the list
    await loadPbxSwitcher()
    await flushPromises()

    expect(wrapper.find('.active-pbx__switcher-place').exists()).toBe(true)
    expect(wrapper.find('.pbx-switcher').exists()).toBe(false)

    profiles.resolve(ok([acmeProfile, globexProfile]))
    await vi.waitFor(() => expect(wrapper.find('.pbx-switcher').exists()).toBe(true))
    expect(wrapper.find('.active-pbx__switcher-place').exists()).toBe(false)
    expect(wrapper.find('input[aria-label="Switch PBX"]').exists()).toBe(true)
  })

  it('shows the header switcher when the saved PBXs cannot be read', async () => {
    installFakePbx(createFakePbx({ listProfiles: async () => fail('INTERNAL', 'The saved PBXs could not be read') }))
    const { wrapper } = await mountShell()

    await vi.waitFor(() => expect(wrapper.find('.pbx-switcher').exists()).toBe(true))
    expect(wrapper.find('.active-pbx__switcher-place').exists()).toBe(false)
  })

  it('shows the header switcher at once for a PBX open while the saved PBXs are still being read', async () => {
    const profiles = deferred<Awaited<ReturnType<FakePbx['listProfiles']>>>()
    installFakePbx(createFakePbx({ listProfiles: () => profiles.promise }, { sessions: { 'p-acme': signedIn(acmeProfile) } }))
    const { wrapper } = await mountShell()
    expect(wrapper.find('.pbx-switcher').exists()).toBe(false)

    await openPbx('p-acme')
    await vi.waitFor(() => expect(wrapper.find('.pbx-switcher').exists()).toBe(true))
    expect(wrapper.find('.active-pbx__switcher-place').exists()).toBe(false)
    profiles.resolve(ok([acmeProfile, globexProfile]))
  })

  it('switches PBX from the header: a searchable list of the saved PBXs', async () => {
    const pbx = installFakePbx(signedInFake())
    const { wrapper } = await mountShell()
    await openPbx('p-acme')

    const switcher = wrapper.find('.pbx-switcher')
    expect(switcher.find('input[aria-label="Switch PBX"]').exists()).toBe(true)
    await switcher.find('.n-base-selection').trigger('click')
    await flushPromises()
    const options = () => Array.from(document.body.querySelectorAll('.n-base-select-option'))
    expect(options().map((option) => option.querySelector('.pbx-switcher__option-label')?.textContent)).toEqual(['Acme HQ', 'Globex hosting'])
    await switcher.find('input[aria-label="Switch PBX"]').setValue('hosting')
    await flushPromises()
    expect(options().map((option) => option.querySelector('.pbx-switcher__option-label')?.textContent)).toEqual(['Globex hosting'])

    ;(options()[0] as HTMLElement).click()
    await flushPromises()

    expect(pbx.openPbx).toHaveBeenLastCalledWith({ profileId: 'p-globex' })
    expect(wrapper.find('header').text()).toContain('signed in as admin · SystemAdmin')
  })

  describe('two-factor sign-in', () => {
    const dialog = () => document.body.querySelector<HTMLElement>('.pbx-sign-in')!
    const codeField = () => dialog().querySelector<HTMLInputElement>('input[autocomplete="one-time-code"]')!

    async function submitIn(input: HTMLInputElement, value: string): Promise<void> {
      input.value = value
      input.dispatchEvent(new Event('input'))
      input.closest('form')!.dispatchEvent(new Event('submit', { cancelable: true }))
      await flushPromises()
    }

    it('password, then the mailed code: a wrong code is said beside the field, resend says so, the right one opens the PBX', async () => {
      const pbx = installFakePbx(createFakePbx({}, { profiles: [installerProfile] }))
      const { wrapper, router } = await mountShell()
      await openPbx('p-installer')

      await submitIn(dialog().querySelector<HTMLInputElement>('input[type="password"]')!, 'installer')

      expect(dialog().textContent).toContain('The PBX emailed a one-time code to this user. Enter it to finish signing in.')
      expect(document.activeElement).toBe(codeField())
      expect(useSessionsStore().active).toBeNull()

      await submitIn(codeField(), '111111')
      expect(pbx.verifySignInCode).toHaveBeenLastCalledWith({ profileId: 'p-installer', code: '111111' })
      expect(codeField().closest('.n-form-item')?.querySelector('.n-form-item-feedback')?.textContent).toContain(WRONG_CODE_MESSAGE)

      bodyButton('Send the code again').click()
      await flushPromises()
      expect(pbx.resendSignInCode).toHaveBeenCalledWith({ profileId: 'p-installer' })
      expect(dialog().querySelector('[role="status"]')?.textContent).toBe('A new code was sent')

      await submitIn(codeField(), INSTALLER_CODE)

      expect(useSessionsStore().signInProfileId).toBeNull()
      expect(useSessionsStore().active?.profileId).toBe('p-installer')
      expect(router.currentRoute.value.path).toBe('/dect')
      expect(wrapper.find('header').text()).toContain('signed in as installer · Admin')
    })

    it('opening with a remembered password goes straight to the code, focused', async () => {
      installFakePbx(createFakePbx({}, { profiles: [installerProfile], remembered: { 'p-installer': 'installer' } }))
      await mountShell()
      await openPbx('p-installer')

      expect(dialog().querySelector('input[type="password"]')).toBeNull()
      expect(document.activeElement).toBe(codeField())
    })

    it('Back returns to the password, which signs in again', async () => {
      const pbx = installFakePbx(createFakePbx({}, { profiles: [installerProfile] }))
      await mountShell()
      await openPbx('p-installer')
      await submitIn(dialog().querySelector<HTMLInputElement>('input[type="password"]')!, 'installer')

      bodyButton('Back').click()
      await flushPromises()

      const password = dialog().querySelector<HTMLInputElement>('input[type="password"]')!
      expect(document.activeElement).toBe(password)
      await submitIn(password, 'installer')
      expect(pbx.signIn).toHaveBeenCalledTimes(2)
      expect(codeField()).not.toBeNull()
    })
  })

  describe('untrusted certificates', () => {
    const card = () => document.body.querySelector<HTMLElement>('.pbx-sign-in .pbx-certificate')

    it('opening a PBX with a self-signed certificate shows it; trusting it asks for the password, which signs in', async () => {
      const pbx = installFakePbx(createFakePbx({}, { profiles: [umbrellaProfile] }))
      await mountShell()
      await openPbx('p-umbrella')

      expect(card()?.textContent).toContain('A1:B2:C3:D4')
      expect(card()?.textContent).toContain('CN=pbx.umbrella.example, O=Umbrella')
      expect(document.activeElement).toBe(card())

      bodyButton('Trust this certificate for this PBX').click()
      await flushPromises()

      expect(pbx.trustCertificate).toHaveBeenCalledWith({
        profileId: 'p-umbrella',
        certificate: { fingerprint256: selfSignedCertificate.fingerprint256, subject: selfSignedCertificate.subject, validTo: selfSignedCertificate.validTo },
      })
      expect(useProfilesStore().byId('p-umbrella')?.trustedCertificate?.fingerprint256).toBe(selfSignedCertificate.fingerprint256)
      expect(card()).toBeNull()
      const password = document.body.querySelector<HTMLInputElement>('.pbx-sign-in input[type="password"]')!
      expect(document.activeElement).toBe(password)

      password.value = 'manager'
      password.dispatchEvent(new Event('input'))
      password.closest('form')!.dispatchEvent(new Event('submit', { cancelable: true }))
      await flushPromises()
      expect(useSessionsStore().active?.profileId).toBe('p-umbrella')
    })

    it('a certificate met while signing in: trusting it signs in again with the password typed', async () => {
      const pbx = installFakePbx(
        createFakePbx({ openPbx: async () => fail('NOT_SIGNED_IN', 'Sign in to Umbrella branch first.') }, { profiles: [umbrellaProfile] }),
      )
      await mountShell()
      await openPbx('p-umbrella')
      const password = document.body.querySelector<HTMLInputElement>('.pbx-sign-in input[type="password"]')!
      password.value = 'manager'
      password.dispatchEvent(new Event('input'))
      password.closest('form')!.dispatchEvent(new Event('submit', { cancelable: true }))
      await flushPromises()
      expect(card()).not.toBeNull()

      bodyButton('Trust this certificate for this PBX').click()
      await flushPromises()

      expect(pbx.signIn).toHaveBeenCalledTimes(2)
      expect(pbx.signIn).toHaveBeenLastCalledWith({ profileId: 'p-umbrella', password: 'manager', remember: false })
      expect(useSessionsStore().active?.profileId).toBe('p-umbrella')
    })

    it('a changed certificate is trusted only after the confirmation', async () => {
      const pbx = installFakePbx(createFakePbx({}, { profiles: [wayneProfile], remembered: { 'p-wayne': 'admin' } }))
      await mountShell()
      await openPbx('p-wayne')

      expect(card()?.textContent).toContain('The certificate has changed since you trusted it')
      bodyButton('Trust the new certificate').click()
      await flushPromises()
      expect(pbx.trustCertificate).not.toHaveBeenCalled()
      expect(document.body.querySelector('.n-dialog')?.textContent).toContain('e.g. the PBX was reinstalled')

      bodyButton('Trust it').click()
      await flushPromises()

      expect(pbx.trustCertificate).toHaveBeenCalledWith({
        profileId: 'p-wayne',
        certificate: { fingerprint256: renewedCertificate.fingerprint256, subject: renewedCertificate.subject, validTo: renewedCertificate.validTo },
      })
      // the remembered password opens it at once
      expect(useSessionsStore().active?.profileId).toBe('p-wayne')
      expect(useSessionsStore().signInProfileId).toBeNull()
    })
  })
  describe('password reset and the identity provider', () => {
    const dialog = () => document.body.querySelector<HTMLElement>('.pbx-sign-in')!
    const heading = () => dialog().querySelector('h3')?.textContent?.trim()

    /** The input a visible label names, inside the dialog. */
    function field(label: string): HTMLInputElement {
      const labelEl = Array.from(dialog().querySelectorAll('label')).find((l) => l.textContent?.replace('*', '').trim() === label)
      const input = labelEl && document.getElementById(labelEl.htmlFor)
      if (!input) throw new Error(`no field labelled "${label}"`)
      return input as HTMLInputElement
    }

    function type(label: string, value: string): void {
      field(label).value = value
      field(label).dispatchEvent(new Event('input'))
    }

    /** Types into the fields, then presses Enter in the last one (submits its form). */
    async function fillAndSubmit(values: Record<string, string>): Promise<void> {
      let last = ''
      for (const [label, value] of Object.entries(values)) {
        type(label, value)
        last = label
      }
      await flushPromises()
      field(last).closest('form')!.dispatchEvent(new Event('submit', { cancelable: true }))
      await flushPromises()
    }

    const feedbackOf = (label: string) => field(label).closest('.n-form-item')?.querySelector('.n-form-item-feedback')?.textContent ?? ''

    it('forgot password: the link opened on this computer is noticed, then the code, then the new password opens the PBX', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
      const pbx = installFakePbx()
      const { wrapper, router } = await mountShell()
      await openPbx('p-acme')

      bodyButton('Forgot password?').click()
      await flushPromises()
      expect(pbx.requestPasswordReset).toHaveBeenCalledWith({ profileId: 'p-acme' })
      expect(heading()).toBe('Check your email')
      expect(dialog().textContent).toContain('The PBX emailed a reset link to manager.')
      expect(document.activeElement).toBe(field('Reset link from the email'))

      await vi.advanceTimersByTimeAsync(RECOVERY_POLL_MS)
      expect(pbx.getRecoveryState).toHaveBeenCalledWith({ profileId: 'p-acme' })
      expect(heading()).toBe('Check your email')

      pbx.openResetLink('p-acme')
      await vi.advanceTimersByTimeAsync(RECOVERY_POLL_MS)
      await flushPromises()
      expect(heading()).toBe('Enter the code')
      expect(document.activeElement).toBe(field('One-time code'))

      await fillAndSubmit({ 'One-time code': '000000' })
      expect(feedbackOf('One-time code')).toContain(WRONG_CODE_MESSAGE)
      await fillAndSubmit({ 'One-time code': RECOVERY_CODE })
      expect(pbx.verifyRecoveryCode).toHaveBeenLastCalledWith({ profileId: 'p-acme', code: RECOVERY_CODE })
      expect(heading()).toBe('Choose a new password')
      expect(document.activeElement).toBe(field('New password'))

      await fillAndSubmit({ 'New password': 'new-secret-1', 'Repeat the new password': 'new-secret-2' })
      expect(feedbackOf('Repeat the new password')).toContain('the two passwords do not match')
      await fillAndSubmit({ 'New password': 'short', 'Repeat the new password': 'short' })
      expect(feedbackOf('New password')).toContain('must be at least 8 characters')
      expect(pbx.resetPassword).not.toHaveBeenCalled()

      await fillAndSubmit({ 'New password': 'new-secret-1', 'Repeat the new password': 'new-secret-1' })

      expect(pbx.resetPassword).toHaveBeenCalledWith({ profileId: 'p-acme', newPassword: 'new-secret-1', remember: false })
      expect(useSessionsStore().signInProfileId).toBeNull()
      expect(useSessionsStore().active?.profileId).toBe('p-acme')
      expect(router.currentRoute.value.path).toBe('/dect')
      expect(wrapper.find('header').text()).toContain('signed in as manager · Admin')
      // no more asking once the dialog closed
      const asked = pbx.getRecoveryState.mock.calls.length
      await vi.advanceTimersByTimeAsync(3 * RECOVERY_POLL_MS)
      expect(pbx.getRecoveryState).toHaveBeenCalledTimes(asked)
      // the new password is the one the PBX takes now
      expect(pbx.state.passwords['p-acme']).toBe('new-secret-1')
    })

    it('forgot password: the link pasted from the email; "Back to sign-in" returns to the password', async () => {
      const pbx = installFakePbx()
      await mountShell()
      await openPbx('p-acme')
      bodyButton('Forgot password?').click()
      await flushPromises()

      await fillAndSubmit({ 'Reset link from the email': pbx.state.resetLinks['p-acme']! })

      expect(pbx.submitResetLink).toHaveBeenCalledWith({ profileId: 'p-acme', link: pbx.state.resetLinks['p-acme'] })
      expect(heading()).toBe('Enter the code')

      bodyButton('Back to sign-in').click()
      await flushPromises()
      const password = dialog().querySelector<HTMLInputElement>('input[type="password"]')!
      expect(password).not.toBeNull()
      expect(document.activeElement).toBe(password)
      expect(dialog().querySelector('h3')).toBeNull()
    })

    it('the system administrator’s PBX has no "Forgot password?"', async () => {
      installFakePbx()
      await mountShell()
      await openPbx('p-globex')

      expect(dialog().textContent).toContain('The system administrator resets the password on the PBX itself.')
      expect(Array.from(dialog().querySelectorAll('button')).some((b) => b.textContent?.trim() === 'Forgot password?')).toBe(false)
    })

    it('a user who must set a new password is not let in: the dialog says so and runs the reset, then opens the PBX', async () => {
      const pbx = installFakePbx(createFakePbx({}, { profiles: [traineeProfile] }))
      const { router } = await mountShell()
      await openPbx('p-trainee')

      await fillAndSubmit({ Password: 'trainee' })

      expect(useSessionsStore().active).toBeNull()
      expect(router.currentRoute.value.path).toBe('/pbxs')
      expect(pbx.requestPasswordReset).toHaveBeenCalledWith({ profileId: 'p-trainee' })
      expect(dialog().textContent).toContain('The PBX requires a new password for trainee before you can work')
      expect(heading()).toBe('Check your email')
      expect(document.activeElement).toBe(field('Reset link from the email'))

      await fillAndSubmit({ 'Reset link from the email': pbx.state.resetLinks['p-trainee']! })
      expect(dialog().textContent).toContain('The PBX requires a new password for trainee before you can work')
      await fillAndSubmit({ 'One-time code': RECOVERY_CODE })
      await fillAndSubmit({ 'New password': 'trainee-new-1', 'Repeat the new password': 'trainee-new-1' })

      expect(useSessionsStore().active?.profileId).toBe('p-trainee')
      expect(useSessionsStore().active?.user?.password_force_reset).toBe(false)
      expect(router.currentRoute.value.path).toBe('/dect')
    })

    it('offers the identity provider only for a tenant that has it on', async () => {
      const pbx = installFakePbx(createFakePbx({}, { profiles: [starkProfile, acmeProfile] }))
      await mountShell()

      await openPbx('p-stark')
      expect(pbx.probePbx).toHaveBeenCalledWith({ baseUrl: starkProfile.baseUrl, domain: starkProfile.domain })
      expect(bodyButton('Sign in with the identity provider')).toBeTruthy()
      bodyButton('Cancel').click()
      await flushPromises()

      await openPbx('p-acme')
      expect(dialog().textContent).toContain('Sign in to Acme HQ')
      expect(Array.from(dialog().querySelectorAll('button')).some((b) => b.textContent?.trim() === 'Sign in with the identity provider')).toBe(false)
    })

    it('the identity provider: waits for the browser; Cancel goes back with no error; signing in there opens the PBX', async () => {
      const pbx = installFakePbx(createFakePbx({}, { profiles: [starkProfile] }))
      const { wrapper } = await mountShell()
      await openPbx('p-stark')

      bodyButton('Sign in with the identity provider').click()
      await flushPromises()
      expect(pbx.signInWithIdp).toHaveBeenCalledWith({ profileId: 'p-stark' })
      expect(dialog().textContent).toContain(`Continue in your browser — the sign-in page of ${STARK_TENANT_NAME} has opened.`)
      expect(dialog().querySelector('.n-spin')).not.toBeNull()
      expect(document.activeElement).toBe(bodyButton('Cancel'))

      bodyButton('Cancel').click()
      await flushPromises()
      expect(pbx.cancelIdpSignIn).toHaveBeenCalledWith({ profileId: 'p-stark' })
      expect(dialog().querySelector('input[type="password"]')).not.toBeNull()
      expect(dialog().querySelector('.pbx-sign-in__error')).toBeNull()
      expect(dialog().textContent).not.toContain('cancelled')
      expect(useSessionsStore().signInError).toBeNull()

      bodyButton('Sign in with the identity provider').click()
      await flushPromises()
      pbx.finishIdpSignIn('p-stark')
      await flushPromises()

      expect(useSessionsStore().signInProfileId).toBeNull()
      expect(useSessionsStore().active?.profileId).toBe('p-stark')
      expect(wrapper.find('header').text()).toContain('signed in as manager · Admin')
    })

    it('the identity provider: an error is shown at the password step', async () => {
      const pbx = installFakePbx(createFakePbx({}, { profiles: [starkProfile] }))
      await mountShell()
      await openPbx('p-stark')
      bodyButton('Sign in with the identity provider').click()
      await flushPromises()

      pbx.finishIdpSignIn('p-stark', { code: 'PBX_ERROR', message: 'The identity provider did not sign you in: access denied' })
      await flushPromises()

      expect(dialog().querySelector('.pbx-sign-in__error')?.textContent).toContain('The identity provider did not sign you in: access denied')
      expect(useSessionsStore().active).toBeNull()
    })
  })
})
