// Certificates: what the fake's PBXs present (Umbrella's self-signed one, Wayne's renewed one),
// the check every call to an address makes, and trusting a certificate.
import type { PbxApi } from '@contract/bridge'
import { CERTIFICATE_CHANGED_SESSION_MESSAGE, type PbxProfile, type SessionState } from '@contract/profiles'
import type { BridgeResult, CertificateInfo } from '@contract/result'
import type { FakePbx } from '../fake-pbx'
import { fail, ok } from './answers'
import { sampleProfile } from './profiles'
import type { FakeContext, FakeState } from './state'

/** A certificate as a PBX presents it (what UNTRUSTED_CERTIFICATE says, less the reason). */
export type PresentedCertificate = Omit<CertificateInfo, 'reason' | 'trustedFingerprint256'>

/** A PBX with a self-signed certificate nobody trusted yet. */
export const umbrellaProfile = sampleProfile({
  id: 'p-umbrella',
  label: 'Umbrella branch',
  baseUrl: 'https://pbx.umbrella.example:8887',
  username: 'manager',
  domain: 'umbrella.pbx.example',
})
export const selfSignedCertificate: PresentedCertificate = {
  fingerprint256: 'A1:B2:C3:D4:E5:F6:07:18:29:3A:4B:5C:6D:7E:8F:90:01:12:23:34:45:56:67:78:89:9A:AB:BC:CD:DE:EF:F0',
  subject: 'CN=pbx.umbrella.example, O=Umbrella',
  issuer: 'CN=pbx.umbrella.example, O=Umbrella',
  validFrom: 'Jan  1 00:00:00 2025 GMT',
  validTo: 'Dec 31 23:59:59 2034 GMT',
}

/** A PBX whose certificate was trusted, and which now presents another one (reinstalled). */
export const OLD_WAYNE_FINGERPRINT = '11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF:00'
export const wayneProfile = sampleProfile({
  id: 'p-wayne',
  label: 'Wayne tower',
  baseUrl: 'https://pbx.wayne.example',
  username: 'admin',
  domain: '',
  trustedCertificate: { fingerprint256: OLD_WAYNE_FINGERPRINT, subject: 'CN=pbx.wayne.example', validTo: 'Jun  1 00:00:00 2026 GMT' },
})
export const renewedCertificate: PresentedCertificate = {
  fingerprint256: 'FE:DC:BA:98:76:54:32:10:FE:DC:BA:98:76:54:32:10:FE:DC:BA:98:76:54:32:10:FE:DC:BA:98:76:54:32:10',
  subject: 'CN=pbx.wayne.example',
  issuer: 'CN=pbx.wayne.example',
  validFrom: 'Mar  1 00:00:00 2025 GMT',
  validTo: 'Mar  1 00:00:00 2035 GMT',
}

/** What UNTRUSTED_CERTIFICATE says about `presented` when `trusted` (a fingerprint, if any) is not it. */
export function untrustedCertificate(presented: PresentedCertificate, trusted?: string): CertificateInfo {
  return trusted === undefined
    ? { ...presented, reason: 'DEPTH_ZERO_SELF_SIGNED_CERT' }
    : { ...presented, reason: 'CERTIFICATE_CHANGED', trustedFingerprint256: trusted }
}

/** The session main keeps of a signed-in PBX once a call met a changed certificate (pbx-session.ts). */
export const certificateChangedSession = (profileId: string): SessionState => ({
  profileId,
  status: 'signed_out',
  ended: { reason: 'certificate_changed', message: CERTIFICATE_CHANGED_SESSION_MESSAGE },
})

/**
 * Wayne's PBX now presents its renewed certificate: main has ended the session, and the next
 * DECT phone list a screen asks for answers UNTRUSTED_CERTIFICATE, as main refuses the call.
 */
export function renewWayneCertificate(pbx: FakePbx): void {
  pbx.state.sessions['p-wayne'] = certificateChangedSession('p-wayne')
  pbx.listDectPhones.mockResolvedValueOnce(
    fail('UNTRUSTED_CERTIFICATE', 'The certificate of pbx.wayne.example has changed since you trusted it.', {
      certificate: untrustedCertificate(renewedCertificate, OLD_WAYNE_FINGERPRINT),
    }),
  )
}

/** The checks of the addresses in `state.certificates`: null where the certificate is trusted. */
export type CertificateChecks = {
  /** UNTRUSTED_CERTIFICATE when `baseUrl` presents a certificate other than the one `trusted` names */
  certificateCheck: (baseUrl: string, trusted: string | undefined) => BridgeResult<never> | null
  /** the check of a saved PBX's address against the certificate it trusts */
  profileCertificateCheck: (profile: PbxProfile) => BridgeResult<never> | null
}

export function certificateChecks(state: FakeState): CertificateChecks {
  const certificateCheck = (baseUrl: string, trusted: string | undefined): BridgeResult<never> | null => {
    const presented = state.certificates[baseUrl]
    if (!presented || presented.fingerprint256 === trusted) return null
    const host = new URL(baseUrl).host
    const info = untrustedCertificate(presented, trusted)
    const message =
      info.reason === 'CERTIFICATE_CHANGED'
        ? `The certificate of ${host} has changed since you trusted it. Trust the new certificate only if you know why it changed.`
        : `The certificate of ${host} is not trusted by this computer (${info.reason}).`
    return fail('UNTRUSTED_CERTIFICATE', message, { certificate: info })
  }
  const profileCertificateCheck = (profile: PbxProfile) => certificateCheck(profile.baseUrl, profile.trustedCertificate?.fingerprint256)
  return { certificateCheck, profileCertificateCheck }
}

/** Trusting a saved PBX's certificate: kept on the entry, its session signed out. */
export function createCertificateFake({ state, find, notFound }: FakeContext): Pick<PbxApi, 'trustCertificate'> {
  return {
    trustCertificate: async ({ profileId, certificate }) => {
      const profile = find(profileId)
      if (!profile) return notFound()
      profile.trustedCertificate = certificate
      state.sessions[profileId] = { profileId, status: 'signed_out' }
      return ok(structuredClone(profile))
    },
  }
}
