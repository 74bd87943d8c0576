import { useBatchesStore } from '@renderer/stores/batches'
import { flushPromises } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import { dropFile } from '../drop-file'
import { sampleBatch } from '../fake-batches'
import { createFakePbx, installFakePbx } from '../fake-pbx'
import { messages, mountShell } from './shell-helpers'

const fake = () => installFakePbx(createFakePbx({}, { batches: { batches: [sampleBatch({ id: 'b-site-a', name: 'Site A' })], lastMapping: {}, pbxMacs: {} } }))

describe('a spreadsheet dropped anywhere on the window', () => {
  it('opens the new-batch wizard at its mapping, from a screen with no drop zone of its own', async () => {
    const pbx = fake()
    const { router, wrapper } = await mountShell('/dect/batches/b-site-a')
    const text = 'MAC;Name\n00:15:65:AA:BB:CC;Reception\n'
    const event = await dropFile(document.querySelector('main') ?? document.body, new File([text], 'site-b.csv', { type: 'text/csv' }))

    expect(event.defaultPrevented).toBe(true)
    expect(router.currentRoute.value.path).toBe('/dect/batches/new')
    expect(pbx.previewCsv).toHaveBeenCalledWith({ fileName: 'site-b.csv', base64: Buffer.from(text).toString('base64') })
    expect(wrapper.findAll('.dect-mapping__table tbody th').map((th) => th.text())).toEqual(['MAC', 'Name'])
  })

  it('on the wizard already, outside its drop zone: the wizard starts again from that file', async () => {
    const pbx = fake()
    const { wrapper } = await mountShell('/dect/batches/new')
    await dropFile(document.querySelector('.app-sidebar, aside, nav') ?? document.body, new File(['Name;MAC\nA;001565AABBCC\n'], 'later.csv'))
    expect(pbx.previewCsv).toHaveBeenCalledWith({ fileName: 'later.csv', base64: Buffer.from('Name;MAC\nA;001565AABBCC\n').toString('base64') })
    expect(wrapper.findAll('.dect-mapping__table tbody th').map((th) => th.text())).toEqual(['Name', 'MAC'])
  })

  it('keeps no file waiting when the way to the wizard is refused (unsaved changes kept)', async () => {
    const pbx = fake()
    const { router, pinia } = await mountShell('/dect/batches/b-site-a')
    const stay = router.beforeEach(() => false) // as "Keep editing" answers
    await dropFile(document.querySelector('main') ?? document.body, new File(['MAC\n001565AABBCC\n'], 'kept.csv'))
    expect(router.currentRoute.value.path).toBe('/dect/batches/b-site-a')
    expect(useBatchesStore(pinia).handedOver).toBeNull()

    stay()
    await router.push('/dect/batches/new')
    await flushPromises()
    expect(pbx.previewCsv).not.toHaveBeenCalled()
  })

  it('says why another file is not taken, and stays where it is', async () => {
    const pbx = fake()
    const { router } = await mountShell('/dect/batches/b-site-a')
    await dropFile(document.querySelector('main') ?? document.body, new File(['%PDF-1.7'], 'labels.pdf'))

    expect(router.currentRoute.value.path).toBe('/dect/batches/b-site-a')
    expect(pbx.previewCsv).not.toHaveBeenCalled()
    expect(messages()).toContain('labels.pdf is not a spreadsheet saved as text: save it as .csv (or .tsv, .txt) and try again.')
  })

  it('leaves a drop a screen took to that screen (the PBXs page refuses a .pdf itself, in its own words)', async () => {
    const pbx = fake()
    const { router } = await mountShell('/pbxs')
    const zone = document.querySelector('.pbxs-view')
    expect(zone).not.toBeNull()
    await dropFile(zone!, new File(['%PDF-1.7'], 'labels.pdf'))

    expect(router.currentRoute.value.path).toBe('/pbxs')
    expect(pbx.previewCsv).not.toHaveBeenCalled()
    expect(messages()).toEqual([])
    expect(document.querySelector('.pbxs-view__transfer-error')?.textContent).toContain('labels.pdf is neither saved PBXs')
  })
})
