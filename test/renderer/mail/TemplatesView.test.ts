import { useEmailTemplatesStore } from '@renderer/stores/email-templates'
import { useSessionsStore } from '@renderer/stores/sessions'
import { flushPromises } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import { RouterView } from 'vue-router'
import { acmeProfile, createFakePbx, installFakePbx, signedIn } from '../fake-pbx'
import { mountInApp } from '../mount-app'
import { button, click, dialog, field, type } from './dom'
import { createMailFake, seededTemplates } from './fake-mail'

// The route's guard: leaving the templates screen with unsaved changes asks first.

describe('TemplatesView', () => {
  it('asks before leaving with unsaved changes; "Keep editing" stays, "Discard changes" leaves', async () => {
    const mail = createMailFake({ templates: { [acmeProfile.id]: seededTemplates() }, signedIn: new Set([acmeProfile.id]) })
    const pbx = installFakePbx(createFakePbx(mail.operations))
    pbx.state.sessions[acmeProfile.id] = signedIn(acmeProfile)
    const { router } = await mountInApp(RouterView, '/templates')
    await useSessionsStore().open(acmeProfile.id)
    await flushPromises()

    await click(document.querySelector('tr[data-template="USER_CREATION"]'))
    await type(field('Subject'), 'Not saved yet')

    let leaving = router.push('/pbxs')
    await flushPromises()
    expect(dialog()?.textContent).toContain('Your changes to the New user account template are not saved')
    await click(button('Keep editing', dialog()!))
    await leaving
    expect(router.currentRoute.value.path).toBe('/templates')
    expect(field('Subject').value).toBe('Not saved yet')

    leaving = router.push('/pbxs')
    await flushPromises()
    await click(button('Discard changes', dialog()!))
    await leaving
    expect(router.currentRoute.value.path).toBe('/pbxs')
    expect(useEmailTemplatesStore().dirty).toBe(false)
  })
})
