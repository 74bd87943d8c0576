import type { Batch } from '@contract/dect'
import type { RetirePlan, RetireStep } from '@contract/dect-retire'
import RetireDialog from '@renderer/components/handsets/RetireDialog.vue'
import { useBatchesStore } from '@renderer/stores/batches'
import { flushPromises, mount } from '@vue/test-utils'
import { NConfigProvider } from 'naive-ui'
import { createPinia, setActivePinia } from 'pinia'
import { describe, expect, it, vi } from 'vitest'
import { defineComponent, h, ref } from 'vue'
import { createFakePbx, deferred, fail, fakePushBatch, installFakePbx, ok } from '../fake-pbx'

// The retire dialog (issue 43): what would go asked of main first and shown in the plan's words,
// a base deleted with its handsets said plainly; "Retire" sends the preview's key, progress while
// it runs, the answer shown and the batch main answers shown; a refusal shown, nothing retired;
// Cancel retires nothing.

const yard: RetireStep = {
  mac: '001565E40002',
  name: 'Yard',
  deleted: true,
  phoneId: 'ph-2',
  rowId: 'r-2',
  members: [{ extension: '1153', ipui: '00AE000003', handsetIndex: 1, handsetId: 'h-3', row: 3, name: 'Clara' }],
  unsent: [],
}
const plan: RetirePlan = {
  steps: [yard],
  resumed: false,
  key: 'delete 001565E40002 1153=00AE000003',
  message: "Delete base 'Yard' (00:15:65:E4:00:02) on the PBX with its handset 1153 Clara (00AE000003).",
}

const dialog = (): HTMLElement | null => document.body.querySelector('.retire')
const alerts = (): string => Array.from(dialog()?.querySelectorAll('[role="alert"]') ?? []).map((a) => a.textContent).join('\n')
const buttonIn = (text: string): HTMLButtonElement | undefined => Array.from(dialog()?.querySelectorAll('button') ?? []).find((b) => b.textContent?.trim() === text)

async function mountDialog(overrides: Parameters<typeof createFakePbx>[0]) {
  const before = fakePushBatch('b-1', { rows: 2 })
  const pbx = installFakePbx(createFakePbx({ getBatch: async () => ok(before), ...overrides }))
  const pinia = createPinia()
  setActivePinia(pinia)
  await useBatchesStore().open('b-1')
  const retired = vi.fn()
  const shown = ref<{ start: (items: readonly string[], words: string) => Promise<void> } | null>(null)
  const Host = defineComponent({
    setup: () => () => h(NConfigProvider, null, { default: () => h(RetireDialog, { ref: shown, profileId: 'p-1', pbxLabel: 'Acme PBX', onRetired: retired }) }),
  })
  const host = document.createElement('div')
  document.body.appendChild(host)
  const wrapper = mount(Host, { attachTo: host, global: { plugins: [pinia] } })
  await flushPromises()
  return { wrapper, pbx, before, retired, start: (items: string[], words: string) => shown.value!.start(items, words) }
}

describe('RetireDialog', () => {
  it('shows what goes in the plan’s words, the deleted base said plainly, then retires with the preview’s key and shows the answer and the batch', async () => {
    const after = deferred<ReturnType<typeof ok<{ batch: Batch; retire: RetirePlan }>>>()
    const retire = vi.fn(() => after.promise)
    const previewRetire = vi.fn(async () => ok(plan))
    const { before, retired, start } = await mountDialog({ previewRetire, retire })
    await start(['Yard'], "base 'Yard'")
    await flushPromises()

    expect(previewRetire).toHaveBeenCalledWith({ batchId: 'b-1', profileId: 'p-1', items: ['Yard'] })
    expect(dialog()!.textContent).toContain("Retire base 'Yard' on Acme PBX")
    expect(dialog()!.textContent).toContain(plan.message)
    expect(dialog()!.textContent).toContain("Base 'Yard' is deleted on Acme PBX with every handset on it")
    // (where the focus lands is checked in Chromium, dect-retire.spec.ts: happy-dom's focus events confuse the modal's focus trap)
    expect(buttonIn('Retire')!.className).toContain('n-button--error-type')

    buttonIn('Retire')!.click()
    await flushPromises()
    expect(retire).toHaveBeenCalledWith({ batchId: 'b-1', profileId: 'p-1', items: ['Yard'], confirmed: plan.key })
    expect(dialog()!.querySelector('[role="status"]')!.textContent).toContain('Retiring on Acme PBX')
    expect(buttonIn('Cancel')!.disabled).toBe(true)

    const done = { ...plan, message: "Deleted base 'Yard' (00:15:65:E4:00:02) on the PBX with its handset 1153 Clara (00AE000003)." }
    after.resolve(ok({ batch: { ...before, name: 'After the retire' }, retire: done }))
    await flushPromises()
    expect(dialog()!.querySelector('[role="status"]')!.textContent).toContain(done.message)
    expect(useBatchesStore().current?.name).toBe('After the retire')
    expect(retired).toHaveBeenCalledWith(done)
  })

  it('shows a refusal naming the batch that holds the base, and offers no Retire', async () => {
    const retire = vi.fn()
    const message = "items: base 'Yard' (00:15:65:E4:00:02) is held by the batch \"Site J\" too (row 1 not retired): retire it there, or take it out of that batch, first."
    const { start } = await mountDialog({ previewRetire: async () => fail('INVALID_INPUT', message, { field: 'items' }), retire })
    await start(['Yard'], "base 'Yard'")
    await flushPromises()

    expect(alerts()).toContain('Nothing can be retired as asked')
    expect(alerts()).toContain('"Site J"')
    expect(buttonIn('Retire')).toBeUndefined()
    expect(retire).not.toHaveBeenCalled()
  })

  it('Cancel retires nothing', async () => {
    const retire = vi.fn()
    const { start, retired } = await mountDialog({ previewRetire: async () => ok({ ...plan, steps: [{ ...yard, deleted: false }] }), retire })
    await start(['00AE000003'], '1 handset')
    await flushPromises()
    // handsets taken off a base: no base deleted, nothing said of one
    expect(dialog()!.textContent).not.toContain('is deleted on')

    buttonIn('Cancel')!.click()
    await flushPromises()
    expect(retire).not.toHaveBeenCalled()
    expect(retired).not.toHaveBeenCalled()
  })

  it('a retire refused because what would go changed: shown, and the preview asked again', async () => {
    const previewRetire = vi.fn(async () => ok(plan))
    const retire = vi.fn(async () => fail('INVALID_INPUT', 'confirmed: what would go has changed since it was shown. Confirm that instead.', { field: 'confirmed' }))
    const { start } = await mountDialog({ previewRetire, retire })
    await start(['Yard'], "base 'Yard'")
    await flushPromises()
    buttonIn('Retire')!.click()
    await flushPromises()
    expect(alerts()).toContain('has changed since it was shown')

    buttonIn('Check again')!.click()
    await flushPromises()
    expect(previewRetire).toHaveBeenCalledTimes(2)
    expect(buttonIn('Retire')).toBeDefined()
  })
})
