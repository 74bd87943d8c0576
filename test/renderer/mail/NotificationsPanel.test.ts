import NotificationsPanel from '@renderer/components/notifications/NotificationsPanel.vue'
import { useSessionsStore } from '@renderer/stores/sessions'
import { flushPromises } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import { acmeProfile, createFakePbx, fail, globexProfile, installFakePbx, sampleProfile, signedIn, type FakePbx } from '../fake-pbx'
import { mountInApp } from '../mount-app'
import { button, click, feedbackOf, field, key, type } from './dom'
import { createMailFake, legacySettings, seededSettings, type MailFakeState } from './fake-mail'

/** An older PBX of the family: the system administrator's, with the older settings form. */
const oldProfile = sampleProfile({ id: 'p-old', label: 'Old tower', baseUrl: 'https://old.pbx.example', username: 'admin', domain: '' })

function setup(overrides: Parameters<typeof createFakePbx>[0] = {}, more: Partial<MailFakeState> = {}): { pbx: FakePbx; mail: MailFakeState } {
  const mail = createMailFake({
    settings: { [globexProfile.id]: seededSettings(), [oldProfile.id]: legacySettings() },
    variants: { [oldProfile.id]: 'legacy' },
    signedIn: new Set([globexProfile.id, oldProfile.id, acmeProfile.id]),
    ...more,
  })
  const pbx = installFakePbx(createFakePbx({ ...mail.operations, ...overrides }, { profiles: [acmeProfile, globexProfile, oldProfile] }))
  for (const profile of [acmeProfile, globexProfile, oldProfile]) pbx.state.sessions[profile.id] = signedIn(profile)
  return { pbx, mail: mail.state }
}

async function mountPanel(open: string | null = globexProfile.id) {
  const result = await mountInApp(NotificationsPanel, '/notifications')
  if (open !== null) await useSessionsStore().open(open)
  await flushPromises()
  return result
}

const form = () => document.body.querySelector<HTMLElement>('form.notification-form')!
const passwordInput = () => field('Password') as HTMLInputElement
const lastSaved = (pbx: FakePbx) => pbx.saveNotificationSettings.mock.lastCall?.[0]
const recipientChips = () => Array.from(form().querySelectorAll('.recipients-field .n-tag')).map((t) => t.textContent?.trim())

async function addRecipient(text: string): Promise<void> {
  const trigger = form().querySelector<HTMLElement>('button[aria-label="Add a recipient"]')
  if (trigger) await click(trigger)
  const input = form().querySelector<HTMLInputElement>('input[aria-label="Add a recipient"]')!
  await type(input, text)
  await key(input, { key: 'Enter' })
}

