import type { BridgeHandlers } from '../../../contract/bridge'
import type { PbxProfile } from '../../../contract/profiles'
import { batchFileStem } from '../results-csv'
import { buildHandoverReport } from './handover-build'
import type { createHandoverSettings } from './handover-settings'

/**
 * The hand-over report behind the Bridge (issue 43): the batch, the saved PBX, and a fresh read of
 * the PBX by the on-site check (its `siteStatus`, asked `fresh`: the provisioned devices and each
 * pushed base's members), made into the report by handover-build.ts. The installer's name given
 * is remembered; without one, the name given last is used. The PDF (handover/handover-pdf.ts) is
 * drawn from the same report; its library loads on first use.
 */

export interface HandoverReportOptions {
  getBatch: BridgeHandlers['getBatch']
  siteStatus: BridgeHandlers['siteStatus']
  profileOf: (profileId: string) => Promise<Pick<PbxProfile, 'label' | 'baseUrl' | 'customer' | 'domain'>>
  settings: ReturnType<typeof createHandoverSettings>
}

export function createHandoverReport({ getBatch, siteStatus, profileOf, settings }: HandoverReportOptions): Pick<BridgeHandlers, 'handoverReport' | 'handoverReportPdf' | 'handoverInstaller'> {
  const handoverReport: BridgeHandlers['handoverReport'] = async ({ batchId, profileId, installer }) => {
    const [batch, pbx] = await Promise.all([getBatch({ batchId }), profileOf(profileId)])
    const site = await siteStatus({ batchId, profileId, fresh: true })
    if (installer !== undefined) await settings.rememberInstaller(installer)
    const name = installer ?? (await settings.installer())
    return buildHandoverReport({ batch, site, pbx, ...(name ? { installer: name } : {}) })
  }
  return {
    handoverReport,
    async handoverReportPdf({ paper, ...request }) {
      const report = await handoverReport(request)
      const { handoverPdf } = await import('./handover/handover-pdf')
      const { pdf, pages, warnings } = await handoverPdf(report, paper)
      return { fileName: `${batchFileStem(report.batch)}-handover-${paper}.pdf`, base64: pdf.toString('base64'), pages, report, warnings }
    },
    async handoverInstaller() {
      return { installer: (await settings.installer()) ?? null }
    },
  }
}
