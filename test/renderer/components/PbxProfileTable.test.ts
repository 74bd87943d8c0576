import { CERTIFICATE_CHANGED_SESSION_MESSAGE, type PbxProfile } from '@contract/profiles'
import { accountText } from '@renderer/lib/profile-text'
import { callBridge } from '@renderer/stores/bridge-call'
import PbxProfileTable from '@renderer/components/pbx/PbxProfileTable.vue'
import PbxsView from '@renderer/views/PbxsView.vue'
import { flushPromises, mount, type DOMWrapper, type VueWrapper } from '@vue/test-utils'
import { NConfigProvider, darkTheme } from 'naive-ui'
import { h } from 'vue'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  acmeProfile,
  certificateChangedSession,
  createFakePbx,
  installFakePbx,
  renewWayneCertificate,
  signedIn,
  wayneProfile,
} from '../fake-pbx'
import { mountInApp } from '../mount-app'
import { stubElementWidth } from '../element-width'

/** The session of a saved PBX's row in the PBXs list (its last use is the line under it). */
function sessionCell(wrapper: VueWrapper, profileId: string): DOMWrapper<Element> {
  return wrapper.find(`tr[data-profile-id="${profileId}"] td[data-col-key="session"] .pbx-table__session`)
}

/** What a screen reader reads of an element: its text without the parts hidden from it. */
function spoken(element: Element): string {
  const copy = element.cloneNode(true) as Element
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove()
  return (copy.textContent ?? '').replace(/\s+/g, ' ').trim()
}

describe('PbxProfileTable: the session of each saved PBX', () => {
  it('a session a changed certificate ended: "Signed out", a warning tag, and main’s message as tooltip and read out', async () => {
    installFakePbx(createFakePbx({}, { profiles: [acmeProfile, wayneProfile], sessions: { 'p-wayne': certificateChangedSession('p-wayne') } }))
    const { wrapper } = await mountInApp(PbxsView, '/pbxs')

    const wayne = sessionCell(wrapper, 'p-wayne')
    expect(wayne.text()).toContain('Signed out')
    const tag = wayne.find('.pbx-table__ended')
    expect(tag.classes()).toContain('n-tag')
    expect(tag.find('[aria-hidden="true"]').text()).toBe('certificate changed')
    // read once, in main's words ("Signed out: the PBX's certificate changed — …")
    expect(spoken(wayne.element)).toBe(CERTIFICATE_CHANGED_SESSION_MESSAGE)

    await tag.trigger('mouseenter')
    await new Promise((done) => setTimeout(done, 200))
    await flushPromises()
    expect(document.body.querySelector('.n-tooltip')?.textContent).toBe(CERTIFICATE_CHANGED_SESSION_MESSAGE)

    // a PBX simply signed out says that alone
    const acme = sessionCell(wrapper, 'p-acme')
    expect(acme.find('.pbx-table__ended').exists()).toBe(false)
    expect(spoken(acme.element)).toBe('Signed out')
  })

  it('says so once any call answers UNTRUSTED_CERTIFICATE, no longer "Signed in"', async () => {
    const pbx = installFakePbx(createFakePbx({}, { profiles: [acmeProfile, wayneProfile], sessions: { 'p-wayne': signedIn(wayneProfile) } }))
    const { wrapper } = await mountInApp(PbxsView, '/pbxs')
    expect(spoken(sessionCell(wrapper, 'p-wayne').element)).toBe('Signed in')

    // a screen's call meets the PBX's new certificate: main refuses it and ends the session
    renewWayneCertificate(pbx)
    await callBridge(() => window.pbx.listDectPhones({ profileId: 'p-wayne' }))
    await flushPromises()

    expect(spoken(sessionCell(wrapper, 'p-wayne').element)).toBe(CERTIFICATE_CHANGED_SESSION_MESSAGE)
    expect(sessionCell(wrapper, 'p-wayne').find('.pbx-table__ended').exists()).toBe(true)
  })
})

