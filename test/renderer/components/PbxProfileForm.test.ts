import type { PbxProfile } from '@contract/profiles'
import PbxProfileForm from '@renderer/components/pbx/PbxProfileForm.vue'
import { useProfilesStore } from '@renderer/stores/profiles'
import { flushPromises } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import { defineComponent, h, ref } from 'vue'
import {
  acmeProfile,
  createFakePbx,
  fail,
  installFakePbx,
  ok,
  OLD_WAYNE_FINGERPRINT,
  renewedCertificate,
  sampleInfo,
  selfSignedCertificate,
  wayneProfile,
  type FakePbx,
} from '../fake-pbx'
import { mountInApp } from '../mount-app'

const shown = ref(true)
const saved: PbxProfile[] = []

async function mountForm(profile: PbxProfile | null = null) {
  shown.value = true
  saved.length = 0
  const Host = defineComponent({
    setup: () => () =>
      h(PbxProfileForm, {
        show: shown.value,
        profile,
        'onUpdate:show': (value: boolean) => (shown.value = value),
        onSaved: (p: PbxProfile) => saved.push(p),
      }),
  })
  await mountInApp(Host)
  await flushPromises()
}

const modal = () => document.body.querySelector<HTMLElement>('.pbx-profile-form')!

/** The input a visible label names. */
function field(label: string): HTMLInputElement | HTMLTextAreaElement {
  const labelEl = Array.from(modal().querySelectorAll('label')).find((l) => l.textContent?.replace('*', '').trim() === label)
  const input = labelEl && document.getElementById(labelEl.htmlFor)
  if (!input) throw new Error(`no field labelled "${label}"`)
  return input as HTMLInputElement
}

/** The feedback under the form item of a field (not one fading out). */
function feedback(label: string): string {
  const shown = field(label).closest('.n-form-item')?.querySelector('.n-form-item-feedback:not([class*="leave-active"])')
  return shown?.textContent?.trim() ?? ''
}

async function type(label: string, value: string): Promise<void> {
  const input = field(label)
  input.value = value
  input.dispatchEvent(new Event('input'))
  await flushPromises()
}

async function submit(): Promise<void> {
  modal().querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }))
  await flushPromises()
}

function modalButton(text: string): HTMLButtonElement {
  const found = Array.from(modal().querySelectorAll('button')).find((b) => b.textContent?.trim() === text)
  if (!found) throw new Error(`no button "${text}"`)
  return found
}

/** A button anywhere in the document (Naive UI's confirmation dialogs are teleported), the newest first. */
function bodyButton(text: string): HTMLButtonElement {
  const found = Array.from(document.body.querySelectorAll('button')).findLast((b) => b.textContent?.trim() === text)
  if (!found) throw new Error(`no button "${text}" in the document`)
  return found
}

