import { emptyRuleDraft } from '@contract/outbound-draft'
import { useOutboundRuleEditorStore } from '@renderer/stores/outbound-rule-editor'
import { flushPromises } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import { acmeProfile, fail } from '../fake-pbx'
import { button, byAria, choose, chosenIn, click, dialogButton, feedbackAt, field, inputOf, key, place, type } from './dom'
import { installRulesFake, mountEditor, rulesState, TELCO_ONE } from './fake-rules'

async function open(path: string, pbxOpen: string | null = acmeProfile.id) {
  const result = await mountEditor(path, pbxOpen)
  return result
}

/** The header's primary button (Save, or Create rule for a new rule). */
function primary(): HTMLButtonElement {
  const found = document.body.querySelector<HTMLButtonElement>('.rule-editor__header button[type="submit"]')
  if (!found) throw new Error('no Save button')
  return found
}
const title = () => document.body.querySelector('.rule-editor__title')?.textContent?.trim()
const tags = (path: string) => Array.from(place(path).querySelectorAll('.number-tags__tag')).map((tag) => tag.getAttribute('data-entry'))

describe('the outbound rule editor: reading and saving', () => {
  it('needs an open PBX', async () => {
    installRulesFake()
    const { wrapper } = await open('/outbound/rules/rule-2', null)

    expect(wrapper.text()).toContain('Open a PBX first')
    expect(wrapper.find('a[href="#/outbound"], a[href="/outbound"]').text()).toContain('All outbound rules')
  })

  it('needs a user who may read outbound rules', async () => {
    const pbx = installRulesFake()
    pbx.state.sessions[acmeProfile.id] = { ...pbx.state.sessions[acmeProfile.id]!, user: { ...pbx.state.sessions[acmeProfile.id]!.user!, role_name: 'StandardUser', capabilities: [] } }
    const { wrapper } = await open('/outbound/rules/rule-2')

    expect(wrapper.text()).toContain('who may not read outbound rules')
    expect(pbx.getOutboundRule).not.toHaveBeenCalled()
  })

  it('reads the rule into the form: matching, routes with provider names, office hours, holidays by name and dates', async () => {
    const pbx = installRulesFake()
    await open('/outbound/rules/rule-2')

    expect(pbx.getOutboundRule).toHaveBeenCalledWith({ profileId: 'p-acme', ruleId: 'rule-2' })
    expect(pbx.outboundReferences).toHaveBeenCalledWith({ profileId: 'p-acme' })
    expect(title()).toBe('International')
    expect(field('Name').value).toBe('International')
    expect(field('Number prefix').value).toBe('00')
    expect(field('Priority').value).toBe('200')
    expect(tags('number_length')).toEqual([])
    expect(place('number_length').textContent).toContain('any length')
    expect(tags('number_mask')).toEqual(['100-199', '205'])

    expect(document.querySelectorAll('[data-route-index]')).toHaveLength(2)
    expect(chosenIn(place('routes.0.provider_id'))).toBe('Telco One')
    expect(chosenIn(place('routes.1.provider_id'))).toBe('Backup SIP')
    expect(inputOf('Route 2 strip digits').value).toBe('2')
    expect(inputOf('Route 2 prepend').value).toBe('0049')
    expect(inputOf('Route 2 outbound caller ID').value).toBe('4930123')

    expect(byAria('Monday on').getAttribute('aria-checked')).toBe('true')
    expect(inputOf('Monday range 1 from').value).toBe('08:00')
    expect(inputOf('Friday range 1 to').value).toBe('18:00')
    expect(byAria('Saturday on').getAttribute('aria-checked')).toBe('false')

    const holiday = document.querySelector('[data-holiday-id="hol-2"]')!
    expect(holiday.textContent).toContain('Christmas')
    expect(holiday.textContent).toContain('24–26 Dec, every year')

    expect(primary().disabled).toBe(true)
    expect(document.body.textContent).not.toContain('unsaved changes')
  })

  it('sends only what changed: a new name is an update of {name}, and the form then holds the rule as read back', async () => {
    const pbx = installRulesFake()
    await open('/outbound/rules/rule-2')

    await type(field('Name'), 'International calls')
    expect(document.body.textContent).toContain('unsaved changes')
    expect(primary().disabled).toBe(false)
    await click(primary())

    expect(pbx.updateOutboundRule).toHaveBeenCalledTimes(1)
    expect(pbx.updateOutboundRule).toHaveBeenCalledWith({ profileId: 'p-acme', ruleId: 'rule-2', changes: { name: 'International calls' } })
    expect(title()).toBe('International calls')
    expect(primary().disabled).toBe(true)
    expect(document.body.textContent).not.toContain('unsaved changes')
    expect(document.body.textContent).toContain('Saved International calls')
  })

  it('saves with Ctrl+S (and Cmd+S) wherever the focus is', async () => {
    const pbx = installRulesFake()
    await open('/outbound/rules/rule-2')

    await type(field('Number prefix'), '001')
    await key(field('Number prefix'), { key: 's', ctrlKey: true })
    expect(pbx.updateOutboundRule).toHaveBeenLastCalledWith({ profileId: 'p-acme', ruleId: 'rule-2', changes: { number_prefix: '001' } })

    await type(field('Number prefix'), '0044')
    await key(window, { key: 's', metaKey: true })
    expect(pbx.updateOutboundRule).toHaveBeenLastCalledWith({ profileId: 'p-acme', ruleId: 'rule-2', changes: { number_prefix: '0044' } })
    expect(pbx.updateOutboundRule).toHaveBeenCalledTimes(2)
  })

  it('creates a new rule with the whole draft, then shows it at its own address without reading it again', async () => {
    const pbx = installRulesFake()
    const { router } = await open('/outbound/rules/new')

    expect(title()).toBe('New outbound rule')
    expect(primary().textContent).toContain('Create rule')
    expect(primary().disabled).toBe(true)
    expect(document.body.textContent).toContain('No day on: the rule applies at any time')

    await type(field('Name'), 'Mobile')
    await type(field('Number prefix'), '01')
    await click(button('+ Add route'))
    // a route needs its provider before the rule can be saved
    expect(primary().disabled).toBe(true)
    expect(document.body.textContent).toContain('Route 1 provider: must not be empty')
    await choose(place('routes.0.provider_id'), 'Telco One')
    expect(primary().disabled).toBe(false)
    await click(primary())

    expect(pbx.createOutboundRule).toHaveBeenCalledTimes(1)
    expect(pbx.createOutboundRule).toHaveBeenCalledWith({
      profileId: 'p-acme',
      rule: {
        ...emptyRuleDraft(),
        name: 'Mobile',
        number_prefix: '01',
        routes: [{ enabled: true, provider_id: TELCO_ONE.id, strip_digits: 0, prepend: '', outbound_caller_id: '' }],
      },
    })
    await flushPromises()
    expect(router.currentRoute.value.name).toBe('outbound-rule')
    expect(router.currentRoute.value.params.ruleId).toBe('rule-10')
    expect(pbx.getOutboundRule).not.toHaveBeenCalled()
    expect(pbx.outboundReferences).toHaveBeenCalledTimes(1)
    expect(title()).toBe('Mobile')
    expect(primary().textContent).toContain('Save')
    expect(document.body.textContent).toContain('Created Mobile')

    // and an edit now updates the created rule
    await type(field('Name'), 'Mobile phones')
    await click(primary())
    expect(pbx.updateOutboundRule).toHaveBeenCalledWith({ profileId: 'p-acme', ruleId: 'rule-10', changes: { name: 'Mobile phones' } })
  })

  it('shows the contract’s problem beside the name (65 characters) and keeps Save disabled', async () => {
    installRulesFake()
    await open('/outbound/rules/rule-2')

    await type(field('Name'), 'x'.repeat(65))
    expect(feedbackAt('name')).toBe('must be at most 64 characters')
    expect(primary().disabled).toBe(true)
    expect(document.body.textContent).toContain('Name: must be at most 64 characters')
  })

  it('shows the PBX’s 400 about the name beside the name field, keeps the draft, and drops the message once the name changes', async () => {
    const pbx = installRulesFake(rulesState(), {
      updateOutboundRule: async () =>
        fail('PBX_ERROR', 'name: an outbound rule named Local exists already', { field: 'name', status: 409, pbxCode: 'CONFLICT' }),
    })
    await open('/outbound/rules/rule-2')

    await type(field('Name'), 'Local')
    await click(primary())

    expect(pbx.updateOutboundRule).toHaveBeenCalledWith({ profileId: 'p-acme', ruleId: 'rule-2', changes: { name: 'Local' } })
    expect(feedbackAt('name')).toBe('an outbound rule named Local exists already')
    expect(document.activeElement).toBe(field('Name'))
    expect(field('Name').value).toBe('Local')
    expect(document.body.textContent).toContain('unsaved changes')
    expect(document.querySelector('.rule-editor__form .n-alert')).toBeNull()

    await type(field('Name'), 'Local 2')
    expect(feedbackAt('name')).toBe('')
  })

  it('puts an error about a route’s field beside that field, and one about no field above the form', async () => {
    const answers = [
      fail('PBX_ERROR', 'routes.1.provider_id: unknown provider prov-2', { field: 'routes.1.provider_id', status: 400 }),
      fail('UNREACHABLE', 'The PBX at pbx.acme.example did not answer. Check the network.'),
    ]
    installRulesFake(rulesState(), { updateOutboundRule: async () => answers.shift()! })
    await open('/outbound/rules/rule-2')

    await type(inputOf('Route 1 prepend'), '0')
    await click(primary())
    expect(feedbackAt('routes.1.provider_id')).toBe('unknown provider prov-2')

    await click(primary())
    const alert = document.querySelector('.rule-editor__form .n-alert')
    expect(alert?.textContent).toContain('The rule was not saved')
    expect(alert?.textContent).toContain('did not answer')
    expect(inputOf('Route 1 prepend').value).toBe('0')
  })

  it('Revert asks, then puts the rule back as the PBX answered it', async () => {
    installRulesFake()
    await open('/outbound/rules/rule-2')

    await type(field('Name'), 'Changed')
    await click(button('Revert'))
    expect(document.querySelector('.n-dialog')?.textContent).toContain('Discard changes?')
    await click(dialogButton('Keep editing'))
    expect(field('Name').value).toBe('Changed')

    await click(button('Revert'))
    await click(dialogButton('Discard changes'))
    expect(field('Name').value).toBe('International')
    expect(primary().disabled).toBe(true)
  })

  it('says when the rule cannot be read, and offers to sign in when the session ended', async () => {
    installRulesFake(rulesState(), { getOutboundRule: async () => fail('NOT_SIGNED_IN', 'Sign in to Acme HQ again: the session ended.') })
    await open('/outbound/rules/rule-2')

    expect(document.body.textContent).toContain('The rule could not be read')
    expect(document.body.textContent).toContain('the session ended')
    expect(button('Sign in')).toBeTruthy()
  })

  it('says when the PBX has no such rule, and reads it again on Try again', async () => {
    const state = rulesState()
    const pbx = installRulesFake(state)
    await open('/outbound/rules/rule-404')

    expect(document.body.textContent).toContain('The PBX has no outbound rule rule-404 (404).')
    state.rules['rule-404'] = { ...state.rules['rule-2']!, id: 'rule-404', name: 'Found' }
    await click(button('Try again'))
    expect(pbx.getOutboundRule).toHaveBeenCalledTimes(2)
    expect(title()).toBe('Found')
  })

  it('lets a user who may only read rules see the rule, not change it', async () => {
    const pbx = installRulesFake()
    const session = pbx.state.sessions[acmeProfile.id]!
    const user = session.user!
    pbx.state.sessions[acmeProfile.id] = { ...session, user: { ...user, capabilities: (user.capabilities ?? []).filter((c) => c !== 'outbound_rules:write') } }
    await open('/outbound/rules/rule-2')

    expect(document.body.textContent).toContain('may read outbound rules, not change them')
    expect(field('Name').disabled).toBe(true)
    expect(primary().disabled).toBe(true)
  })
})

