import type { BridgeHandlers } from '../../../contract/bridge'
import type { PbxProfile } from '../../../contract/profiles'
import { buildHandoverReport } from './handover-build'
import type { createHandoverSettings } from './handover-settings'

/**
 * The hand-over report behind the Bridge (issue 43): the batch, the saved PBX, and a fresh read of
 * the PBX by the on-site check (its `siteStatus`, asked `fresh`: the provisioned devices and each
 * pushed base's members), made into the report by handover-build.ts. The installer's name given
 * is remembered; without one, the name given last is used.
 */

export interface HandoverReportOptions {
  getBatch: BridgeHandlers['getBatch']
  siteStatus: BridgeHandlers['siteStatus']
  profileOf: (profileId: string) => Promise<Pick<PbxProfile, 'label' | 'baseUrl' | 'customer' | 'domain'>>
  settings: ReturnType<typeof createHandoverSettings>
}

export function createHandoverReport({ getBatch, siteStatus, profileOf, settings }: HandoverReportOptions): Pick<BridgeHandlers, 'handoverReport'> {
  return {
    async handoverReport({ batchId, profileId, installer }) {
      const [batch, pbx] = await Promise.all([getBatch({ batchId }), profileOf(profileId)])
      const site = await siteStatus({ batchId, profileId, fresh: true })
      if (installer !== undefined) await settings.rememberInstaller(installer)
      const name = installer ?? (await settings.installer())
      return buildHandoverReport({ batch, site, pbx, ...(name ? { installer: name } : {}) })
    },
  }
}