describe('PbxProfileForm', () => {
  it('labels every field, focuses the label, and marks the required ones', async () => {
    installFakePbx()
    await mountForm()

    expect(modal().textContent).toContain('Add PBX')
    for (const label of ['Label', 'Address', 'User name', 'Tenant domain', 'Customer', 'Notes']) expect(field(label)).toBeTruthy()
    expect(document.activeElement).toBe(field('Label'))
    expect(modal().querySelector('[role="radiogroup"]')?.textContent).toContain('Sign-in API')
    expect(modal().querySelector('[role="radiogroup"]')?.textContent).toContain('OAuth 2.0')
    expect(modal().textContent).toContain('Leave it empty to sign in as the system administrator')
    const required = Array.from(modal().querySelectorAll('.n-form-item-label__asterisk')).map((a) => a.closest('label')?.textContent?.replace('*', '').trim())
    expect(required).toEqual(['Label', 'Address', 'User name'])
  })

  it('shows the contract’s messages beside the fields and does not save', async () => {
    const pbx = installFakePbx()
    await mountForm()

    await type('Address', 'pbx.example.com')
    await type('User name', '.manager')
    await submit()

    expect(feedback('Label')).toBe('enter a name for this PBX')
    expect(feedback('Address')).toBe('enter an http:// or https:// address, e.g. https://pbx.example.com:8887')
    expect(feedback('User name')).toBe('must not start or end with a period')
    expect(feedback('Tenant domain')).toBe('')
    expect(pbx.saveProfile).not.toHaveBeenCalled()
  })

  it('saves a new PBX with every field (Enter submits) and closes', async () => {
    const pbx = installFakePbx()
    await mountForm()

    await type('Label', 'Initech')
    await type('Address', '  https://pbx.initech.example:8887 ')
    await type('User name', 'manager')
    await type('Tenant domain', 'initech.pbx.example')
    ;(modal().querySelectorAll<HTMLInputElement>('input[type="radio"]')[1]!).click()
    await type('Customer', 'Initech Inc')
    await type('Notes', 'Gate code 1234')
    await submit()

    expect(pbx.saveProfile).toHaveBeenCalledWith({
      fields: {
        label: 'Initech',
        baseUrl: 'https://pbx.initech.example:8887',
        username: 'manager',
        domain: 'initech.pbx.example',
        signInMethod: 'oauth',
        customer: 'Initech Inc',
        tags: [],
        notes: 'Gate code 1234',
        group: '',
        colour: '',
        favourite: false,
      },
    })
    expect(saved.map((p) => p.label)).toEqual(['Initech'])
    expect(shown.value).toBe(false)
  })

  it("sets the fleet's group (offering the groups in use), colour (named swatches) and favourite, and saves them", async () => {
    const pbx = installFakePbx(
      createFakePbx({}, { profiles: [{ ...acmeProfile, group: 'North' }, { ...wayneProfile, group: 'Nordics' }, { ...wayneProfile, id: 'p-w2', group: 'South' }] }),
    )
    await mountForm()
    // the groups other saved PBXs are in, once the list is read
    await useProfilesStore().load()
    await type('Label', 'Initech')
    await type('Address', 'https://pbx.initech.example')
    await type('User name', 'manager')
    field('Group').focus()
    await type('Group', 'nor')
    const offered = Array.from(document.body.querySelectorAll('.n-base-select-option')).map((o) => o.textContent?.trim())
    expect(offered).toEqual(['Nordics', 'North'])

    await type('Group', 'North')
    const colours = modal().querySelector<HTMLElement>('[role="radiogroup"][aria-labelledby]:has([data-colour])')!
    const colourLabel = document.getElementById(colours.getAttribute('aria-labelledby')!)
    expect(colourLabel?.textContent?.trim()).toBe('Colour')
    const swatches = Array.from(colours.querySelectorAll<HTMLElement>('[data-colour]'))
    expect(swatches.map((swatch) => swatch.textContent?.trim())).toEqual(['None', 'Red', 'Orange', 'Yellow', 'Green', 'Teal', 'Blue', 'Purple', 'Grey'])
    expect(colours.querySelector<HTMLInputElement>('[data-colour="none"] input')!.checked).toBe(true)
    colours.querySelector<HTMLInputElement>('[data-colour="teal"] input')!.click()
    await flushPromises()
    const favourite = Array.from(modal().querySelectorAll<HTMLElement>('.n-checkbox')).find((c) => c.textContent?.includes('Favourite'))!
    expect(favourite.getAttribute('aria-checked')).toBe('false')
    favourite.click()
    await flushPromises()
    await submit()

    expect(pbx.saveProfile).toHaveBeenCalledWith({
      fields: {
        label: 'Initech',
        baseUrl: 'https://pbx.initech.example',
        username: 'manager',
        domain: '',
        signInMethod: 'sign_in',
        customer: '',
        tags: [],
        notes: '',
        group: 'North',
        colour: 'teal',
        favourite: true,
      },
    })
    expect(saved.map((p) => [p.group, p.colour, p.favourite])).toEqual([['North', 'teal', true]])
  })

  it('fills in the group, colour and favourite of a saved PBX, and checks the group’s length', async () => {
    const pbx = installFakePbx()
    await mountForm({ ...acmeProfile, group: 'South', colour: 'red', favourite: true })
    expect(field('Group').value).toBe('South')
    expect(modal().querySelector<HTMLInputElement>('[data-colour="red"] input')!.checked).toBe(true)
    expect(modal().querySelector('.n-checkbox--checked')?.textContent).toContain('Favourite')

    await type('Group', 'x'.repeat(61))
    await submit()
    expect(feedback('Group')).toBe('must be at most 60 characters')
    expect(pbx.saveProfile).not.toHaveBeenCalled()
  })

  it("keeps a PBX's fleet group, colour and favourite when other fields are edited", async () => {
    const pbx = installFakePbx()
    await mountForm({ ...acmeProfile, group: 'South', colour: 'red', favourite: true })
    await type('Label', 'Acme south')
    await submit()
    expect(pbx.saveProfile.mock.calls[0]?.[0]).toMatchObject({ id: 'p-acme', fields: { label: 'Acme south', group: 'South', colour: 'red', favourite: true } })
  })

  it('edits a saved PBX: its fields filled in, its id sent', async () => {
    const pbx = installFakePbx()
    await mountForm(acmeProfile)

    expect(modal().textContent).toContain('Edit Acme HQ')
    expect(field('Address').value).toBe('https://pbx.acme.example:8887')
    expect(modal().querySelector('.n-dynamic-tags')?.textContent).toContain('retail')
    await type('Label', 'Acme head office')
    await submit()

    expect(pbx.saveProfile.mock.calls[0]?.[0]).toMatchObject({ id: 'p-acme', fields: { label: 'Acme head office', tags: ['retail', 'priority'] } })
  })

  it('puts an error from main that names a field beside that field, until it is changed', async () => {
    const pbx = installFakePbx()
    pbx.saveProfile.mockResolvedValueOnce(
      fail('PBX_ERROR', 'The PBX knows no tenant acme.example: check the domain', { field: 'fields.domain', status: 404 }),
    )
    await mountForm(acmeProfile)

    await submit()

    expect(feedback('Tenant domain')).toBe('The PBX knows no tenant acme.example: check the domain')
    expect(shown.value).toBe(true)
    await type('Tenant domain', 'acme2.pbx.example')
    expect(feedback('Tenant domain')).toBe('')
  })

  it('shows an error that names no field above the form', async () => {
    const pbx = installFakePbx()
    pbx.saveProfile.mockResolvedValueOnce(fail('INTERNAL', 'profiles.json could not be written: disk full'))
    await mountForm(acmeProfile)

    await submit()

    expect(modal().querySelector('.pbx-profile-form__error')?.textContent).toContain('profiles.json could not be written: disk full')
  })

  describe('Test connection', () => {
    async function testWith(pbx: FakePbx, address: string, domain = ''): Promise<void> {
      await mountForm()
      await type('Address', address)
      await type('Tenant domain', domain)
      modalButton('Test connection').click()
      await flushPromises()
      expect(pbx.saveProfile).not.toHaveBeenCalled()
    }

    it('shows the web domain, the addresses and the tenant', async () => {
      const pbx = installFakePbx(createFakePbx({ probePbx: async () => ok({ ...sampleInfo, name: 'Acme Corp', domain: 'acme.pbx.example' }) }))
      await testWith(pbx, 'https://pbx.acme.example:8887', 'acme.pbx.example')

      expect(pbx.probePbx).toHaveBeenCalledWith({ baseUrl: 'https://pbx.acme.example:8887', domain: 'acme.pbx.example' })
      const result = modal().querySelector('.pbx-profile-form__probe')!.textContent
      expect(result).toContain('This address answers as a PBX')
      expect(result).toContain('pbx.demo.example')
      expect(result).toContain('203.0.113.10')
      expect(result).toContain('2001:db8::10')
      expect(result).toContain('Acme Corp (acme.pbx.example)')
    })

    it('asks without a domain when none is given, and shows no tenant', async () => {
      const pbx = installFakePbx()
      await testWith(pbx, 'https://pbx.acme.example:8887')

      expect(pbx.probePbx).toHaveBeenCalledWith({ baseUrl: 'https://pbx.acme.example:8887' })
      expect(modal().querySelector('.pbx-profile-form__probe')!.textContent).not.toContain('Tenant')
    })

    it.each([
      ['UNREACHABLE', 'Nothing answered at pbx.nowhere.example:8887: check the address and port'],
      ['NOT_A_PBX', 'https://example.com answered HTML, not a PBX: check the address and port'],
    ] as const)('shows the message of %s', async (code, message) => {
      const pbx = installFakePbx(createFakePbx({ probePbx: async () => fail(code, message) }))
      await testWith(pbx, 'https://pbx.nowhere.example:8887')

      const alert = modal().querySelector('.pbx-profile-form__probe')!
      expect(alert.textContent).toContain('Connection test failed')
      expect(alert.textContent).toContain(message)
    })

    it('puts a PBX error about the domain beside the domain', async () => {
      const pbx = installFakePbx(
        createFakePbx({ probePbx: async () => fail('PBX_ERROR', 'The PBX knows no tenant nope.example', { field: 'domain', status: 404 }) }),
      )
      await testWith(pbx, 'https://pbx.acme.example:8887', 'nope.example')

      expect(feedback('Tenant domain')).toBe('The PBX knows no tenant nope.example')
      expect(modal().querySelector('.pbx-profile-form__probe')).toBeNull()
    })

    it('does not ask an address that fails the contract', async () => {
      const pbx = installFakePbx()
      await testWith(pbx, 'pbx.acme.example')

      expect(pbx.probePbx).not.toHaveBeenCalled()
      expect(feedback('Address')).toBe('enter an http:// or https:// address, e.g. https://pbx.example.com:8887')
    })
  })

  describe('Trusting a certificate', () => {
    const umbrellaTrusted = {
      fingerprint256: selfSignedCertificate.fingerprint256,
      subject: selfSignedCertificate.subject,
      validTo: selfSignedCertificate.validTo,
    }

    it('a self-signed certificate met by Test connection: trusted, tested again with it, and saved with the PBX', async () => {
      const pbx = installFakePbx()
      await mountForm()
      await type('Label', 'Umbrella branch')
      await type('Address', 'https://pbx.umbrella.example:8887')
      await type('User name', 'manager')

      modalButton('Test connection').click()
      await flushPromises()

      const card = modal().querySelector<HTMLElement>('.pbx-certificate')!
      expect(card.textContent).toContain('A1:B2:C3:D4')
      expect(card.textContent).toContain('Compare this fingerprint with the one shown on the PBX')
      expect(modal().textContent).not.toContain('Connection test failed')
      expect(document.activeElement).toBe(card)

      modalButton('Trust this certificate for this PBX').click()
      await flushPromises()

      expect(pbx.probePbx).toHaveBeenLastCalledWith({ baseUrl: 'https://pbx.umbrella.example:8887', trustedFingerprint256: selfSignedCertificate.fingerprint256 })
      expect(modal().querySelector('.pbx-certificate')).toBeNull()
      expect(modal().querySelector('.pbx-profile-form__probe')?.textContent).toContain('This address answers as a PBX')
      expect(modal().querySelector('.pbx-profile-form__trusted')?.textContent).toContain('Trusted certificate: A1:B2:C3:D4 E5:F6:07:18')
      expect(document.activeElement).toBe(modalButton('Test connection'))

      await submit()

      expect(pbx.saveProfile).toHaveBeenCalledWith({
        fields: expect.objectContaining({ label: 'Umbrella branch', baseUrl: 'https://pbx.umbrella.example:8887' }),
        trustedCertificate: umbrellaTrusted,
      })
      expect(saved[0]?.trustedCertificate).toEqual(umbrellaTrusted)
    })

    it('editing a PBX shows the certificate it trusts; "Stop trusting" saves null', async () => {
      const pbx = installFakePbx(createFakePbx({}, { profiles: [wayneProfile] }))
      await mountForm(wayneProfile)

      const line = modal().querySelector('.pbx-profile-form__trusted')!
      expect(line.textContent).toContain('Trusted certificate: 11:22:33:44 55:66:77:88')
      expect(line.textContent).toContain('valid to')
      expect(line.textContent).toContain('2026')

      modalButton('Stop trusting').click()
      await flushPromises()
      expect(modal().textContent).toContain('The certificate will no longer be trusted once you save.')
      await submit()

      expect(pbx.saveProfile.mock.calls[0]?.[0]).toMatchObject({ id: 'p-wayne', trustedCertificate: null })
      expect(pbx.state.profiles[0]?.trustedCertificate).toBeNull()
    })

    it('editing without touching the certificate leaves it out of the save', async () => {
      const pbx = installFakePbx(createFakePbx({}, { profiles: [wayneProfile] }))
      await mountForm(wayneProfile)

      await submit()

      expect(pbx.saveProfile.mock.calls[0]?.[0]).not.toHaveProperty('trustedCertificate')
    })

    it('a changed certificate: tested with the trusted one, the new one trusted after the confirmation', async () => {
      const pbx = installFakePbx(createFakePbx({}, { profiles: [wayneProfile] }))
      await mountForm(wayneProfile)

      modalButton('Test connection').click()
      await flushPromises()
      expect(pbx.probePbx).toHaveBeenLastCalledWith({ baseUrl: 'https://pbx.wayne.example', trustedFingerprint256: OLD_WAYNE_FINGERPRINT })
      expect(modal().querySelector('.pbx-certificate')?.textContent).toContain('The certificate has changed since you trusted it')

      modalButton('Trust the new certificate').click()
      await flushPromises()
      expect(pbx.probePbx).toHaveBeenCalledTimes(1)
      bodyButton('Trust it').click()
      await flushPromises()

      expect(pbx.probePbx).toHaveBeenLastCalledWith({ baseUrl: 'https://pbx.wayne.example', trustedFingerprint256: renewedCertificate.fingerprint256 })
      await submit()
      expect(pbx.saveProfile.mock.calls[0]?.[0]).toMatchObject({
        id: 'p-wayne',
        trustedCertificate: { fingerprint256: renewedCertificate.fingerprint256, subject: renewedCertificate.subject, validTo: renewedCertificate.validTo },
      })
    })
  })

  it('Cancel closes without saving', async () => {
    const pbx = installFakePbx()
    await mountForm()

    modalButton('Cancel').click()
    await flushPromises()

    expect(shown.value).toBe(false)
    expect(pbx.saveProfile).not.toHaveBeenCalled()
  })
})
