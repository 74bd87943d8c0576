import { CERTIFICATE_CHANGED_SESSION_MESSAGE } from '@contract/profiles'
import { callBridge } from '@renderer/stores/bridge-call'
import PbxsView from '@renderer/views/PbxsView.vue'
import { flushPromises, type DOMWrapper, type VueWrapper } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import {
  acmeProfile,
  certificateChangedSession,
  createFakePbx,
  fail,
  installFakePbx,
  OLD_WAYNE_FINGERPRINT,
  renewedCertificate,
  signedIn,
  untrustedCertificate,
  wayneProfile,
} from '../fake-pbx'
import { mountInApp } from '../mount-app'

/** The Session cell of a saved PBX's row in the PBXs list. */
function sessionCell(wrapper: VueWrapper, profileId: string): DOMWrapper<Element> {
  const cell = wrapper.find(`tr[data-profile-id="${profileId}"]`).findAll('td')[5]
  if (!cell) throw new Error(`no session cell for ${profileId}`)
  return cell
}

/** What a screen reader reads of an element: its text without the parts hidden from it. */
function spoken(element: Element): string {
  const copy = element.cloneNode(true) as Element
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove()
  return (copy.textContent ?? '').replace(/\s+/g, ' ').trim()
}

describe('PbxProfileTable: the session of each saved PBX', () => {
  it('a session a changed certificate ended: "Signed out", a warning tag, and main’s message as tooltip and read out', async () => {
    installFakePbx(createFakePbx({}, { profiles: [acmeProfile, wayneProfile], sessions: { 'p-wayne': certificateChangedSession('p-wayne') } }))
    const { wrapper } = await mountInApp(PbxsView, '/pbxs')

    const wayne = sessionCell(wrapper, 'p-wayne')
    expect(wayne.text()).toContain('Signed out')
    const tag = wayne.find('.pbx-table__ended')
    expect(tag.classes()).toContain('n-tag')
    expect(tag.find('[aria-hidden="true"]').text()).toBe('certificate changed')
    // read once, in main's words ("Signed out: the PBX's certificate changed — …")
    expect(spoken(wayne.element)).toBe(CERTIFICATE_CHANGED_SESSION_MESSAGE)

    await tag.trigger('mouseenter')
    await new Promise((done) => setTimeout(done, 200))
    await flushPromises()
    expect(document.body.querySelector('.n-tooltip')?.textContent).toBe(CERTIFICATE_CHANGED_SESSION_MESSAGE)

    // a PBX simply signed out says that alone
    const acme = sessionCell(wrapper, 'p-acme')
    expect(acme.find('.pbx-table__ended').exists()).toBe(false)
    expect(spoken(acme.element)).toBe('Signed out')
  })

  it('says so once any call answers UNTRUSTED_CERTIFICATE, no longer "Signed in"', async () => {
    const pbx = installFakePbx(createFakePbx({}, { profiles: [acmeProfile, wayneProfile], sessions: { 'p-wayne': signedIn(wayneProfile) } }))
    const { wrapper } = await mountInApp(PbxsView, '/pbxs')
    expect(spoken(sessionCell(wrapper, 'p-wayne').element)).toBe('Signed in')

    // a screen's call meets the PBX's new certificate: main refuses it and ends the session
    pbx.state.sessions['p-wayne'] = certificateChangedSession('p-wayne')
    pbx.listDectPhones.mockResolvedValueOnce(
      fail('UNTRUSTED_CERTIFICATE', 'The certificate of pbx.wayne.example has changed since you trusted it.', {
        certificate: untrustedCertificate(renewedCertificate, OLD_WAYNE_FINGERPRINT),
      }),
    )
    await callBridge(() => window.pbx.listDectPhones({ profileId: 'p-wayne' }))
    await flushPromises()

    expect(spoken(sessionCell(wrapper, 'p-wayne').element)).toBe(CERTIFICATE_CHANGED_SESSION_MESSAGE)
    expect(sessionCell(wrapper, 'p-wayne').find('.pbx-table__ended').exists()).toBe(true)
  })
})
