import TemplatesPanel from '@renderer/components/templates/TemplatesPanel.vue'
import { useSessionsStore } from '@renderer/stores/sessions'
import { flushPromises } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import { acmeProfile, createFakePbx, fail, globexProfile, installFakePbx, signedIn, starkProfile, type FakePbx } from '../fake-pbx'
import { mountInApp } from '../mount-app'
import { button, choose, click, dialog, feedbackOf, field, optionsOf, type } from './dom'
import { createMailFake, seededTemplates, type MailFakeState } from './fake-mail'

/** Acme and Stark (tenant admins) signed in; Globex (system administrator) too. Acme has two custom templates. */
function setup(overrides: Parameters<typeof createFakePbx>[0] = {}): { pbx: FakePbx; mail: MailFakeState } {
  const mail = createMailFake({ templates: { [acmeProfile.id]: seededTemplates() }, signedIn: new Set([acmeProfile.id, starkProfile.id, globexProfile.id]) })
  const pbx = installFakePbx(createFakePbx({ ...mail.operations, ...overrides }, { profiles: [acmeProfile, globexProfile, starkProfile] }))
  pbx.state.sessions[acmeProfile.id] = signedIn(acmeProfile)
  pbx.state.sessions[starkProfile.id] = signedIn(starkProfile)
  pbx.state.sessions[globexProfile.id] = signedIn(globexProfile)
  return { pbx, mail: mail.state }
}

async function mountPanel(open: string | null = acmeProfile.id) {
  const result = await mountInApp(TemplatesPanel, '/templates')
  if (open !== null) await useSessionsStore().open(open)
  await flushPromises()
  return result
}

const rows = () => Array.from(document.body.querySelectorAll<HTMLElement>('tr[data-template]'))
const row = (name: string) => document.body.querySelector<HTMLElement>(`tr[data-template="${name}"]`)
const editor = () => document.body.querySelector<HTMLElement>('.template-editor')
const frame = () => document.body.querySelector<HTMLIFrameElement>('iframe.template-preview__frame')

async function openKind(name: string): Promise<void> {
  await click(row(name))
}

