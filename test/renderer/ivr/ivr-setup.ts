import { flushPromises, type VueWrapper } from '@vue/test-utils'
import { acmeProfile, createFakePbx, globexProfile, installFakePbx, signedIn, type FakePbx } from '../fake-pbx'
import { createIvrFake, fakeIvrServers, type FakeIvrState } from './fake-ivr'

/**
 * The IVR tests' world: Globex (system administrator, may read and change IVR servers) and Acme
 * (tenant admin, may not) both signed in; Globex has the built-in server and `externals` EXTERNAL ones.
 */
export function setupIvr(externals = 2): { pbx: FakePbx; ivr: FakeIvrState } {
  const holder: { pbx?: FakePbx } = {}
  const ivr = createIvrFake((profileId) => holder.pbx?.state.sessions[profileId]?.status === 'signed_in')
  const pbx = installFakePbx(createFakePbx(ivr.operations))
  holder.pbx = pbx
  pbx.state.sessions[globexProfile.id] = signedIn(globexProfile)
  pbx.state.sessions[acmeProfile.id] = signedIn(acmeProfile)
  ivr.state.servers[globexProfile.id] = fakeIvrServers(externals)
  return { pbx, ivr: ivr.state }
}

export function bodyButton(text: string): HTMLButtonElement {
  const found = Array.from(document.body.querySelectorAll('button')).findLast((b) => b.textContent?.trim() === text)
  if (!found) throw new Error(`no button "${text}" in the document`)
  return found
}

/** The field labelled `label` (its `<label for>`), anywhere in the document. */
export function field(label: string): HTMLInputElement {
  const labelElement = Array.from(document.body.querySelectorAll('label')).find((l) => l.textContent?.replace('*', '').trim() === label)
  const id = labelElement?.getAttribute('for')
  const input = id ? document.getElementById(id) : null
  if (!(input instanceof HTMLInputElement)) throw new Error(`no field "${label}"`)
  return input
}

/** The message beside the field labelled `label` ('' when none). */
export function feedbackOf(label: string): string {
  return field(label).closest('.n-form-item')?.querySelector('.n-form-item-feedback-wrapper')?.textContent?.trim() ?? ''
}

export async function type(input: HTMLInputElement, value: string): Promise<void> {
  input.value = value
  input.dispatchEvent(new Event('input'))
  await flushPromises()
}

export async function blur(input: HTMLInputElement): Promise<void> {
  input.dispatchEvent(new Event('blur'))
  input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }))
  await flushPromises()
}

export const rows = (wrapper: VueWrapper) => wrapper.findAll('tr[data-server-id]')
export const rowNames = (wrapper: VueWrapper) => rows(wrapper).map((row) => row.find('strong').text())
export const row = (wrapper: VueWrapper, serverId: string) => wrapper.find(`tr[data-server-id="${serverId}"]`)
export const headers = (wrapper: VueWrapper) => wrapper.findAll('th').map((th) => th.text())
