import type { SiteStatus } from '@contract/bridge-handsets'
import type { HandoverPdf, HandoverReport } from '@contract/handover-report'
import { flushPromises } from '@vue/test-utils'
import { describe, expect, it, vi } from 'vitest'
import { nextTick } from 'vue'
import { mountSitePanel } from './site-panel-setup'
import { type createFakePbx, deferred, fail, fakePushBatch, ok } from '../fake-pbx'

// "Hand-over report…" on the On site tab (issue 43): the installer's name asked (the one given
// last filled in), the paper chosen, progress while main reads the PBX and draws the PDF, then the
// PDF offered as a file to save, as the labels PDF is, and a message naming the file.

const batch = fakePushBatch('b1', { rows: 2, done: 2, targetProfileId: 'p-acme' })
const status: SiteStatus = { supported: true, membersSupported: true, bases: [], checkedAt: new Date().toISOString() }

const report = (installer: string, undone: number): HandoverReport => ({
  version: 1,
  readAt: '2026-12-03T09:00:00.000Z',
  date: '2026-12-03',
  batch: { id: 'b1', name: batch.name },
  customer: 'Acme',
  pbx: { label: 'Acme PBX', address: 'https://pbx.acme.example' },
  installer,
  counts: { bases: 2, basesOnPbx: 2, basesFetchedConfig: 2, handsets: 0, handsetsOnPbx: 0, notSent: undone, failed: 0, notSeen: 0 },
  bases: [],
  handsets: [],
  undone: [],
  cannotRead: [],
})
const PDF_BYTES = '%PDF-1.3 the report'
const pdfOf = (installer: string, paper: string, undone = 0, warnings: string[] = []): HandoverPdf => ({
  fileName: `b1-handover-${paper}.pdf`,
  base64: btoa(PDF_BYTES),
  pages: 3,
  report: report(installer, undone),
  warnings,
})

const mountPanel = (overrides: Parameters<typeof createFakePbx>[0]) => mountSitePanel(batch, status, overrides)

function catchDownloads() {
  const createObjectURL = vi.fn(() => 'blob:file')
  Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() })
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined)
  return {
    links: () => click.mock.contexts as HTMLAnchorElement[],
    blob: (n = 0) => (createObjectURL.mock.calls[n] as unknown as [Blob])[0],
  }
}

const dialog = (): HTMLElement | null => document.body.querySelector('.handover')
const buttonIn = (root: ParentNode, text: string): HTMLButtonElement => Array.from(root.querySelectorAll('button')).find((b) => b.textContent?.trim() === text)!
const nameField = (): HTMLInputElement => dialog()!.querySelector('input[autocomplete="name"]')!

async function openDialog(wrapper: Awaited<ReturnType<typeof mountPanel>>['wrapper']) {
  await wrapper.findAll('button').find((b) => b.text() === 'Hand-over report…')!.trigger('click')
  await flushPromises()
  await vi.waitFor(() => expect(dialog()).not.toBeNull())
}

async function type(input: HTMLInputElement, text: string) {
  input.value = text
  input.dispatchEvent(new Event('input'))
  await nextTick()
}