describe('PbxProfileTable: the buttons of each row', () => {
  /** The table alone, in the theme given (null: light), with Acme being opened. */
  function mountTable(theme: typeof darkTheme | null = null) {
    const events: string[] = []
    const table = h(PbxProfileTable, {
      profiles: [acmeProfile, wayneProfile],
      sessions: {},
      activeProfileId: null,
      opening: 'p-acme',
      onOpen: (profile: { id: string }) => events.push(`open ${profile.id}`),
      onEdit: (profile: { id: string }) => events.push(`edit ${profile.id}`),
      onRemove: (profile: { id: string }) => events.push(`remove ${profile.id}`),
    })
    const wrapper = mount(() => h(NConfigProvider, { theme }, () => table), { attachTo: document.body })
    return { wrapper, events }
  }

  it('Open, Edit and Remove name their PBX, answer a click, and Open waits while its PBX opens', async () => {
    const { wrapper, events } = mountTable()
    const wayne = wrapper.find('tr[data-profile-id="p-wayne"]')
    const buttons = wayne.findAll('button')
    expect(buttons.map((button) => [button.text(), button.attributes('aria-label'), button.attributes('type')])).toEqual([
      ['Open', `Open ${wayneProfile.label}`, 'button'],
      ['Edit', `Edit ${wayneProfile.label}`, 'button'],
      ['Remove', `Remove ${wayneProfile.label}`, 'button'],
    ])
    for (const button of buttons) await button.trigger('click')
    expect(events).toEqual(['open p-wayne', 'edit p-wayne', 'remove p-wayne'])

    // Acme is being opened: its Open button says so (busy, a spinner) and a second click does nothing
    const acmeOpen = wrapper.find(`button[aria-label="Open ${acmeProfile.label}"]`)
    expect(acmeOpen.attributes('aria-busy')).toBe('true')
    expect(acmeOpen.find('.row-button__spinner').exists()).toBe(true)
    expect(wayne.find('button[aria-busy]').exists()).toBe(false)
    await acmeOpen.trigger('click')
    expect(events).toEqual(['open p-wayne', 'edit p-wayne', 'remove p-wayne'])
    // Edit and Remove stay available while it opens
    await wrapper.find(`button[aria-label="Edit ${acmeProfile.label}"]`).trigger('click')
    expect(events.at(-1)).toBe('edit p-acme')
    wrapper.unmount()
  })

  it('the buttons take the theme’s colours, light or dark', () => {
    const colours = (theme: typeof darkTheme | null) => {
      const { wrapper } = mountTable(theme)
      const style = (wrapper.find('.pbx-table').element as HTMLElement).style
      const read = ['--row-button-primary', '--row-button-error', '--row-button-text'].map((name) => style.getPropertyValue(name))
      wrapper.unmount()
      return read
    }
    // the app's light primary and error (App.vue's overrides are not in this bare provider: Naive UI's own)
    expect(colours(null)).toEqual(['#18a058', '#d03050', 'rgb(51, 54, 57)'])
    expect(colours(darkTheme)).toEqual(['#63e2b7', '#e88080', 'rgba(255, 255, 255, 0.82)'])
  })
})

/** `count` saved PBXs, "PBX 1" (p-1) to "PBX <count>" */
const numberedProfiles = (count: number) => Array.from({ length: count }, (_, i) => ({ ...acmeProfile, id: `p-${i + 1}`, label: `PBX ${i + 1}` }))

/** The table alone with `profiles`, in the page (focus needs it), no PBX signed in */
const mountTable = (profiles: PbxProfile[]) =>
  mount(PbxProfileTable, { props: { profiles, sessions: {}, activeProfileId: null, opening: null }, attachTo: document.body })

/** The test window's size (happy-dom's own API on its window; 1024 × 768 unless set) */
const setWindowSize = (width: number, height: number) =>
  (window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }).happyDOM.setViewport({ width, height })

