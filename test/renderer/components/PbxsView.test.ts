import type { DemoStatus } from '@contract/bridge'
import type { BridgeResult } from '@contract/result'
import { useProfilesStore } from '@renderer/stores/profiles'
import PbxsView from '@renderer/views/PbxsView.vue'
import { flushPromises, type DOMWrapper, type VueWrapper } from '@vue/test-utils'
import { describe, expect, it, vi } from 'vitest'
import { nextTick } from 'vue'
import {
  acmeProfile,
  createFakePbx,
  deferred,
  fail,
  globexProfile,
  installFakePbx,
  OLD_WAYNE_FINGERPRINT,
  ok,
  sampleDemo,
  wayneProfile,
} from '../fake-pbx'
import { afterPaint, mountInApp } from '../mount-app'
import { button } from '../wrapper-find'

const mountView = () => mountInApp(PbxsView, '/pbxs')

/** The view with its saved PBXs listed and, a frame later, its toolbar's search box and buttons. */
async function mountListed(): ReturnType<typeof mountView> {
  const mounted = await mountView()
  await afterPaint()
  return mounted
}


const rows = (wrapper: VueWrapper) => wrapper.findAll('tr[data-profile-id]')
const rowLabels = (wrapper: VueWrapper) => rows(wrapper).map((row) => row.find('strong').text())

/** A button of Naive UI's dialogs, which are teleported to the body (the newest, when several). */
function bodyButton(text: string): HTMLButtonElement {
  const found = Array.from(document.body.querySelectorAll('button')).findLast((b) => b.textContent?.trim() === text)
  if (!found) throw new Error(`no button "${text}" in the document`)
  return found
}