describe('the outbound rule editor: leaving with unsaved changes', () => {
  it('asks before leaving; Keep editing stays with the changes, Discard leaves', async () => {
    installRulesFake()
    const { router } = await open('/outbound/rules/rule-2')

    await type(field('Name'), 'Unsaved name')
    const stay = router.push('/pbxs')
    await flushPromises()
    expect(document.querySelector('.n-dialog')?.textContent).toContain('Discard changes?')
    await click(dialogButton('Keep editing'))
    await stay
    expect(router.currentRoute.value.fullPath).toBe('/outbound/rules/rule-2')
    expect(field('Name').value).toBe('Unsaved name')

    const leave = router.push('/pbxs')
    await flushPromises()
    await click(dialogButton('Discard changes'))
    await leave
    await flushPromises()
    expect(router.currentRoute.value.fullPath).toBe('/pbxs')
    // nothing is kept for next time
    expect(useOutboundRuleEditorStore().dirty).toBe(false)
  })

  it('leaves without asking when nothing changed', async () => {
    installRulesFake()
    const { router } = await open('/outbound/rules/rule-2')

    await router.push('/pbxs')
    await flushPromises()
    expect(document.querySelector('.n-dialog')).toBeNull()
    expect(router.currentRoute.value.fullPath).toBe('/pbxs')
  })

  it('asks too before going to another rule in the same editor', async () => {
    const state = rulesState()
    state.rules['rule-3'] = { ...state.rules['rule-2']!, id: 'rule-3', name: 'Local' }
    installRulesFake(state)
    const { router } = await open('/outbound/rules/rule-2')

    await type(field('Name'), 'Unsaved')
    const go = router.push('/outbound/rules/rule-3')
    await flushPromises()
    await click(dialogButton('Discard changes'))
    await go
    await flushPromises()
    expect(title()).toBe('Local')
    expect(field('Name').value).toBe('Local')
  })

  it('holds back closing the window while there are unsaved changes', async () => {
    installRulesFake()
    await open('/outbound/rules/rule-2')

    const clean = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(clean)
    expect(clean.defaultPrevented).toBe(false)

    await type(field('Name'), 'Unsaved')
    const dirty = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(dirty)
    expect(dirty.defaultPrevented).toBe(true)
  })

  it('Escape does not discard anything', async () => {
    installRulesFake()
    await open('/outbound/rules/rule-2')

    await type(field('Name'), 'Unsaved')
    await key(field('Name'), { key: 'Escape' })
    await key(document, { key: 'Escape' })
    expect(field('Name').value).toBe('Unsaved')
    expect(document.body.textContent).toContain('unsaved changes')
  })
})