describe('PbxProfileTable: a long list', () => {
  afterEach(() => setWindowSize(1024, 768))

  it('draws at once the rows an 800 px window can show (14 of 61 px) and every row a few frames later; the arrows, pages, Home and End walk them all', async () => {
    setWindowSize(1280, 800)
    const profiles = numberedProfiles(130)
    const wrapper = mountTable(profiles)
    const drawn = () => wrapper.findAll('tr[data-profile-id]').map((row) => row.attributes('data-profile-id'))
    expect(drawn()).toEqual(profiles.slice(0, 14).map((profile) => profile.id))

    await vi.waitFor(() => expect(drawn()).toHaveLength(130), { timeout: 10_000 })
    expect(drawn()).toEqual(profiles.map((profile) => profile.id))

    // a filter that leaves fewer, then all again: every row at once, nothing left out
    await wrapper.setProps({ profiles: profiles.slice(100) })
    expect(drawn()).toEqual(profiles.slice(100).map((profile) => profile.id))
    await wrapper.setProps({ profiles })
    expect(drawn()).toHaveLength(130)

    const row = (id: string) => wrapper.find(`tr[data-profile-id="${id}"]`).element as HTMLElement
    row('p-129').focus()
    // each key from the row that has the focus, and the row it goes to: one, a page, the first, the last
    const walk: [key: string, to: string][] = [
      ['ArrowDown', 'p-130'],
      ['ArrowDown', 'p-130'],
      ['ArrowUp', 'p-129'],
      ['PageUp', 'p-119'],
      ['Home', 'p-1'],
      ['PageDown', 'p-11'],
      ['End', 'p-130'],
    ]
    for (const [key, to] of walk) {
      await wrapper.find(`tr[data-profile-id="${(document.activeElement as HTMLElement).dataset.profileId}"]`).trigger('keydown', { key })
      expect(document.activeElement, key).toBe(row(to))
    }
    // on a row's button, the keys that move between rows go to the same button of that row; others are the button's
    const button = (name: string) => wrapper.find(`button[aria-label="${name}"]`)
    ;(button('Edit PBX 130').element as HTMLElement).focus()
    await button('Edit PBX 130').trigger('keydown', { key: 'ArrowUp' })
    expect(document.activeElement).toBe(button('Edit PBX 129').element)
    await button('Edit PBX 129').trigger('keydown', { key: 'Home' })
    expect(document.activeElement).toBe(button('Edit PBX 1').element)
    await button('Edit PBX 1').trigger('keydown', { key: 'Enter' })
    expect(document.activeElement).toBe(button('Edit PBX 1').element)
    wrapper.unmount()
  })

  it('is one Tab stop: the current row and its buttons are in the Tab order, no other row or button', async () => {
    const profiles = numberedProfiles(30)
    const wrapper = mountTable(profiles)
    await vi.waitFor(() => expect(wrapper.findAll('tr[data-profile-id]')).toHaveLength(30), { timeout: 10_000 })
    /** the ids of the rows, and the names of the buttons, that Tab stops at */
    const tabStops = () => ({
      rows: wrapper.findAll('tr[data-profile-id][tabindex="0"]').map((row) => row.attributes('data-profile-id')),
      buttons: wrapper.findAll('button:not([tabindex="-1"])').map((button) => button.attributes('aria-label')),
    })
    // the first row, until the focus has been in another
    expect(tabStops()).toEqual({ rows: ['p-1'], buttons: ['Open PBX 1', 'Edit PBX 1', 'Remove PBX 1'] })

    // the arrows move it
    const row = (id: string) => wrapper.find(`tr[data-profile-id="${id}"]`)
    ;(row('p-1').element as HTMLElement).focus()
    await row('p-1').trigger('keydown', { key: 'End' })
    expect(document.activeElement).toBe(row('p-30').element)
    expect(tabStops()).toEqual({ rows: ['p-30'], buttons: ['Open PBX 30', 'Edit PBX 30', 'Remove PBX 30'] })

    // a button of another row, clicked (it takes the focus), makes that row the current one
    ;(wrapper.find('button[aria-label="Edit PBX 7"]').element as HTMLElement).focus()
    await flushPromises()
    expect(tabStops().rows).toEqual(['p-7'])
    expect(wrapper.emitted('edit')).toBeUndefined()

    // the current row filtered out: the first row left is the stop again
    await wrapper.setProps({ profiles: profiles.slice(10, 20) })
    expect(tabStops()).toEqual({ rows: ['p-11'], buttons: ['Open PBX 11', 'Edit PBX 11', 'Remove PBX 11'] })
    // a click on a tab-less button still works
    await wrapper.find('button[aria-label="Remove PBX 15"]').trigger('click')
    expect(wrapper.emitted('remove')?.[0]).toEqual([profiles[14]])

    // a new search starts again at its first row, though the current one is still among those found
    ;(row('p-13').element as HTMLElement).focus()
    await flushPromises()
    expect(tabStops().rows).toEqual(['p-13'])
    await wrapper.setProps({ searchText: 'PBX 1', profiles: profiles.slice(10, 20) })
    expect(tabStops().rows).toEqual(['p-11'])
    wrapper.unmount()
  })

  it('keeps the focused row in view when it moves, takes Space without scrolling, and focuses the row that takes a removed one’s place', async () => {
    const profiles = numberedProfiles(5)
    const wrapper = mountTable(profiles)
    const row = (id: string) => wrapper.find(`tr[data-profile-id="${id}"]`).element as HTMLElement
    row('p-2').focus()
    await flushPromises()
    const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView')
    // renamed, it sorts last: the focus goes with it, and into view
    await wrapper.setProps({ profiles: [profiles[0]!, ...profiles.slice(2), { ...profiles[1]!, label: 'Zulu' }] })
    expect(document.activeElement).toBe(row('p-2'))
    expect(scrolled.mock.contexts).toEqual([row('p-2')])
    // a change that leaves it where it was does not scroll
    await wrapper.setProps({ sessions: { 'p-1': signedIn(acmeProfile) } })
    expect(scrolled).toHaveBeenCalledTimes(1)
    scrolled.mockRestore()

    const space = new KeyboardEvent('keydown', { key: ' ', bubbles: true, cancelable: true })
    row('p-2').dispatchEvent(space)
    expect(space.defaultPrevented).toBe(true)

    // the exposed focusRowAt: the row at that place, the last one past the end, false with none
    const table = wrapper.vm as unknown as { focusRowAt(index: number): boolean }
    expect(table.focusRowAt(1)).toBe(true)
    expect(document.activeElement).toBe(row('p-3'))
    expect(table.focusRowAt(9)).toBe(true)
    expect(document.activeElement).toBe(row('p-2'))
    await wrapper.setProps({ profiles: [] })
    expect(table.focusRowAt(0)).toBe(false)
    wrapper.unmount()
  })

  it('names each row with what a screen reader needs to tell them apart: label, customer, account, whether signed in, tags', () => {
    const wrapper = mount(PbxProfileTable, {
      props: { profiles: [acmeProfile, { ...wayneProfile, customer: '' }], sessions: { 'p-acme': signedIn(acmeProfile) }, activeProfileId: null, opening: null },
    })
    const label = (id: string) => wrapper.find(`tr[data-profile-id="${id}"]`).attributes('aria-label')
    expect(label('p-acme')).toBe(`Acme HQ, Acme Corp, ${accountText(acmeProfile)}, signed in, tags ${acmeProfile.tags.join(', ')}. Enter opens it.`)
    expect(label('p-wayne')).toBe(`${wayneProfile.label}, ${accountText(wayneProfile)}, signed out. Enter opens it.`)
    wrapper.unmount()
  })
})

