import { useSessionsStore } from '@renderer/stores/sessions'
import IvrServerNewView from '@renderer/views/IvrServerNewView.vue'
import { flushPromises, type VueWrapper } from '@vue/test-utils'
import { describe, expect, it, vi } from 'vitest'
import { acmeProfile, fail, globexProfile } from '../fake-pbx'
import { mountInApp } from '../mount-app'
import { blur, bodyButton, feedbackOf, field, setupIvr, type } from './ivr-setup'

async function mountWizard(open: string | null = globexProfile.id) {
  const result = await mountInApp(IvrServerNewView, '/ivr/new')
  if (open !== null) await useSessionsStore().open(open)
  await flushPromises()
  return result
}

const AT_LEAST_ONE = 'give an IPv4 or an IPv6 address (at least one is needed)'
/** whether the field is drawn as wrong (at once; its message fades in and out) */
const markedWrong = (label: string): boolean => field(label).closest('.n-form-item')?.querySelector('.n-form-item-blank--error') !== null
/** the title of the step the wizard is at (its status is "process", or "error" after a refusal) */
const currentStep = (wrapper: VueWrapper) =>
  wrapper.find(':is(.n-step--process-status, .n-step--error-status) .n-step-content-header__title').text()

async function submit(wrapper: VueWrapper): Promise<void> {
  await wrapper.find('form').trigger('submit')
  await flushPromises()
}

/** The description row labelled `label` on the Done step ('' when there is none). */
function detail(wrapper: VueWrapper, label: string): string {
  const labels = wrapper.findAll('.n-descriptions-table-header')
  const index = labels.findIndex((cell) => cell.text() === label)
  return index < 0 ? '' : (wrapper.findAll('.n-descriptions-table-content')[index]?.text() ?? '')
}

