import { useSessionsStore } from '@renderer/stores/sessions'
import OutboundView from '@renderer/views/OutboundView.vue'
import { flushPromises, type VueWrapper } from '@vue/test-utils'
import { acmeProfile, createFakePbx, globexProfile, installFakePbx, signedIn, type FakePbx } from '../fake-pbx'
import { mountInApp, type Mounted } from '../mount-app'
import { acmeRules, branchProfile, createOutboundFake, type OutboundFakeState } from './fake-outbound'

/**
 * The outbound screen's tests: Acme (tenant admin, 30 rules unless `rules` says how many) signed in, its branch PBX (signed in
 * unless `branchSignedIn` is false) and Globex (a system administrator's) saved.
 */
export function setupOutbound(options: { branchSignedIn?: boolean; rules?: number } = {}): { pbx: FakePbx; outbound: OutboundFakeState } {
  // the fake asks the sessions of `pbx`, made just below (it asks only once a test runs)
  const fake = createOutboundFake((profileId) => pbx.state.sessions[profileId]?.status === 'signed_in')
  if (options.rules !== undefined) fake.state.rules[acmeProfile.id] = acmeRules(options.rules - 3)
  const pbx = installFakePbx(createFakePbx(fake.operations, { profiles: [acmeProfile, branchProfile, globexProfile] }))
  pbx.state.sessions[acmeProfile.id] = signedIn(acmeProfile)
  pbx.state.sessions[globexProfile.id] = signedIn(globexProfile)
  if (options.branchSignedIn !== false) pbx.state.sessions[branchProfile.id] = signedIn(branchProfile)
  return { pbx, outbound: fake.state }
}

/** Mounts the Outbound view at `path` with `open` as the active PBX (none when null); the sessions are read first. */
export async function mountOutbound(open: string | null = acmeProfile.id, path = '/outbound'): Promise<Mounted> {
  const mounted = await mountInApp(OutboundView, path)
  const sessions = useSessionsStore()
  await sessions.load()
  if (open !== null) await sessions.open(open)
  await flushPromises()
  return mounted
}

export const rows = (wrapper: VueWrapper) => wrapper.findAll('tr[data-rule-id]')
export const ruleNames = (wrapper: VueWrapper) => rows(wrapper).map((row) => row.find('.outbound-rules__name').text())

/** The last button in the document whose text (or aria-label) is `text`. */
export function bodyButton(text: string): HTMLButtonElement {
  const found = Array.from(document.body.querySelectorAll('button')).findLast(
    (b) => b.textContent?.trim() === text || b.getAttribute('aria-label') === text,
  )
  if (!found) throw new Error(`no button "${text}" in the document`)
  return found
}

export async function click(element: HTMLElement): Promise<void> {
  element.click()
  await flushPromises()
}

export async function type(input: HTMLInputElement, value: string): Promise<void> {
  input.value = value
  input.dispatchEvent(new Event('input'))
  await flushPromises()
}