describe('PbxProfileTable: a table narrower than its columns', () => {
  afterEach(() => vi.unstubAllGlobals())

  /** the table `width` px wide */
  const tableWidth = (width: number): void => stubElementWidth('.pbx-table', width)
  const headers = (wrapper: VueWrapper) => wrapper.findAll('th').map((th) => th.text())

  it('folds the customer and the tags under the label at 1024 px, the session and actions stay', async () => {
    tableWidth(756)
    installFakePbx(createFakePbx({}, { profiles: [acmeProfile] }))
    const { wrapper } = await mountInApp(PbxsView, '/pbxs')
    await flushPromises()
    expect(headers(wrapper)).toEqual(['Label', 'Address and user', 'Session, last used', 'Actions'])
    const label = wrapper.find('tr[data-profile-id="p-acme"] td[data-col-key="label"]')
    expect(label.text()).toContain('Acme Corp')
    expect(label.findAll('.tag-chip').map((chip) => chip.text())).toEqual(['retail', 'priority'])
    expect(wrapper.find('tr[data-profile-id="p-acme"] td[data-col-key="customer"]').exists()).toBe(false)
  })

  it('folds the address too when even that does not fit, never the session', async () => {
    tableWidth(600)
    installFakePbx(createFakePbx({}, { profiles: [acmeProfile] }))
    const { wrapper } = await mountInApp(PbxsView, '/pbxs')
    await flushPromises()
    expect(headers(wrapper)).toEqual(['Label', 'Session, last used', 'Actions'])
    expect(wrapper.find('tr[data-profile-id="p-acme"] td[data-col-key="label"]').text()).toContain(acmeProfile.baseUrl)
  })

  it('shows every column at 1280 px', async () => {
    tableWidth(1012)
    installFakePbx(createFakePbx({}, { profiles: [acmeProfile] }))
    const { wrapper } = await mountInApp(PbxsView, '/pbxs')
    await flushPromises()
    expect(headers(wrapper)).toEqual(['Label', 'Customer', 'Tags', 'Address and user', 'Session, last used', 'Actions'])
  })
})
