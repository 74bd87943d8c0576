import type { OperationOutput } from '@contract/bridge'
import type { HandoverPaper } from '@contract/handover-report'
import type { BridgeError } from '@contract/result'
import { acceptHMRUpdate, defineStore } from 'pinia'
import { ref } from 'vue'
import { callBridge } from './bridge-call'
import { busyRequest } from './request-state'

export type HandoverPdf = OperationOutput<'handoverReportPdf'>

/**
 * The hand-over report of a batch as a PDF (issue 43): the installer's name given last (main
 * remembers it), and the PDF made from a fresh read of the PBX, one at a time, with what failed.
 */
export const useHandoverStore = defineStore('handover', () => {
  /** the name given last; null: none yet, or not read */
  const installer = ref<string | null>(null)
  const making = ref(false)
  const error = ref<BridgeError | null>(null)

  /** Reads the installer's name given last (a failure leaves the field empty: it is asked anyway). */
  async function loadInstaller(): Promise<void> {
    const result = await callBridge(() => window.pbx.handoverInstaller())
    if (result.ok) installer.value = result.value.installer
  }

  /** The PDF of batch `batchId` read from `profileId`, or null (see `error`). */
  async function makePdf(batchId: string, profileId: string, name: string, paper: HandoverPaper): Promise<HandoverPdf | null> {
    if (making.value) return null
    const result = await busyRequest(() => window.pbx.handoverReportPdf({ batchId, profileId, installer: name, paper }), {
      busy: making,
      error,
      done: (pdf) => (installer.value = pdf.report.installer ?? name),
    })
    return result.ok ? result.value : null
  }

  return { installer, making, error, loadInstaller, makePdf }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useHandoverStore, import.meta.hot))
