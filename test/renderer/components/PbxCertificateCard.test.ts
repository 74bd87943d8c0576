import type { TrustedCertificate } from '@contract/profiles'
import type { CertificateInfo } from '@contract/result'
import PbxCertificateCard from '@renderer/components/pbx/PbxCertificateCard.vue'
import { fingerprintGroups, fingerprintStart } from '@renderer/lib/certificate'
import { flushPromises } from '@vue/test-utils'
import { NAlert } from 'naive-ui'
import { describe, expect, it } from 'vitest'
import { defineComponent, h } from 'vue'
import { OLD_WAYNE_FINGERPRINT, renewedCertificate, selfSignedCertificate, untrustedCertificate } from '../fake-pbx'
import { mountInApp } from '../mount-app'

const trusted: TrustedCertificate[] = []

async function mountCard(certificate: CertificateInfo) {
  trusted.length = 0
  const Host = defineComponent({
    setup: () => () => h(PbxCertificateCard, { certificate, onTrust: (c: TrustedCertificate) => trusted.push(c) }),
  })
  const { wrapper } = await mountInApp(Host)
  await flushPromises()
  return wrapper
}

const card = () => document.body.querySelector<HTMLElement>('.pbx-certificate')!

/** A button anywhere in the document (Naive UI's dialogs are teleported to the body), the newest first. */
function bodyButton(text: string): HTMLButtonElement {
  const found = Array.from(document.body.querySelectorAll('button')).findLast((b) => b.textContent?.trim() === text)
  if (!found) throw new Error(`no button "${text}" in the document`)
  return found
}

describe('fingerprintGroups', () => {
  it('groups a SHA-256 fingerprint by four pairs, for reading aloud', () => {
    const groups = fingerprintGroups(selfSignedCertificate.fingerprint256)
    expect(groups).toHaveLength(8)
    expect(groups[0]).toBe('A1:B2:C3:D4')
    expect(groups[7]).toBe('CD:DE:EF:F0')
    expect(fingerprintStart(selfSignedCertificate.fingerprint256)).toBe('A1:B2:C3:D4 E5:F6:07:18 …')
  })
})

describe('PbxCertificateCard', () => {
  it('shows subject, issuer, validity and the fingerprint in groups, with what to compare it with', async () => {
    await mountCard(untrustedCertificate(selfSignedCertificate))

    const text = card().textContent ?? ''
    expect(text).toContain('CN=pbx.umbrella.example, O=Umbrella')
    expect(text).toContain('Subject')
    expect(text).toContain('Issuer')
    expect(text).toContain('Valid from')
    expect(text).toContain('Valid to')
    expect(text).toContain('2034')
    expect(text).toContain('self-signed')
    expect(text).toContain('DEPTH_ZERO_SELF_SIGNED_CERT')
    expect(text).toContain(
      'Compare this fingerprint with the one shown on the PBX (its web console or the installer\'s sheet) before trusting it.',
    )
    const groups = Array.from(card().querySelectorAll('.pbx-certificate__block .pbx-certificate__group')).map((g) => g.textContent)
    expect(groups).toEqual(fingerprintGroups(selfSignedCertificate.fingerprint256))
    expect(card().querySelectorAll('.pbx-certificate__block code')).toHaveLength(2)
  })

  it('"Trust this certificate for this PBX" hands over fingerprint, subject and expiry at once', async () => {
    await mountCard(untrustedCertificate(selfSignedCertificate))

    bodyButton('Trust this certificate for this PBX').click()
    await flushPromises()

    expect(trusted).toEqual([
      { fingerprint256: selfSignedCertificate.fingerprint256, subject: selfSignedCertificate.subject, validTo: selfSignedCertificate.validTo },
    ])
  })

  it('a changed certificate is an error showing both fingerprints; trusting it needs a confirmation', async () => {
    const wrapper = await mountCard(untrustedCertificate(renewedCertificate, OLD_WAYNE_FINGERPRINT))

    const alert = card().querySelector('.n-alert')!
    expect(wrapper.findComponent(NAlert).props('type')).toBe('error')
    expect(alert.textContent).toContain('The certificate has changed since you trusted it')
    expect(alert.querySelector('.pbx-certificate__fingerprint--old')?.textContent).toBe(fingerprintGroups(OLD_WAYNE_FINGERPRINT).join(' '))
    expect(alert.querySelector('.pbx-certificate__fingerprint--new')?.textContent).toBe(fingerprintGroups(renewedCertificate.fingerprint256).join(' '))
    expect(card().textContent).not.toContain('Trust this certificate for this PBX')

    bodyButton('Trust the new certificate').click()
    await flushPromises()
    const confirmation = document.body.querySelector('.n-dialog')!
    expect(confirmation.textContent).toContain('only if you know why it changed, e.g. the PBX was reinstalled')
    expect(trusted).toEqual([])

    bodyButton('Cancel').click()
    await flushPromises()
    expect(trusted).toEqual([])

    bodyButton('Trust the new certificate').click()
    await flushPromises()
    bodyButton('Trust it').click()
    await flushPromises()
    expect(trusted.map((c) => c.fingerprint256)).toEqual([renewedCertificate.fingerprint256])
  })
})