describe('HandoverReportButton on the On site tab', () => {
  it('asks the name when none is remembered, refuses an empty one, shows progress, then saves the PDF and names the file', async () => {
    const made = deferred<ReturnType<typeof ok<HandoverPdf>>>()
    const handoverReportPdf = vi.fn(() => made.promise)
    const { wrapper, pbx } = await mountPanel({ handoverInstaller: vi.fn(async () => ok({ installer: null })), handoverReportPdf })
    const downloads = catchDownloads()
    await openDialog(wrapper)
    expect(pbx.handoverInstaller).toHaveBeenCalledTimes(1)
    expect(nameField().value).toBe('')
    expect(dialog()!.textContent).toContain('Installer’s name')

    // nothing is asked of main without a name
    await type(nameField(), '   ')
    buttonIn(dialog()!, 'Save PDF…').click()
    await flushPromises()
    expect(dialog()!.textContent).toContain('Installer’s name: enter the installer’s name.')
    expect(handoverReportPdf).not.toHaveBeenCalled()

    await type(nameField(), 'Ines Meyer')
    const letter = Array.from(dialog()!.querySelectorAll('.n-radio')).find((r) => r.textContent?.trim() === 'Letter')!
    ;(letter.querySelector('input') as HTMLInputElement).click()
    await nextTick()
    buttonIn(dialog()!, 'Save PDF…').click()
    await flushPromises()
    expect(handoverReportPdf).toHaveBeenCalledWith({ batchId: 'b1', profileId: 'p-acme', installer: 'Ines Meyer', paper: 'letter' })
    expect(dialog()!.querySelector('[role="status"]')?.textContent).toBe('Reading the PBX and drawing the report…')
    expect(downloads.links()).toHaveLength(0)

    made.resolve(ok(pdfOf('Ines Meyer', 'letter', 2)))
    await flushPromises()
    expect(downloads.links().map((link) => link.download)).toEqual(['b1-handover-letter.pdf'])
    const blob = downloads.blob()
    expect(blob.type).toBe('application/pdf')
    expect(await blob.text()).toBe(PDF_BYTES)
    await vi.waitFor(() =>
      expect(document.body.querySelector('.n-message')?.textContent).toContain(
        `Saved the hand-over report of “${batch.name}” (3 pages, Letter) as b1-handover-letter.pdf. It lists 2 things left undone, with the reasons.`,
      ),
    )
    // closed (Naive UI hides it as its transition ends)
    await vi.waitFor(() => expect(dialog() === null || dialog()!.style.display === 'none').toBe(true))
    wrapper.unmount()
  })

  it("names the texts the report's font cannot draw, in a warning that stays until closed", async () => {
    const warning = '"张伟": U+5F20 (letter) at position 1, U+4F1F (letter) at position 2 are not in the report\'s font: they print as empty boxes.'
    const handoverReportPdf = vi.fn(async () => ok(pdfOf('Ines Meyer', 'a4', 0, [warning])))
    const { wrapper } = await mountPanel({ handoverInstaller: vi.fn(async () => ok({ installer: 'Ines Meyer' })), handoverReportPdf })
    catchDownloads()
    await openDialog(wrapper)
    await vi.waitFor(() => expect(nameField().value).toBe('Ines Meyer'))
    buttonIn(dialog()!, 'Save PDF…').click()
    await flushPromises()
    await vi.waitFor(() => expect(Array.from(document.body.querySelectorAll('.n-message'), (m) => m.textContent).join('\n')).toContain(`The report has characters its font lacks: ${warning}`))
    wrapper.unmount()
  })

  it('fills in the name given last, and keeps the dialog open with the PBX’s reason when the report fails', async () => {
    const handoverReportPdf = vi.fn(async () => fail('UNREACHABLE', 'The PBX at pbx.acme.example did not answer.'))
    const { wrapper } = await mountPanel({ handoverInstaller: vi.fn(async () => ok({ installer: 'Ines Meyer' })), handoverReportPdf })
    const downloads = catchDownloads()
    await openDialog(wrapper)
    await vi.waitFor(() => expect(nameField().value).toBe('Ines Meyer'))
    buttonIn(dialog()!, 'Save PDF…').click()
    await flushPromises()
    expect(handoverReportPdf).toHaveBeenCalledWith({ batchId: 'b1', profileId: 'p-acme', installer: 'Ines Meyer', paper: expect.stringMatching(/^(a4|letter)$/) })
    const alert = dialog()!.querySelector('[role="alert"]')
    expect(alert?.textContent).toContain('The report could not be made')
    expect(alert?.textContent).toContain('The PBX at pbx.acme.example did not answer.')
    expect(downloads.links()).toHaveLength(0)
    wrapper.unmount()
  })
})
