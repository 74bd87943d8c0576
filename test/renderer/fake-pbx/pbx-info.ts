// What a PBX's address answers before sign-in (probePbx): GET /api/info, with the tenant's name
// and whether its identity provider is enabled, or the certificate it presents.
import type { PbxApi } from '@contract/bridge'
import type { SystemInfo } from '@contract/pbx'
import { ok } from './answers'
import type { CertificateChecks } from './certificates'
import type { FakeState } from './state'

/** What the demo PBX answers at GET /api/info (electron/demo-pbx/README.md). */
export const sampleInfo: SystemInfo = {
  web_domain: 'pbx.demo.example',
  private_ipv4: '192.168.1.10',
  public_ipv4: '203.0.113.10',
  enable_ipv6: true,
  private_ipv6: 'fd00::10',
  public_ipv6: '2001:db8::10',
  primary_dns_server: '192.168.1.1',
  secondary_dns_server: '9.9.9.9',
  enable_dataflow: false,
}

export function createPbxInfoFake(state: FakeState, { certificateCheck }: CertificateChecks): Pick<PbxApi, 'probePbx'> {
  /** GET /api/info, with the tenant's metadata when a domain is given (demo README "System metadata") */
  const infoOf = (domain: string | undefined): SystemInfo => {
    if (domain === undefined) return sampleInfo
    const idpName = state.idpTenants[domain]
    const name = idpName ?? domain.split('.')[0]!.replace(/^./, (first) => first.toUpperCase())
    return {
      ...sampleInfo,
      name,
      domain,
      website: `https://www.${domain}`,
      avatar_url: '',
      enable_idp365_integration: idpName !== undefined,
      idp365_authorization_endpoint: idpName === undefined ? '' : `https://idp.example/authorize?tenant=${domain}`,
    }
  }
  return {
    probePbx: async ({ baseUrl, domain, trustedFingerprint256 }) => certificateCheck(baseUrl, trustedFingerprint256) ?? ok(infoOf(domain)),
  }
}