describe('NotificationsPanel', () => {
  it('needs an open PBX, and the system administrator', async () => {
    const { pbx } = setup()
    const { wrapper } = await mountPanel(null)
    expect(wrapper.find('h2').text()).toBe('Notifications')
    expect(wrapper.text()).toContain('Open a PBX first')

    await useSessionsStore().open(acmeProfile.id)
    await flushPromises()
    expect(wrapper.text()).toContain('Notifications need the system administrator of this PBX. Acme HQ is signed in as manager (Admin): sign in as the system administrator too')
    expect(wrapper.find('button').text()).toBe('Sign in as the system administrator of this PBX')
    expect(pbx.getNotificationSettings).not.toHaveBeenCalled()
  })

  it('shows the settings grouped; the password is never shown and the field says "unchanged"', async () => {
    const { pbx } = setup()
    await mountPanel()
    expect(pbx.getNotificationSettings).toHaveBeenCalledWith({ profileId: 'p-globex' })

    const titles = Array.from(form().querySelectorAll('.n-card-header__main')).map((t) => t.textContent?.trim())
    expect(titles).toEqual(['Email server', 'Addresses', 'Thresholds', 'Alerts'])
    expect(form().querySelector('[data-field="type"]')).not.toBeNull()
    expect(form().querySelector('[data-field="enable_tenant_access"]')).not.toBeNull()
    expect((field('Server') as HTMLInputElement).value).toBe('smtp.acme.example')
    expect((field('Port') as HTMLInputElement).value).toBe('587')
    expect((field('User name') as HTMLInputElement).value).toBe('alerts@acme.example')
    expect(passwordInput().value).toBe('')
    expect(passwordInput().placeholder).toBe('unchanged')
    expect(passwordInput().disabled).toBe(true)
    expect(recipientChips()).toEqual(['ops@acme.example', 'boss@acme.example'])
    expect(form().textContent).toContain('2 of 15')
    const legends = Array.from(form().querySelectorAll('legend')).map((l) => l.textContent?.trim())
    expect(legends).toEqual(['Resources', 'Security', 'License', 'Services and certificates'])
    const auth = Array.from(form().querySelectorAll('[data-field="auth"] .n-radio-button')).map((r) => r.textContent?.trim())
    expect(auth).toEqual(['None', 'Automatic', 'LOGIN', 'PLAIN'])
  })

  it('Save sends the current body without the password unless one was typed after "Change password"', async () => {
    const { pbx, mail } = setup()
    await mountPanel()
    expect(button('Save', form()).disabled).toBe(true)

    await type(field('Server'), 'mail.acme.example')
    await click(button('Save', form()))
    const first = lastSaved(pbx)
    expect(first).toMatchObject({ profileId: 'p-globex', variant: 'current', settings: { type: 'SMTP', server: 'mail.acme.example', username: 'alerts@acme.example', enable_tenant_access: true } })
    expect(first?.settings).not.toHaveProperty('password')
    expect(mail.passwords['p-globex']).toBeUndefined()

    await click(button('Change password', form()))
    expect(passwordInput().disabled).toBe(false)
    await type(passwordInput(), 'new-mail-secret')
    await click(button('Save', form()))
    expect(lastSaved(pbx)?.settings).toMatchObject({ password: 'new-mail-secret' })
    expect(mail.passwords['p-globex']).toBe('new-mail-secret')
    // after the save the field is empty and unchanged again: nothing to send next time
    expect(passwordInput().value).toBe('')
    expect(passwordInput().disabled).toBe(true)
    expect(button('Save', form()).disabled).toBe(true)
  })

  it('recipients: each chip is an email address, at most 15; the 16th is refused beside the field', async () => {
    const { pbx } = setup()
    await mountPanel()
    await addRecipient('not-an-address')
    expect(recipientChips()).toHaveLength(2)
    expect(form().querySelector('.recipients-field__error')?.textContent).toBe('“not-an-address” is not an email address')
    // the refused text stays in the box to be corrected
    const box = form().querySelector<HTMLInputElement>('input[aria-label="Add a recipient"]')!
    expect(box.value).toBe('not-an-address')
    await type(box, 'a1@acme.example, a2@acme.example')
    await key(box, { key: 'Enter' })
    expect(recipientChips()).toHaveLength(4)
    for (let i = 3; i <= 13; i++) await addRecipient(`a${i}@acme.example`)
    expect(recipientChips()).toHaveLength(15)
    expect(form().textContent).toContain('15 of 15')

    await addRecipient('a16@acme.example')
    expect(recipientChips()).toHaveLength(15)
    expect(form().querySelector('.recipients-field__error')?.textContent).toBe('The PBX takes at most 15 recipients: remove one before adding another.')

    await click(form().querySelector('.recipients-field .n-tag .n-tag__close'))
    expect(recipientChips()).toHaveLength(14)
    await click(button('Save', form()))
    expect(lastSaved(pbx)?.settings.recipients?.split(', ')).toHaveLength(14)
  })

  it('the older variant: no server type, no tenant access, sign-in LOGIN or PLAIN, and a body without them', async () => {
    const { pbx } = setup()
    await mountPanel(oldProfile.id)

    expect(form().textContent).toContain('This PBX has the older settings form')
    expect(form().querySelector('[data-field="type"]')).toBeNull()
    expect(form().querySelector('[data-field="enable_tenant_access"]')).toBeNull()
    expect(form().textContent).not.toContain('Tenant access')
    const auth = Array.from(form().querySelectorAll('[data-field="auth"] .n-radio-button')).map((r) => r.textContent?.trim())
    expect(auth).toEqual(['LOGIN', 'PLAIN'])

    await click(form().querySelector('[data-field="auth"] .n-radio-button:last-child'))
    await click(button('Save', form()))
    const saved = lastSaved(pbx)
    expect(saved).toMatchObject({ profileId: 'p-old', variant: 'legacy', settings: { auth: 'PLAIN', username: 'alerts@acme.example' } })
    expect(saved?.settings).not.toHaveProperty('type')
    expect(saved?.settings).not.toHaveProperty('enable_tenant_access')
    expect(saved?.settings).not.toHaveProperty('password')
  })

  it("puts main's field error beside its field, and a variant mismatch above the form with a reload", async () => {
    const answers = [
      fail('PBX_ERROR', 'server: the PBX cannot resolve this host', { field: 'server', status: 400 }),
      fail('INVALID_INPUT', 'variant: this PBX has the older notification settings; reload the form.', { field: 'variant' }),
    ]
    const { pbx } = setup({ saveNotificationSettings: async () => answers.shift()! })
    await mountPanel()
    await type(field('Server'), 'nowhere.invalid')
    await click(button('Save', form()))
    expect(feedbackOf(field('Server'))).toBe('the PBX cannot resolve this host')

    await type(field('Server'), 'smtp2.acme.example')
    expect(feedbackOf(field('Server'))).toBe('')
    await click(button('Save', form()))
    expect(form().querySelector('[role="alert"]')?.textContent).toContain('this PBX has the older notification settings; reload the form.')
    await click(button('Reload the form', form()))
    expect(pbx.getNotificationSettings).toHaveBeenCalledTimes(2)
  })

  it('checks fields with the contract before saving (a reply-to that is not an address)', async () => {
    const { pbx } = setup()
    await mountPanel()
    await type(field('Reply-to address'), 'nobody')
    await click(button('Save', form()))
    expect(pbx.saveNotificationSettings).not.toHaveBeenCalled()
    expect(feedbackOf(field('Reply-to address'))).toMatch(/email address/)
  })

  it('sends a test email to the first recipient by default, and says what happened', async () => {
    const { pbx, mail } = setup()
    await mountPanel()
    const card = document.body.querySelector<HTMLElement>('.test-email')!
    expect((field('Send to', card) as HTMLInputElement).value).toBe('ops@acme.example')
    await click(button('Send a test email', card))
    expect(pbx.sendTestEmail).toHaveBeenCalledWith({ profileId: 'p-globex', to: 'ops@acme.example' })
    expect(mail.sent).toEqual([{ profileId: 'p-globex', to: 'ops@acme.example' }])
    expect(card.textContent).toContain('The PBX accepted the test email to ops@acme.example')
  })

  it('a PBX without test emails: after its NOT_SUPPORTED the button is disabled and says so', async () => {
    const { pbx } = setup({}, { noTestEmail: { [globexProfile.id]: true } })
    await mountPanel()
    const card = document.body.querySelector<HTMLElement>('.test-email')!
    await click(button('Send a test email', card))
    expect(pbx.sendTestEmail).toHaveBeenCalledTimes(1)
    const disabled = button('This PBX does not offer test emails', card)
    expect(disabled.disabled).toBe(true)
    expect(card.textContent).toContain('This PBX does not offer test emails (POST /api/admin/notification/test_email).')
    await click(disabled)
    expect(pbx.sendTestEmail).toHaveBeenCalledTimes(1)
  })
})
