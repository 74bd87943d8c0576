import { useSessionsStore } from '@renderer/stores/sessions'
import { flushPromises, type VueWrapper } from '@vue/test-utils'
import RuleCopyDialog from '@renderer/components/outbound/RuleCopyDialog.vue'
import { NModal, NSelect } from 'naive-ui'
import { describe, expect, it } from 'vitest'
import { acmeProfile } from '../fake-pbx'
import { branchProfile } from './fake-outbound'
import { bodyButton, click, mountOutbound, ruleNames, setupOutbound, type } from './setup'

const dialog = () => document.body.querySelector<HTMLElement>('.rule-copy-dialog')
const input = (label: string): HTMLInputElement => {
  const found = dialog()?.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`)
  if (!found) throw new Error(`no input "${label}" in the dialog`)
  return found
}
const select = (wrapper: VueWrapper, label: string) =>
  wrapper.findAllComponents(NSelect).find((s) => s.find(`input[aria-label="${label}"]`).exists())!
/** whether the copy dialog is shown (a closed modal stays in the document until its transition ends) */
const shown = (wrapper: VueWrapper) => wrapper.findComponent(RuleCopyDialog).findComponent(NModal).props('show')
const createButton = () => Array.from(dialog()?.querySelectorAll('button') ?? []).find((b) => b.textContent?.trim().startsWith('Create'))!

/** Acme's list with Local and International chosen, and the copy dialog open at the first step. */
async function openDialog(options: { branchSignedIn?: boolean } = {}) {
  const setup = setupOutbound({ rules: 5, ...options })
  const result = await mountOutbound()
  const box = (name: string) => result.wrapper.find(`[role="checkbox"][aria-label="${name}"]`)
  await box('Select Local').trigger('click')
  await box('Select International').trigger('click')
  await click(bodyButton('Copy to another PBX… (2)'))
  return { ...setup, ...result }
}

async function chooseBranch(): Promise<void> {
  const radio = dialog()?.querySelector<HTMLInputElement>(`[data-profile-id="${branchProfile.id}"] input[type="radio"]`)
  if (!radio) throw new Error('no radio for the branch PBX')
  radio.click()
  await flushPromises()
}

describe('Copy rules to another PBX', { timeout: 30_000 }, () => {
  it('offers the other tenant PBXs as targets, with whether each is signed in', async () => {
    await openDialog({ branchSignedIn: false })

    expect(dialog()?.textContent).toContain('Copy 2 rules to another PBX')
    expect(dialog()?.textContent).toContain('From Acme HQ: Local, International.')
    const target = dialog()!.querySelector(`[data-profile-id="${branchProfile.id}"]`)!
    expect(target.textContent).toContain('Acme branch')
    expect(target.textContent).toContain('sign-in needed')
    // a system administrator's PBX has no outbound rules, and the source is not a target
    expect(dialog()?.querySelectorAll('input[type="radio"]')).toHaveLength(1)
    expect(dialog()?.textContent).toContain('Not offered: Globex hosting')
    expect(bodyButton('Next').disabled).toBe(true)
  })

  it('previews with the providers and holidays matched by name; an unmapped provider blocks "Create"; the confirmed names and mapping are sent', async () => {
    const { pbx, wrapper } = await openDialog()
    await chooseBranch()
    expect(bodyButton('Next').disabled).toBe(false)
    await click(bodyButton('Next'))

    expect(pbx.previewRuleCopy).toHaveBeenCalledWith({ fromProfileId: 'p-acme', toProfileId: 'p-branch', ruleIds: ['rule-2', 'rule-3'] })
    expect(pbx.copyRules).not.toHaveBeenCalled()

    // names: the branch has a Local already, so its copy is offered as "Local (2)"
    expect(input('Name of the copy of Local').value).toBe('Local (2)')
    expect(input('Name of the copy of International').value).toBe('International')
    expect(dialog()?.querySelector('[data-rule-id="rule-2"]')?.textContent).toContain('name taken on Acme branch')
    expect(dialog()?.querySelector('[data-rule-id="rule-3"]')?.textContent).not.toContain('name taken')

    // providers: Telco One has its namesake there, Backup SIP has none
    expect(select(wrapper, 'Provider on Acme branch for Telco One').props('value')).toBe('br-pr-7')
    expect(dialog()?.querySelector('[data-provider-id="pr-1"]')?.textContent).toContain('same name on Acme branch')
    expect(select(wrapper, 'Provider on Acme branch for Backup SIP').props('value')).toBe(null)
    expect(dialog()?.querySelector('[data-provider-id="pr-2"]')?.textContent).toContain('used by Local, International')
    expect(dialog()?.querySelector('[data-provider-id="pr-2"]')?.textContent).toContain('required')
    // holidays: New Year matched, Christmas left out unless chosen
    expect(select(wrapper, 'Holiday on Acme branch for New Year').props('value')).toBe('br-h-1')
    expect(select(wrapper, 'Holiday on Acme branch for Christmas').props('value')).toBe('')
    expect(dialog()?.querySelector('[data-holiday-id="h-2"]')?.textContent).toContain('left out')

    expect(createButton().textContent?.trim()).toBe('Create 2 rules on Acme branch')
    expect(createButton().disabled).toBe(true)
    expect(dialog()?.textContent).toContain('Choose the provider on Acme branch for Backup SIP.')

    select(wrapper, 'Provider on Acme branch for Backup SIP').vm.$emit('update:value', 'br-pr-8')
    await flushPromises()
    expect(createButton().disabled).toBe(false)

    // a name the target has already, or the same name twice, is refused before anything is sent
    await type(input('Name of the copy of Local'), 'Local')
    expect(dialog()?.querySelector('[data-rule-id="rule-2"]')?.textContent).toContain('a rule of this name exists on the target PBX')
    expect(createButton().disabled).toBe(true)
    await type(input('Name of the copy of Local'), 'International')
    expect(dialog()?.querySelector('[data-rule-id="rule-3"]')?.textContent).toContain('the same name as the copy of Local')
    await type(input('Name of the copy of Local'), 'Local branch')
    await type(input('Name of the copy of International'), 'International (branch)')
    expect(createButton().disabled).toBe(false)

    await click(createButton())

    expect(pbx.copyRules).toHaveBeenCalledWith({
      fromProfileId: 'p-acme',
      toProfileId: 'p-branch',
      rules: [
        { ruleId: 'rule-2', name: 'Local branch' },
        { ruleId: 'rule-3', name: 'International (branch)' },
      ],
      providerMap: { 'pr-1': 'br-pr-7', 'pr-2': 'br-pr-8' },
      holidayMap: { 'h-1': 'br-h-1', 'h-2': null },
    })
    expect(dialog()?.textContent).toContain('Created 2 rules on Acme branch.')
    const rows = Array.from(dialog()?.querySelectorAll('tbody tr') ?? []).map((row) => row.textContent)
    expect(rows[0]).toContain('Local')
    expect(rows[0]).toContain('Local branch')
    expect(rows[0]).toContain('created')
    expect(rows[1]).toContain('International (branch)')

    await click(bodyButton('Close'))
    expect(shown(wrapper)).toBe(false)
  })

  it("shows the PBX's error for a rule it refused, and the rules it created", async () => {
    const { outbound, wrapper } = await openDialog()
    await chooseBranch()
    await click(bodyButton('Next'))
    select(wrapper, 'Provider on Acme branch for Backup SIP').vm.$emit('update:value', 'br-pr-8')
    await flushPromises()
    // someone creates an "International" on the branch meanwhile
    outbound.rules[branchProfile.id]!.push({ id: 'br-rule-9', name: 'International' })

    await click(createButton())

    expect(dialog()?.textContent).toContain('Created 1 of 2 rules on Acme branch; 1 failed.')
    const refused = dialog()?.querySelector('tbody tr[data-rule-id="rule-3"]')?.textContent
    expect(refused).toContain('not created')
    expect(refused).toContain('name: a rule named International exists already (409)')
    expect(dialog()?.querySelector('tbody tr[data-rule-id="rule-2"]')?.textContent).toContain('created')
  })

  it('asks for the sign-in of a target that is not signed in, then previews; the source stays the active PBX', async () => {
    const { pbx, wrapper } = await openDialog({ branchSignedIn: false })
    const sessions = useSessionsStore()
    await chooseBranch()
    expect(bodyButton('Sign in and continue').disabled).toBe(false)

    await click(bodyButton('Sign in and continue'))

    // the app's sign-in dialog stands in for the copy dialog
    expect(sessions.signInProfileId).toBe(branchProfile.id)
    expect(shown(wrapper)).toBe(false)
    expect(pbx.previewRuleCopy).not.toHaveBeenCalled()

    await sessions.signIn({ profileId: branchProfile.id, password: 'manager', remember: false })
    await flushPromises()

    expect(pbx.previewRuleCopy).toHaveBeenCalledWith({ fromProfileId: 'p-acme', toProfileId: 'p-branch', ruleIds: ['rule-2', 'rule-3'] })
    expect(shown(wrapper)).toBe(true)
    expect(input('Name of the copy of Local').value).toBe('Local (2)')
    expect(sessions.activeProfileId).toBe(acmeProfile.id)
    expect(ruleNames(wrapper)).toContain('Emergency')
    // the list behind was not read for the branch while it was signed in to
    expect(pbx.listOutboundRules.mock.calls.every(([input]) => input.profileId === acmeProfile.id)).toBe(true)
  })

  it('stays at the target step when the sign-in is cancelled', async () => {
    const { pbx } = await openDialog({ branchSignedIn: false })
    const sessions = useSessionsStore()
    await chooseBranch()
    await click(bodyButton('Sign in and continue'))

    sessions.cancelSignIn()
    await flushPromises()

    expect(dialog()?.textContent).toContain('Sign in to Acme branch to copy rules there.')
    expect(pbx.previewRuleCopy).not.toHaveBeenCalled()
    expect(sessions.activeProfileId).toBe(acmeProfile.id)
  })

  it('takes typed ids where the target does not list its providers or holidays', async () => {
    const { pbx, outbound } = await openDialog()
    outbound.providers[branchProfile.id] = { supported: false, items: [] }
    outbound.holidays[branchProfile.id] = { supported: false, items: [] }
    await chooseBranch()
    await click(bodyButton('Next'))

    expect(dialog()?.textContent).toContain('Acme branch does not list its providers')
    expect(createButton().disabled).toBe(true)
    await type(input('Provider id on Acme branch for Telco One'), 'trunk-1')
    expect(createButton().disabled).toBe(true)
    await type(input('Provider id on Acme branch for Backup SIP'), 'trunk-2')
    await type(input('Holiday id on Acme branch for New Year'), 'hol-9')
    expect(createButton().disabled).toBe(false)

    await click(createButton())

    expect(pbx.copyRules).toHaveBeenCalledWith(
      expect.objectContaining({ providerMap: { 'pr-1': 'trunk-1', 'pr-2': 'trunk-2' }, holidayMap: { 'h-1': 'hol-9', 'h-2': null } }),
    )
  })

  it('refuses a target whose user may not create rules', async () => {
    const { pbx } = await openDialog()
    pbx.state.sessions[branchProfile.id] = { ...pbx.state.sessions[branchProfile.id]!, user: { ...pbx.state.sessions[branchProfile.id]!.user!, username: '1001', role_name: 'StandardUser', capabilities: [] } }
    await useSessionsStore().load()
    await chooseBranch()
    await click(bodyButton('Next'))

    expect(dialog()?.textContent).toContain('Acme branch is signed in as 1001 (StandardUser), who may not create outbound rules.')
    expect(pbx.previewRuleCopy).not.toHaveBeenCalled()
  })
})
