import { PLAIN_HTTP_WARNING } from '@contract/pbx-address'
import type { PbxProfile } from '@contract/profiles'
import PbxProfileForm from '@renderer/components/pbx/PbxProfileForm.vue'
import PbxSignInDialog from '@renderer/components/pbx/PbxSignInDialog.vue'
import PbxsView from '@renderer/views/PbxsView.vue'
import { flushPromises } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import { h } from 'vue'
import { acmeProfile, createFakePbx, installFakePbx, sampleProfile } from '../fake-pbx'
import { mountInApp } from '../mount-app'

/**
 * What the renderer says about a PBX's address: a password in it is refused beside the field (and
 * never repeated), and plain http across a network is said where the address is typed, on the
 * PBX's row of the saved list, and where the password is typed; never for https or this computer.
 */

const plainProfile = sampleProfile({ id: 'p-plain', label: 'Shop floor', baseUrl: 'http://pbx.shop.example:8080' })
const loopbackProfile = sampleProfile({ id: 'p-local', label: 'Bench PBX', baseUrl: 'http://127.0.0.1:4000' })

describe('the add-PBX form', () => {
  const modal = () => document.body.querySelector<HTMLElement>('.pbx-profile-form')!
  const address = () => {
    const label = Array.from(modal().querySelectorAll('label')).find((l) => l.textContent?.replace('*', '').trim() === 'Address')!
    return document.getElementById(label.htmlFor) as HTMLInputElement
  }
  const warning = () => modal().querySelector<HTMLElement>('[data-warning="plain-http"]')
  const feedback = () => address().closest('.n-form-item')?.querySelector('.n-form-item-feedback:not([class*="leave-active"])')?.textContent?.trim() ?? ''

  async function mountForm(): Promise<ReturnType<typeof installFakePbx>> {
    const pbx = installFakePbx()
    // a functional host: the form with its props, as the view passes them
    const Host = () => h(PbxProfileForm, { show: true, profile: null })
    await mountInApp(Host)
    await flushPromises()
    return pbx
  }
  async function typeAddress(value: string): Promise<void> {
    address().value = value
    address().dispatchEvent(new Event('input'))
    await flushPromises()
  }

  it('warns about plain http under the address, and describes the field with it', async () => {
    await mountForm()
    await typeAddress('http://pbx.example')

    expect(warning()?.textContent?.trim()).toBe(PLAIN_HTTP_WARNING)
    const describedBy = (address().getAttribute('aria-describedby') ?? '').split(' ')
    expect(describedBy.map((id) => document.getElementById(id))).toContain(warning())
  })

  it.each(['https://pbx.example', 'http://127.0.0.1:4000', 'http://localhost:4000', 'http://[::1]:4000', 'pbx.example'])('says nothing for %s', async (text) => {
    await mountForm()
    await typeAddress(text)

    expect(warning()).toBeNull()
    expect(address().getAttribute('aria-describedby') ?? '').not.toMatch(/plain-http/)
  })

  it('refuses a user name and password in the address without repeating them', async () => {
    const pbx = await mountForm()
    await typeAddress('https://alice:secret@pbx.example')
    modal().querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }))
    await flushPromises()

    expect(feedback()).toBe(
      'remove the user name and password from the address, leaving https://pbx.example; the user name has its own field and the password is asked when you sign in (a password in an address would be saved in plain text)',
    )
    expect(modal().textContent).not.toMatch(/secret/)
    expect(pbx.saveProfile).not.toHaveBeenCalled()
  })
})

describe('the saved PBXs list', () => {
  it('tags the plain-http PBX only, with the warning as tooltip and in its row’s name', async () => {
    installFakePbx(createFakePbx({}, { profiles: [acmeProfile, plainProfile, loopbackProfile] }))
    const { wrapper } = await mountInApp(PbxsView, '/pbxs')
    await flushPromises()

    const row = (id: string) => wrapper.find(`tr[data-profile-id="${id}"]`)
    expect(row(acmeProfile.id).find('[data-warning="plain-http"]').exists()).toBe(false)
    expect(row(loopbackProfile.id).find('[data-warning="plain-http"]').exists()).toBe(false)
    const tag = row(plainProfile.id).find('[data-warning="plain-http"]')
    expect(tag.exists()).toBe(true)
    // shown once: a short tag, the whole sentence for screen readers and as tooltip
    expect(tag.text()).toBe(`plain http${PLAIN_HTTP_WARNING}`)
    expect(row(plainProfile.id).attributes('aria-label')).toBe('Shop floor, manager@tenant.pbx.example, plain http (unencrypted), signed out. Enter opens it.')
    expect(row(acmeProfile.id).attributes('aria-label')).not.toMatch(/plain http/)

    await tag.trigger('mouseenter')
    await new Promise((done) => setTimeout(done, 200))
    await flushPromises()
    expect(document.body.querySelector('.n-tooltip')?.textContent).toBe(PLAIN_HTTP_WARNING)
  })
})

describe('the sign-in dialog', () => {
  async function mountDialog(profile: PbxProfile): Promise<HTMLElement> {
    const Host = () => h(PbxSignInDialog, { profile, keychainAvailable: true, busy: false, error: null })
    await mountInApp(Host)
    await flushPromises()
    return document.body.querySelector<HTMLElement>('.pbx-sign-in')!
  }

  it('says plain http where the password is typed', async () => {
    const dialog = await mountDialog(plainProfile)
    const shown = dialog.querySelectorAll('[data-warning="plain-http"]')
    expect(shown).toHaveLength(1)
    expect(shown[0]!.textContent?.trim()).toBe(PLAIN_HTTP_WARNING)
  })

  it.each([acmeProfile, loopbackProfile])('says nothing for $baseUrl', async (profile) => {
    const dialog = await mountDialog(profile)
    expect(dialog.querySelector('[data-warning="plain-http"]')).toBeNull()
  })
})