describe('IvrServerNewView', () => {
  it('needs the system administrator', async () => {
    const { pbx } = setupIvr()
    const { wrapper } = await mountWizard(acmeProfile.id)

    expect(wrapper.text()).toContain('IVR servers need the system administrator of this PBX')
    expect(wrapper.find('form').exists()).toBe(false)
    expect(pbx.createIvrServer).not.toHaveBeenCalled()
  })

  it('opens at the "Server" step with the name focused', async () => {
    setupIvr()
    const { wrapper } = await mountWizard()

    expect(wrapper.find('h2').text()).toBe('New IVR server on Globex hosting')
    expect(currentStep(wrapper)).toBe('Server')
    expect(document.activeElement).toBe(field('Name'))
    expect(bodyButton('Add server').getAttribute('type')).toBe('submit')
  })

  it('refuses a bad IPv4 address with the reason beside the field', async () => {
    const { pbx } = setupIvr()
    const { wrapper } = await mountWizard()

    await type(field('Name'), 'Reception 2')
    await type(field('IPv4 address'), '192.168.1.300')
    await blur(field('IPv4 address'))
    expect(feedbackOf('IPv4 address')).toBe('must be an IPv4 address (e.g. 192.168.1.50)')

    field('Name').focus()
    await submit(wrapper)
    expect(pbx.createIvrServer).not.toHaveBeenCalled()
    expect(feedbackOf('IPv4 address')).toBe('must be an IPv4 address (e.g. 192.168.1.50)')
    expect(feedbackOf('IPv6 address')).toBe('')
    // the caret goes to the field to put right
    expect(document.activeElement).toBe(field('IPv4 address'))

    await type(field('IPv6 address'), 'fe80::1::2')
    await submit(wrapper)
    expect(feedbackOf('IPv6 address')).toBe('must be an IPv6 address (e.g. 2001:db8::1)')
    expect(pbx.createIvrServer).not.toHaveBeenCalled()
  })

  it('does not ask for an address on leaving an empty one before "Add server"', async () => {
    setupIvr()
    await mountWizard()

    await type(field('Name'), 'Reception 2')
    field('IPv4 address').focus()
    await blur(field('IPv4 address'))
    expect(markedWrong('IPv4 address')).toBe(false)
    expect(feedbackOf('IPv4 address')).toBe('')
  })

  it('asks for at least one address beside both fields; typing one settles both', async () => {
    const { pbx } = setupIvr()
    const { wrapper } = await mountWizard()

    await submit(wrapper)
    expect(feedbackOf('Name')).toBe('must not be empty')
    expect(feedbackOf('IPv4 address')).toBe(AT_LEAST_ONE)
    expect(feedbackOf('IPv6 address')).toBe(AT_LEAST_ONE)
    expect(pbx.createIvrServer).not.toHaveBeenCalled()

    // Tab through the addresses: leaving one still empty keeps the reason beside both
    field('IPv4 address').focus()
    await blur(field('IPv4 address'))
    await blur(field('IPv6 address'))
    expect(markedWrong('IPv4 address')).toBe(true)
    expect(markedWrong('IPv6 address')).toBe(true)
    expect(feedbackOf('IPv4 address')).toBe(AT_LEAST_ONE)

    await type(field('IPv6 address'), '2001:db8::50')
    // the messages fade out
    await vi.waitFor(() => {
      expect(feedbackOf('IPv4 address')).toBe('')
      expect(feedbackOf('IPv6 address')).toBe('')
    })
  })

  it('sends only the addresses typed (an empty one is left out), then shows the server as the PBX read it back', async () => {
    const { pbx } = setupIvr()
    const { wrapper } = await mountWizard()

    await type(field('Name'), '  Reception 2 ')
    await type(field('IPv6 address'), ' 2001:db8::50 ')
    await submit(wrapper)

    expect(pbx.createIvrServer).toHaveBeenCalledTimes(1)
    const input = pbx.createIvrServer.mock.calls[0]![0]
    expect(input).toEqual({ profileId: 'p-globex', server: { name: 'Reception 2', enabled: true, ipv6: '2001:db8::50' } })
    expect(Object.keys(input.server)).not.toContain('ipv4')

    expect(currentStep(wrapper)).toBe('Done')
    expect(wrapper.find('.ivr-new__done-title').text()).toBe('Reception 2 was added to Globex hosting')
    expect(document.activeElement).toBe(wrapper.find('.ivr-new__done-title').element)
    expect(detail(wrapper, 'Name')).toBe('Reception 2')
    expect(detail(wrapper, 'Type')).toBe('EXTERNAL')
    expect(detail(wrapper, 'IPv4')).toBe('—')
    expect(detail(wrapper, 'IPv6')).toBe('2001:db8::50')
    expect(detail(wrapper, 'Enabled')).toBe('Yes')
    expect(detail(wrapper, 'Id')).toBe('ivr-100')
    expect(pbx.ivrServerStatuses).toHaveBeenCalledWith({ profileId: 'p-globex', serverIds: ['ivr-100'] })
    expect(detail(wrapper, 'Reachability')).toMatch(/^Reachable, checked \S/)
  })

  it('sends an IPv4 address alone, switched off; the PBX cannot reach a disabled server', async () => {
    const { pbx } = setupIvr()
    const { wrapper } = await mountWizard()

    await type(field('Name'), 'Night IVR')
    await type(field('IPv4 address'), '10.1.2.3')
    await wrapper.find('[role="switch"]').trigger('click')
    await submit(wrapper)

    expect(pbx.createIvrServer).toHaveBeenCalledWith({ profileId: 'p-globex', server: { name: 'Night IVR', enabled: false, ipv4: '10.1.2.3' } })
    expect(Object.keys(pbx.createIvrServer.mock.calls[0]![0].server)).not.toContain('ipv6')
    expect(detail(wrapper, 'Enabled')).toBe('No')
    expect(detail(wrapper, 'Reachability')).toMatch(/^Not reachable, checked \S/)
  })

  it('leaves Reachability out where the PBX does not report it', async () => {
    const { ivr } = setupIvr()
    ivr.noStatus[globexProfile.id] = true
    const { wrapper } = await mountWizard()

    await type(field('Name'), 'Reception 2')
    await type(field('IPv4 address'), '10.1.2.3')
    await submit(wrapper)

    expect(detail(wrapper, 'Name')).toBe('Reception 2')
    expect(detail(wrapper, 'Reachability')).toBe('')
    expect(wrapper.find('[role="alert"]').exists()).toBe(false)
  })

  it('puts the PBX’s error beside the field it names, and clears it once the field changes', async () => {
    const { pbx } = setupIvr()
    pbx.createIvrServer.mockResolvedValueOnce(
      fail('PBX_ERROR', 'ipv4: the address is used by another IVR server (409)', { field: 'ipv4', status: 409 }),
    )
    const { wrapper } = await mountWizard()

    await type(field('Name'), 'Reception 2')
    await type(field('IPv4 address'), '192.168.1.50')
    await submit(wrapper)

    expect(currentStep(wrapper)).toBe('Server')
    expect(feedbackOf('IPv4 address')).toBe('the address is used by another IVR server (409)')
    expect(document.activeElement).toBe(field('IPv4 address'))
    await type(field('IPv4 address'), '192.168.1.51')
    await vi.waitFor(() => expect(feedbackOf('IPv4 address')).toBe(''))
  })

  it('shows an error that names no field above the buttons; NOT_SIGNED_IN offers to sign in again', async () => {
    const { pbx } = setupIvr()
    pbx.createIvrServer
      .mockResolvedValueOnce(fail('UNREACHABLE', 'The PBX at https://pbx.globex.example did not answer.'))
      .mockResolvedValueOnce(fail('NOT_SIGNED_IN', 'The session on Globex hosting ended: sign in again.'))
    const { wrapper } = await mountWizard()

    await type(field('Name'), 'Reception 2')
    await type(field('IPv4 address'), '10.1.2.3')
    await submit(wrapper)
    expect(wrapper.find('[role="alert"]').text()).toContain('did not answer')
    expect(wrapper.find('[role="alert"]').text()).not.toContain('Sign in again')

    await submit(wrapper)
    const alert = wrapper.find('[role="alert"]')
    expect(alert.text()).toContain('The session on Globex hosting ended')
    await alert.findAll('button').find((b) => b.text() === 'Sign in again')!.trigger('click')
    await flushPromises()
    expect(pbx.openPbx).toHaveBeenLastCalledWith({ profileId: 'p-globex' })
    // what was typed is kept for the next try
    expect(field('Name').value).toBe('Reception 2')
  })

  it('"Add another" starts a blank form with the name focused; "Back to the list" returns', async () => {
    const { pbx } = setupIvr()
    const { wrapper, router } = await mountWizard()

    await type(field('Name'), 'Reception 2')
    await type(field('IPv4 address'), '10.1.2.3')
    await submit(wrapper)
    bodyButton('Add another').click()
    await flushPromises()

    expect(currentStep(wrapper)).toBe('Server')
    expect(field('Name').value).toBe('')
    expect(field('IPv4 address').value).toBe('')
    expect(feedbackOf('IPv4 address')).toBe('')
    expect(document.activeElement).toBe(field('Name'))

    await type(field('Name'), 'Reception 3')
    await type(field('IPv4 address'), '10.1.2.4')
    await submit(wrapper)
    expect(pbx.createIvrServer).toHaveBeenCalledTimes(2)
    expect(wrapper.find('.ivr-new__done-title').text()).toBe('Reception 3 was added to Globex hosting')

    bodyButton('Back to the list').click()
    await flushPromises()
    expect(router.currentRoute.value.name).toBe('ivr')
  })

  it('Escape and Cancel return to the list without adding anything', async () => {
    const { pbx } = setupIvr()
    const { wrapper, router } = await mountWizard()

    await type(field('Name'), 'Half typed')
    field('Name').dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
    await flushPromises()
    expect(router.currentRoute.value.name).toBe('ivr')

    await router.push('/ivr/new')
    await flushPromises()
    bodyButton('Cancel').click()
    await flushPromises()
    expect(router.currentRoute.value.name).toBe('ivr')
    expect(pbx.createIvrServer).not.toHaveBeenCalled()
    expect(wrapper.exists()).toBe(true)
  })
})