describe('PbxsView', () => {
  it('says no PBX is saved yet and offers the demo, Add PBX and Import', async () => {
    installFakePbx(createFakePbx({}, { profiles: [] }))
    const { wrapper } = await mountView()

    expect(wrapper.find('h2').text()).toBe('No PBX saved yet')
    expect(button(wrapper, 'Try the demo PBX').attributes('disabled')).toBeUndefined()
    expect(button(wrapper, 'Add PBX').exists()).toBe(true)
    expect(button(wrapper, 'Import…').exists()).toBe(true)
    expect(wrapper.findAll('button').filter((b) => b.text() === 'Try the demo PBX')).toHaveLength(1)
  })

  it('"Try the demo PBX" starts the demo, lists its saved PBXs and shows its metadata and accounts', async () => {
    const started = deferred<BridgeResult<DemoStatus>>()
    const pbx = installFakePbx(createFakePbx({}, { profiles: [] }))
    const startDemo = pbx.startDemo.getMockImplementation()
    pbx.startDemo.mockImplementation(async () => {
      await started.promise
      return startDemo!()
    })
    const { wrapper } = await mountView()

    const loading = () => button(wrapper, 'Try the demo PBX').find('.n-base-loading').exists()
    await button(wrapper, 'Try the demo PBX').trigger('click')
    expect(loading()).toBe(true)
    started.resolve(ok(sampleDemo))
    await flushPromises()

    expect(pbx.listProfiles).toHaveBeenCalledTimes(2)
    expect(rowLabels(wrapper)).toEqual(['Demo PBX · Demo Company'])
    expect(wrapper.text()).toContain('http://127.0.0.1:40123')
    const card = wrapper.find('.pbx-demo-card')
    expect(card.text()).toContain('Demo PBX running at http://127.0.0.1:40123')
    expect(card.text()).toContain('pbx.demo.example')
    expect(card.text()).toContain('203.0.113.10')
    const accounts = card.findAll('.pbx-demo-accounts tbody tr').map((row) => row.findAll('td').map((td) => td.text()))
    expect(accounts[1]).toEqual(['manager', 'manager', 'demo.pbx.example', 'Admin'])
    // the demo is in the list now: no second way to start it (among the toolbar's buttons, once they came)
    await afterPaint()
    expect(button(wrapper, 'Add PBX').exists()).toBe(true)
    expect(wrapper.findAll('button').filter((b) => b.text() === 'Try the demo PBX')).toHaveLength(0)

    await button(wrapper, 'Hide').trigger('click')
    expect(wrapper.find('.pbx-demo-card').exists()).toBe(false)
  })

  it('shows the error message when the demo does not start, and the button stays usable', async () => {
    let calls = 0
    const pbx = installFakePbx(createFakePbx({}, { profiles: [] }))
    const startDemo = pbx.startDemo.getMockImplementation()!
    pbx.startDemo.mockImplementation(async () =>
      ++calls === 1 ? fail('INTERNAL', 'No free loopback port: close other apps and try again') : startDemo(),
    )
    const { wrapper } = await mountView()

    await button(wrapper, 'Try the demo PBX').trigger('click')
    await flushPromises()
    const alert = wrapper.find('.pbxs-view__demo-error')
    expect(alert.attributes('role')).toBe('alert')
    expect(alert.text()).toContain('No free loopback port: close other apps and try again')

    await button(wrapper, 'Try the demo PBX').trigger('click')
    await flushPromises()
    expect(wrapper.find('.pbxs-view__demo-error').exists()).toBe(false)
    expect(wrapper.find('.pbx-demo-card').text()).toContain('pbx.demo.example')
  })

  it('lists the saved PBXs: label, customer, tags, address and user, session and last use, actions', async () => {
    const pbx = installFakePbx()
    pbx.state.sessions['p-acme'] = { profileId: 'p-acme', status: 'signed_in' }
    const { wrapper } = await mountView()

    expect(rowLabels(wrapper)).toEqual(['Acme HQ', 'Globex hosting'])
    expect(wrapper.findAll('th').map((th) => th.text())).toEqual(['Label', 'Customer', 'Tags', 'Address and user', 'Session, last used', 'Actions'])
    const acme = rows(wrapper)[0]!
    const cell = (row: DOMWrapper<Element>, key: string) => row.find(`td[data-col-key="${key}"]`)
    expect(cell(acme, 'customer').text()).toBe('Acme Corp')
    expect(cell(acme, 'tags').findAll('.tag-chip').map((tag) => tag.text())).toEqual(['retail', 'priority'])
    // the address, and under it the account
    expect(cell(acme, 'baseUrl').find('.pbx-table__address').text()).toBe('https://pbx.acme.example:8887')
    expect(cell(acme, 'baseUrl').find('.pbx-table__second').text()).toBe('manager@acme.pbx.example')
    // the session, and under it the last use, its exact time as title once the pointer comes over it
    expect(cell(acme, 'session').find('.pbx-table__session').text()).toContain('Signed in')
    const used = cell(acme, 'session').find('.pbx-table__used')
    expect(used.text()).toMatch(/^used .* ago$|^used just now$/)
    expect(used.attributes('title')).toBeUndefined()
    await used.trigger('pointerover')
    expect(used.attributes('title')).toBe(new Date(acmeProfile.lastUsedAt!).toLocaleString())
    const globex = rows(wrapper)[1]!
    expect(cell(globex, 'baseUrl').find('.pbx-table__second').text()).toBe('admin (system administrator)')
    expect(cell(globex, 'session').find('.pbx-table__session').text()).toContain('Signed out')
    expect(cell(globex, 'session').find('.pbx-table__used').text()).toBe('never used')
    await cell(globex, 'session').find('.pbx-table__used').trigger('pointerover')
    expect(cell(globex, 'session').find('.pbx-table__used').attributes('title')).toBeUndefined()
    expect(acme.find('button[aria-label="Open Acme HQ"]').exists()).toBe(true)
    expect(acme.find('button[aria-label="Edit Acme HQ"]').exists()).toBe(true)
    expect(acme.find('button[aria-label="Remove Acme HQ"]').exists()).toBe(true)
    expect(wrapper.find('h2').exists()).toBe(false)
  })

  it('marks a PBX with a trusted certificate: a lock tag, the fingerprint’s first groups as its tooltip', async () => {
    installFakePbx(createFakePbx({}, { profiles: [acmeProfile, wayneProfile] }))
    const { wrapper } = await mountView()

    expect(rows(wrapper)[0]!.find('.pbx-table__trusted').exists()).toBe(false)
    const marker = rows(wrapper)[1]!.find('.pbx-table__trusted')
    expect(marker.exists()).toBe(true)
    expect(marker.find('svg').exists()).toBe(true)
    expect(marker.attributes('data-fingerprint')).toBe(OLD_WAYNE_FINGERPRINT)
    expect(marker.text()).toContain('Trusted certificate, SHA-256 11:22:33:44 55:66:77:88 …')

    await marker.trigger('mouseenter')
    await new Promise((done) => setTimeout(done, 200))
    await flushPromises()
    expect(document.body.querySelector('.n-tooltip')?.textContent).toBe('Trusted certificate, SHA-256 11:22:33:44 55:66:77:88 …')
  })

  it.each([
    ['label', 'acme', ['Acme HQ']],
    ['customer', 'globex ltd', ['Globex hosting']],
    ['tag', 'PRIORITY', ['Acme HQ']],
    ['several words', 'acme retail', ['Acme HQ']],
    ['nothing matching', 'initech', []],
  ])('filters the list by %s', async (_what, query, labels) => {
    installFakePbx()
    const { wrapper } = await mountListed()

    await wrapper.find('input[type="search"]').setValue(query)

    expect(rowLabels(wrapper)).toEqual(labels)
    expect(wrapper.find('.pbx-list-toolbar__count').text()).toBe(`${labels.length} of 2 shown`)
    if (labels.length === 0) expect(wrapper.text()).toContain(`No saved PBX matches “${query}”`)
  })

  it('focuses the search box on / and on Ctrl+F, but not while typing', async () => {
    installFakePbx()
    const { wrapper } = await mountListed()
    const search = wrapper.find('input[type="search"]').element

    window.dispatchEvent(new KeyboardEvent('keydown', { key: '/', bubbles: true }))
    expect(document.activeElement).toBe(search)
    ;(search as HTMLInputElement).blur()
    const ctrlF = new KeyboardEvent('keydown', { key: 'f', ctrlKey: true, bubbles: true, cancelable: true })
    window.dispatchEvent(ctrlF)
    expect(document.activeElement).toBe(search)
    expect(ctrlF.defaultPrevented).toBe(true)

    // a / typed into another field is that field's
    ;(search as HTMLInputElement).blur()
    const other = document.createElement('input')
    document.body.appendChild(other)
    other.focus()
    other.dispatchEvent(new KeyboardEvent('keydown', { key: '/', bubbles: true }))
    expect(document.activeElement).toBe(other)

    const label = wrapper.find(`label[for="${search.id}"]`)
    expect(label.text()).toContain('Search saved PBXs')
  })

  it('shows the rows and their count first, the search box and buttons a frame later in a place kept for them; a / pressed before that frame focuses the search box once it comes', async () => {
    const frames: FrameRequestCallback[] = []
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback))
    vi.stubGlobal('cancelAnimationFrame', () => undefined)
    try {
      installFakePbx()
      const { wrapper } = await mountView()

      expect(rowLabels(wrapper)).toEqual(['Acme HQ', 'Globex hosting'])
      expect(wrapper.find('.pbx-list-toolbar__count').text()).toBe('2 saved PBXs')
      expect(wrapper.find('input[type="search"]').exists()).toBe(false)
      expect(wrapper.findAll('button').map((b) => b.text())).not.toContain('Add PBX')
      // (that nothing moves when they come is seen in Chromium: e2e/pbx-list-keyboard.spec.ts)
      expect(wrapper.find('.pbx-list-toolbar__search-place').exists()).toBe(true)
      const slash = new KeyboardEvent('keydown', { key: '/', bubbles: true, cancelable: true })
      window.dispatchEvent(slash)
      expect(slash.defaultPrevented).toBe(true)

      // the frame is drawn: the controls come, in the place kept for them, and the search box takes the focus asked for
      for (const frame of frames.splice(0)) frame(performance.now())
      await vi.waitFor(() => expect(wrapper.find('input[type="search"]').exists()).toBe(true))
      await flushPromises()
      expect(wrapper.find('.pbx-list-toolbar__search-place').exists()).toBe(false)
      expect(document.activeElement).toBe(wrapper.find('input[type="search"]').element)
      expect(button(wrapper, 'Add PBX').exists()).toBe(true)
      expect(button(wrapper, 'Export').exists()).toBe(true)
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('opens a PBX from its Open button, a double click, or Enter on the row', async () => {
    const pbx = installFakePbx()
    pbx.state.sessions['p-acme'] = { profileId: 'p-acme', status: 'signed_in' }
    const { wrapper } = await mountView()

    await rows(wrapper)[0]!.find('button[aria-label="Open Acme HQ"]').trigger('click')
    await rows(wrapper)[1]!.trigger('dblclick')
    await rows(wrapper)[0]!.trigger('keydown', { key: 'Enter' })
    await flushPromises()

    expect(pbx.openPbx.mock.calls.map(([input]) => input)).toEqual([
      { profileId: 'p-acme' },
      { profileId: 'p-globex' },
      { profileId: 'p-acme' },
    ])
  })

  it('moves between rows with the arrow keys', async () => {
    installFakePbx()
    const { wrapper } = await mountView()

    ;(rows(wrapper)[0]!.element as HTMLElement).focus()
    await rows(wrapper)[0]!.trigger('keydown', { key: 'ArrowDown' })
    expect(document.activeElement).toBe(rows(wrapper)[1]!.element)
    await rows(wrapper)[1]!.trigger('keydown', { key: 'ArrowUp' })
    expect(document.activeElement).toBe(rows(wrapper)[0]!.element)
  })

  it('asks before removing, saying it signs out and forgets the saved password', async () => {
    const pbx = installFakePbx()
    const { wrapper } = await mountView()

    await rows(wrapper)[0]!.find('button[aria-label="Remove Acme HQ"]').trigger('click')
    await flushPromises()
    const dialog = document.body.querySelector('.n-dialog')
    expect(dialog?.textContent).toContain('Remove Acme HQ?')
    expect(dialog?.textContent).toContain('signs out and forgets the saved password in the keychain')

    bodyButton('Cancel').click()
    await flushPromises()
    expect(pbx.removeProfile).not.toHaveBeenCalled()

    await rows(wrapper)[0]!.find('button[aria-label="Remove Acme HQ"]').trigger('click')
    await flushPromises()
    bodyButton('Remove').click()
    await flushPromises()
    expect(pbx.removeProfile).toHaveBeenCalledWith({ profileId: 'p-acme' })
    expect(rowLabels(wrapper)).toEqual(['Globex hosting'])
    // the row that took its place has the focus once the dialog is gone, not the page
    await vi.waitFor(() => expect(document.activeElement).toBe(rows(wrapper)[0]!.element))

    // the last one removed: the empty screen's first action
    await rows(wrapper)[0]!.find('button[aria-label="Remove Globex hosting"]').trigger('click')
    await flushPromises()
    bodyButton('Remove').click()
    await flushPromises()
    expect(rows(wrapper)).toHaveLength(0)
    await vi.waitFor(() => expect(document.activeElement?.textContent?.trim()).toBe('Add PBX'))
  })

  it('exports the list as a download of the file main named', async () => {
    installFakePbx()
    const { wrapper } = await mountListed()
    const createObjectURL = vi.fn(() => 'blob:profiles')
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() })
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined)

    await button(wrapper, 'Export').trigger('click')
    await flushPromises()

    const clicked = click.mock.contexts[0] as HTMLAnchorElement | undefined
    expect(clicked).toBeDefined()
    expect(clicked!.download).toBe('pbx-profiles.json')
    expect(clicked!.href).toBe('blob:profiles')
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0]
    expect(JSON.parse(await blob.text()).profiles).toHaveLength(2)
  })

  it('imports a chosen .json file and says what was added and skipped', async () => {
    const pbx = installFakePbx()
    const { wrapper } = await mountView()
    const document = JSON.stringify({ version: 1, profiles: [acmeProfile, { ...globexProfile, baseUrl: 'https://pbx.initech.example', label: 'Initech' }] })
    const input = wrapper.find('input[type="file"]')
    expect(input.attributes('accept')).toContain('.json')
    Object.defineProperty(input.element, 'files', { value: [new File([document], 'pbxs.json', { type: 'application/json' })], configurable: true })

    await input.trigger('change')
    await flushPromises()

    expect(pbx.importProfiles).toHaveBeenCalledWith({ json: document })
    expect(wrapper.find('.pbxs-view__import-result').text()).toContain('Added 1 PBX, skipped 1 already saved: Acme HQ.')
    expect(rowLabels(wrapper)).toContain('Initech')
  })

  it('imports a .json file dropped on the screen, sends a spreadsheet to the new DECT batch, and refuses other files', async () => {
    const pbx = installFakePbx(createFakePbx({}, { profiles: [] }))
    const { wrapper, router } = await mountView()
    const view = wrapper.find('.pbxs-view')
    const drop = async (file: File) => {
      const dataTransfer = { types: ['Files'], files: [file], dropEffect: 'none' }
      await view.trigger('dragenter', { dataTransfer })
      expect(wrapper.find('.pbxs-view__drop').exists()).toBe(true)
      await view.trigger('drop', { dataTransfer })
      await flushPromises()
    }

    await drop(new File(['%PDF-1.7'], 'labels.pdf'))
    expect(pbx.importProfiles).not.toHaveBeenCalled()
    expect(wrapper.find('.pbxs-view__transfer-error').text()).toContain(
      'labels.pdf is neither saved PBXs (a .json file exported from PBX Provisioner) nor a spreadsheet of handsets (.csv, .tsv, .txt).',
    )

    await drop(new File([JSON.stringify({ version: 1, profiles: [acmeProfile] })], 'export.json'))
    expect(pbx.importProfiles).toHaveBeenCalledTimes(1)
    expect(wrapper.find('.pbxs-view__drop').exists()).toBe(false)
    expect(wrapper.find('.pbxs-view__import-result').text()).toContain('Added 1 PBX, skipped 0.')

    await drop(new File(['MAC\n001565AABBCC\n'], 'handsets.csv'))
    expect(pbx.importProfiles).toHaveBeenCalledTimes(1)
    expect(router.currentRoute.value.path).toBe('/dect/batches/new')
    expect(rowLabels(wrapper)).toEqual(['Acme HQ'])
  })

  it('says once that a damaged saved-PBX file was kept aside, and where', async () => {
    const pbx = installFakePbx(createFakePbx({}, { profiles: [] }))
    const found = { file: '/data/profiles.json', keptAs: '/data/profiles.damaged-2026-11-25T10-00-00-000Z.json', reason: 'the file is empty' }
    pbx.savedPbxsNotice.mockResolvedValue(ok(found))
    const { wrapper } = await mountView()

    const alert = wrapper.find('.pbxs-view__damaged-file')
    expect(alert.text()).toContain('/data/profiles.json could not be read: the file is empty.')
    expect(alert.text()).toContain(`It was kept as ${found.keptAs}`)
    await alert.find('.n-base-close').trigger('click')
    await nextTick()
    expect(wrapper.find('.pbxs-view__damaged-file').exists()).toBe(false)
    // read again (another load), the same file is not announced twice
    await useProfilesStore().load()
    await flushPromises()
    expect(wrapper.find('.pbxs-view__damaged-file').exists()).toBe(false)
  })

  it('shows why the list could not be read, with a way to try again', async () => {
    const pbx = installFakePbx()
    pbx.listProfiles.mockResolvedValueOnce(fail('INTERNAL', 'profiles.json is not readable'))
    const { wrapper } = await mountView()

    expect(wrapper.find('.pbxs-view__load-error').text()).toContain('profiles.json is not readable')
    await button(wrapper, 'Try again').trigger('click')
    await flushPromises()
    await nextTick()
    expect(wrapper.find('.pbxs-view__load-error').exists()).toBe(false)
    expect(rowLabels(wrapper)).toEqual(['Acme HQ', 'Globex hosting'])
  })
})