describe('TemplatesPanel', () => {
  it('needs an open PBX, and a tenant administrator', async () => {
    const { pbx } = setup()
    const { wrapper } = await mountPanel(null)
    expect(wrapper.find('h2').text()).toBe('Email templates')
    expect(wrapper.text()).toContain('Open a PBX first')

    await useSessionsStore().open(globexProfile.id)
    await flushPromises()
    expect(wrapper.text()).toContain('Globex hosting is signed in as admin (SystemAdmin), who may not read email templates')
    expect(pbx.listEmailTemplates).not.toHaveBeenCalled()
  })

  it('lists the 14 kinds with a human title and a Customised or Default tag, and no count', async () => {
    const { pbx } = setup()
    const { wrapper } = await mountPanel()

    expect(pbx.listEmailTemplates).toHaveBeenCalledWith({ profileId: 'p-acme' })
    expect(rows()).toHaveLength(14)
    expect(rows()[0]?.textContent).toContain('New user account')
    expect(rows()[0]?.textContent).toContain('USER_CREATION')
    const tags = rows().map((r) => r.querySelector('[data-tag]')?.textContent?.trim())
    expect(tags.filter((t) => t === 'Customised')).toHaveLength(2)
    expect(tags.filter((t) => t === 'Default')).toHaveLength(12)
    expect(row('VOICEMAIL_RECEIVED')?.querySelector('[data-tag]')?.textContent).toBe('Customised')
    expect(row('DISK_LOW')?.querySelector('[data-tag]')?.textContent).toBe('Default')
    expect(wrapper.text()).not.toMatch(/\b(2|14)\s+(templates|kinds|emails)\b/i)
    expect(document.querySelector('.n-pagination')).toBeNull()
  })

  it('opens a kind in the editor; the preview is a sandboxed frame, placeholders replaced, no scripts', async () => {
    setup()
    await mountPanel()
    await openKind('VOICEMAIL_RECEIVED')

    expect(editor()?.querySelector('h2')?.textContent).toBe('New voicemail')
    expect(field('From').value).toBe('voicemail@acme.example')
    expect(field('Subject').value).toBe('Voicemail from {{caller}}')
    expect(field('Body').value).toContain('<b>{{caller}}</b>')

    const iframe = frame()!
    expect(iframe.getAttribute('sandbox')).toBe('')
    expect(iframe.getAttribute('sandbox')).not.toContain('allow-scripts')
    expect(iframe.getAttribute('sandbox')).not.toContain('allow-same-origin')
    const srcdoc = iframe.getAttribute('srcdoc') ?? ''
    expect(srcdoc).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`)
    expect(srcdoc).toContain('Voicemail from +49 30 1234567')
    expect(srcdoc).toContain('<b>+49 30 1234567</b> for Anna Schmidt')
    expect(srcdoc).not.toContain('{{caller}}')
    expect(srcdoc).not.toMatch(/<script/i)

    // the preview follows the editor; a plain-text body is escaped, not markup
    await type(field('Body'), 'Hi {{user_name}} <3 & bye')
    expect(frame()?.getAttribute('srcdoc')).toContain('<pre class="preview-text">Hi Anna Schmidt &lt;3 &amp; bye</pre>')
  })

  it('inserts a placeholder chip at the cursor of the field used last', async () => {
    setup()
    await mountPanel()
    await openKind('VOICEMAIL_RECEIVED')
    const chips = Array.from(editor()!.querySelectorAll<HTMLElement>('[data-placeholder]')).map((c) => c.textContent?.trim())
    expect(chips).toEqual(expect.arrayContaining(['{{user_name}}', '{{extension}}', '{{caller}}', '{{duration}}', '{{company}}']))

    const body = field('Body') as HTMLTextAreaElement
    await type(body, 'AB')
    body.dispatchEvent(new FocusEvent('focus'))
    body.setSelectionRange(1, 1)
    await click(editor()!.querySelector('[data-placeholder="duration"]'))
    expect(field('Body').value).toBe('A{{duration}}B')

    const subject = field('Subject') as HTMLInputElement
    subject.dispatchEvent(new FocusEvent('focus'))
    subject.setSelectionRange(0, 9) // "Voicemail" replaced
    await click(editor()!.querySelector('[data-placeholder="user_name"]'))
    expect(field('Subject').value).toBe('{{user_name}} from {{caller}}')
  })

  it('Save sends only what changed (update); a default kind is created with the fields filled in', async () => {
    const { pbx, mail } = setup()
    await mountPanel()
    await openKind('VOICEMAIL_RECEIVED')
    expect(button('Save').disabled).toBe(true)
    await type(field('Subject'), 'New message from {{caller}}')
    expect(editor()?.textContent).toContain('Unsaved changes')
    await click(button('Save'))
    expect(pbx.saveEmailTemplate).toHaveBeenLastCalledWith({ profileId: 'p-acme', name: 'VOICEMAIL_RECEIVED', template: { subject: 'New message from {{caller}}' } })
    expect(mail.templates['p-acme']?.find((t) => t.name === 'VOICEMAIL_RECEIVED')?.subject).toBe('New message from {{caller}}')
    expect(editor()?.textContent).not.toContain('Unsaved changes')
    expect(document.body.textContent).toContain('New voicemail saved on the PBX')

    await openKind('DISK_LOW')
    expect(field('From').value).toBe('')
    await type(field('Subject'), 'Disk at {{disk_usage}}')
    await type(field('Body'), 'The disk of {{server}} is {{disk_usage}} full.')
    await click(button('Save'))
    expect(pbx.saveEmailTemplate).toHaveBeenLastCalledWith({
      profileId: 'p-acme',
      name: 'DISK_LOW',
      template: { subject: 'Disk at {{disk_usage}}', body: 'The disk of {{server}} is {{disk_usage}} full.' },
    })
    expect(row('DISK_LOW')?.querySelector('[data-tag]')?.textContent).toBe('Customised')
    // the PBX's answer (its default sender filled in) is what the editor shows now
    expect(field('From').value).toBe('noreply@pbx.example')
  })

  it('checks the sender with the contract before saving, and puts main’s field error beside its field', async () => {
    const { pbx } = setup({
      saveEmailTemplate: async () => fail('PBX_ERROR', 'subject: the PBX refuses this subject', { field: 'subject', status: 400 }),
    })
    await mountPanel()
    await openKind('USER_CREATION')
    await type(field('From'), 'not an address')
    await click(button('Save'))
    expect(pbx.saveEmailTemplate).not.toHaveBeenCalled()
    expect(feedbackOf(field('From'))).toMatch(/email address/)

    await type(field('From'), 'hello@acme.example')
    await click(button('Save'))
    expect(pbx.saveEmailTemplate).toHaveBeenCalledTimes(1)
    expect(feedbackOf(field('Subject'))).toBe('the PBX refuses this subject')
  })

  it('Revert reads the PBX again and puts the draft back to what it has', async () => {
    const { pbx, mail } = setup()
    await mountPanel()
    await openKind('USER_CREATION')
    await type(field('Subject'), 'Something else')
    // meanwhile someone changed it on the PBX
    mail.templates['p-acme']![0]!.subject = 'Changed elsewhere'
    await click(button('Revert to what the PBX has'))
    expect(pbx.listEmailTemplates).toHaveBeenCalledTimes(2)
    expect(field('Subject').value).toBe('Changed elsewhere')
    expect(editor()?.textContent).not.toContain('Unsaved changes')
  })

  it('asks before unsaved changes are dropped by choosing another kind', async () => {
    setup()
    await mountPanel()
    await openKind('USER_CREATION')
    await type(field('Subject'), 'Draft subject')

    await openKind('RECHARGE')
    expect(dialog()?.textContent).toContain('Your changes to the New user account template are not saved')
    await click(button('Keep editing', dialog()!))
    await flushPromises()
    expect(editor()?.getAttribute('data-editing')).toBe('USER_CREATION')
    expect(field('Subject').value).toBe('Draft subject')

    await openKind('RECHARGE')
    await click(button('Discard changes', dialog()!))
    expect(editor()?.getAttribute('data-editing')).toBe('RECHARGE')
  })

  it('copies a customised kind to another signed-in PBX; PBXs that cannot take it are offered disabled', async () => {
    const { pbx, mail } = setup()
    await mountPanel()
    await openKind('DISK_LOW')
    expect(button('Copy to another PBX…').disabled).toBe(true)

    await openKind('VOICEMAIL_RECEIVED')
    await click(button('Copy to another PBX…'))
    const dialog = document.querySelector<HTMLElement>('.n-modal')!
    expect(dialog.textContent).toContain('Copy New voicemail (VOICEMAIL_RECEIVED) to another PBX')
    const select = dialog.querySelector('.template-copy__select')!
    expect(await optionsOf(select)).toEqual([
      { text: 'Globex hosting (this account may not change templates)', disabled: true },
      { text: 'Stark HQ', disabled: false },
    ])
    await choose(select, 'Stark HQ')
    await click(button('Copy', dialog))

    expect(pbx.copyEmailTemplate).toHaveBeenCalledWith({ fromProfileId: 'p-acme', toProfileId: 'p-stark', name: 'VOICEMAIL_RECEIVED' })
    expect(mail.templates['p-stark']?.[0]).toEqual(seededTemplates()[1])
    expect(document.body.textContent).toContain('New voicemail (VOICEMAIL_RECEIVED) copied to Stark HQ: customised there for the first time')
  })

  it('a PBX signed out meanwhile answers NOT_SIGNED_IN: the panel says so and offers to sign in again', async () => {
    const { pbx, mail } = setup()
    mail.signedIn.delete(acmeProfile.id)
    await mountPanel()
    expect(document.body.textContent).toContain('Sign in to this PBX first.')
    await click(button('Sign in again'))
    expect(pbx.openPbx).toHaveBeenLastCalledWith({ profileId: 'p-acme' })
  })
})
