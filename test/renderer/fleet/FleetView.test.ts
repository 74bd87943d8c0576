import { FLEET_FRESH_MS, type FleetEntry } from '@contract/fleet'
import { FLEET_COLUMN_KEYS } from '@renderer/lib/fleet-column-choice'
import { FLEET_POLL } from '@renderer/stores/fleet'
import { FLEET_COLUMNS_STORAGE_KEY } from '@renderer/stores/fleet-columns'
import { useSessionsStore } from '@renderer/stores/sessions'
import FleetView from '@renderer/views/FleetView.vue'
import { flushPromises } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { acmeProfile, createFakePbx, fakeFleetEntry, globexProfile, installFakePbx, sampleProfile, signedIn, type FakePbx } from '../fake-pbx'
import { button, choose, click, type } from '../mail/dom'
import { mountInApp } from '../mount-app'
import { mountShell } from '../shell/shell-helpers'

// The fleet screen: every saved PBX in one table with its kept figures in words, searched,
// filtered, sorted; each row opens its PBX, signs in to it, marks it a favourite; "Refresh all"
// reads them again and says how far it is. These tests read every column: the user chose them all
// ("Columns"); the default set and the chooser are FleetColumns.test.ts's.

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE
const ago = (ms: number) => new Date(Date.now() - ms).toISOString()
const ahead = (ms: number) => new Date(Date.now() + ms).toISOString()

const initech = sampleProfile({
  id: 'p-initech',
  label: 'Initech site',
  baseUrl: 'http://pbx.initech.example',
  domain: 'initech.pbx.example',
  customer: 'Initech Inc',
  group: 'North',
  tags: ['retail'],
  colour: 'teal',
  favourite: true,
})

function entries(): FleetEntry[] {
  return [
    fakeFleetEntry('p-acme', {
      checkedAt: ago(2 * MINUTE + 5_000),
      reach: 'reachable',
      rttMs: 42,
      certificate: 'pinned',
      certificateValidTo: ahead(12 * DAY - MINUTE),
      access: 'signed_in',
      tenant: 'Acme tenant',
      counts: { dectBases: 3, handsets: 40, outboundRules: 5, ivrServers: 'not_allowed' },
      notifications: 'recipients',
      lastBatch: { batchId: 'b-1', name: 'HQ handsets', status: 'done', at: ago(2 * 60 * MINUTE + MINUTE) },
      warnings: [{ kind: 'certificate_expiring', text: 'The certificate ends in 12 days' }],
    }),
    fakeFleetEntry('p-globex', {
      checkedAt: ago(3 * DAY),
      reach: 'unreachable',
      certificate: 'changed',
      access: 'needs_password',
      counts: { dectBases: 'not_offered', handsets: 'failed' },
      notifications: 'no_recipients',
      warnings: [{ kind: 'unreachable', text: 'Not reached: connection refused' }],
    }),
    fakeFleetEntry('p-initech', {
      checkedAt: ago(10_000),
      reach: 'reachable',
      rttMs: 120,
      certificate: 'http',
      access: 'code_required',
      tenant: 'Initech',
      counts: { dectBases: 1, handsets: 7, outboundRules: 0, ivrServers: 'not_offered' },
      notifications: 'not_allowed',
    }),
  ]
}

/** Acme (signed in), Globex (needs its password) and Initech (a favourite, in group North). */
function fleetFake(): FakePbx {
  const pbx = createFakePbx({}, { profiles: [acmeProfile, globexProfile, initech], sessions: { 'p-acme': signedIn(acmeProfile) } })
  pbx.fleet.setEntries(...entries())
  return installFakePbx(pbx)
}

async function mountView() {
  const result = await mountInApp(FleetView, '/fleet')
  await flushPromises()
  return result
}

beforeEach(() => {
  localStorage.setItem(FLEET_COLUMNS_STORAGE_KEY, JSON.stringify(FLEET_COLUMN_KEYS))
})

afterEach(() => {
  vi.useRealTimers()
})

const rows = () => Array.from(document.body.querySelectorAll<HTMLTableRowElement>('tr[data-profile-id]'))
const rowIds = () => rows().map((row) => row.dataset.profileId)
const row = (profileId: string) => {
  const found = rows().find((candidate) => candidate.dataset.profileId === profileId)
  if (!found) throw new Error(`no row ${profileId} (rows: ${rowIds().join(', ')})`)
  return found
}
/** The texts of a row's cells, by the column's key. */
const cells = (profileId: string): Record<string, string> =>
  Object.fromEntries(
    Array.from(row(profileId).querySelectorAll<HTMLElement>('td[data-col-key]')).map((cell) => [cell.dataset.colKey, cell.textContent?.replace(/\s+/g, ' ').trim() ?? '']),
  )
const cell = (profileId: string, key: string) => row(profileId).querySelector<HTMLElement>(`td[data-col-key="${key}"]`)!
const progress = () => document.body.querySelector('.fleet-toolbar__progress')?.textContent?.trim() ?? ''
const refreshButton = () => button('Refresh all')

describe('FleetView', () => {
  it('shows a row per saved PBX with its figures in words, favourites first', async () => {
    fleetFake()
    await mountView()

    expect(rowIds()).toEqual(['p-initech', 'p-acme', 'p-globex'])
    const acme = cells('p-acme')
    expect(acme.label).toContain('Acme HQ')
    expect(acme.label).toContain('Acme Corp')
    expect(acme.group).toBe('')
    expect(acme.tags).toBe('retailpriority')
    // drawn as the PBX list draws them (common/tag-chips.ts)
    expect(Array.from(cell('p-acme', 'tags').querySelectorAll('.tag-chips > .tag-chip'), (chip) => chip.textContent)).toEqual(['retail', 'priority'])
    expect(acme.reach).toBe('reachable · 42 ms')
    expect(acme.certificate).toBe('pinned, expires in 12 days')
    expect(acme.access).toBe('signed in')
    expect(acme.tenant).toBe('Acme tenant')
    expect([acme.dectBases, acme.handsets, acme.outboundRules]).toEqual(['3', '40', '5'])
    expect(acme.ivrServers).toBe('no access')
    expect(acme.notifications).toBe('recipients')
    expect(acme.lastBatch).toBe('HQ handsets · Done · 2 h ago')
    // the warnings as a count, the list its description (FleetColumns.test.ts shows it on focus)
    const count = cell('p-acme', 'warnings').querySelector('button')!
    expect(count.textContent?.trim()).toBe('1 warning')
    expect(document.getElementById(count.getAttribute('aria-describedby')!)?.textContent?.trim()).toBe('The certificate ends in 12 days')
    // read over two minutes ago: the kept figures and their age, read again in the background
    expect(acme.checkedAt).toBe('2 min ago, being read again')
    expect(acme.actions).toBe('Open')

    const globex = cells('p-globex')
    expect(globex.reach).toBe('unreachable')
    expect(globex.certificate).toBe('changed!')
    expect(globex.access).toBe('needs password')
    expect(globex.notifications).toBe('none!')
    expect(globex.checkedAt).toBe('3 days ago, being read again')
    expect(globex.actions).toBe('Open Sign in')
    // a figure the PBX does not offer: a dash, said in full to the tooltip and the screen reader
    const notOffered = cell('p-globex', 'dectBases').querySelector('[title]')!
    expect(notOffered.getAttribute('title')).toBe('not offered by this PBX')
    expect(notOffered.querySelector('[aria-hidden="true"]')?.textContent).toBe('—')
    expect(cell('p-globex', 'handsets').querySelector('[aria-hidden="true"]')?.textContent).toBe('?')
    const said = cell('p-globex', 'warnings').querySelector('[data-kind]')!
    expect(said.textContent?.trim()).toBe('Not reached: connection refused')
    expect(said.getAttribute('data-kind')).toBe('unreachable')

    const initechCells = cells('p-initech')
    expect(initechCells.label).toContain('Initech site')
    expect(initechCells.label).toContain('colour Teal')
    expect(initechCells.group).toBe('North')
    expect(initechCells.certificate).toBe('plain http')
    expect(initechCells.access).toBe('code required')
    expect(initechCells.outboundRules).toBe('0')
    expect(initechCells.notifications).toBe('no access')
    expect(initechCells.checkedAt).toBe('just now')
    expect(initechCells.actions).toBe('Open Sign in')
    expect(row('p-initech').querySelector('.fleet-name__stripe')?.classList.contains('pbx-colour--teal')).toBe(true)
    expect(row('p-initech').querySelector('button[aria-label="Favourite: Initech site"]')?.getAttribute('aria-pressed')).toBe('true')
    expect(row('p-acme').querySelector('button[aria-label="Favourite: Acme HQ"]')?.getAttribute('aria-pressed')).toBe('false')
    expect(document.body.querySelector('.fleet-toolbar__count')?.textContent).toBe('3 PBXs')
  })

  it('searches label, customer, tenant, group and tags', async () => {
    fleetFake()
    await mountView()
    const search = document.body.querySelector<HTMLInputElement>('input[type="search"]')!

    await type(search, 'globex')
    expect(rowIds()).toEqual(['p-globex'])
    await type(search, 'acme tenant')
    expect(rowIds()).toEqual(['p-acme'])
    await type(search, 'north')
    expect(rowIds()).toEqual(['p-initech'])
    await type(search, 'retail')
    expect(rowIds()).toEqual(['p-initech', 'p-acme'])
    expect(document.body.querySelector('.fleet-toolbar__count')?.textContent).toBe('2 of 3 shown')
    await type(search, 'nowhere')
    expect(rowIds()).toEqual([])
    expect(document.body.querySelector('.fleet-table__empty')?.textContent).toBe('No PBX matches the search and the filters')
  })

  it('filters: only the PBXs with warnings, by access, and clears', async () => {
    fleetFake()
    await mountView()

    await click(document.body.querySelector('.fleet-filters__warnings'))
    expect(rowIds()).toEqual(['p-acme', 'p-globex'])
    await choose(document.body.querySelector('.fleet-filters__access')!, 'needs password')
    expect(rowIds()).toEqual(['p-globex'])
    // the table's header menus show the same filters
    const headerFilterActive = (key: string) => document.body.querySelector(`th[data-col-key="${key}"] .n-data-table-filter`)?.classList.contains('n-data-table-filter--active')
    expect([headerFilterActive('access'), headerFilterActive('warnings'), headerFilterActive('group')]).toEqual([true, true, false])
    await click(button('Clear filters'))
    expect(headerFilterActive('access')).toBe(false)
    expect(rowIds()).toEqual(['p-initech', 'p-acme', 'p-globex'])
    await choose(document.body.querySelector('.fleet-filters__group')!, 'North')
    expect(rowIds()).toEqual(['p-initech'])
  })

  it('filters from the table header menu too, and the toolbar shows it', async () => {
    fleetFake()
    await mountView()
    await click(document.body.querySelector('th[data-col-key="access"] .n-data-table-filter'))
    const menu = document.body.querySelector<HTMLElement>('.n-data-table-filter-menu')!
    const option = Array.from(menu.querySelectorAll<HTMLElement>('.n-checkbox')).find((box) => box.textContent?.trim() === 'code required')!
    await click(option)
    await click(Array.from(menu.querySelectorAll('button')).find((b) => b.textContent?.trim() === 'Confirm'))
    expect(rowIds()).toEqual(['p-initech'])
    expect(document.body.querySelector('.fleet-filters__access')?.textContent).toContain('code required')
  })

  it('sorts on a column from its title (a button), favourites staying first, and unsorted favourites first can be turned off', async () => {
    fleetFake()
    await mountView()
    const sortButton = (title: string) => document.body.querySelector<HTMLButtonElement>(`th button.fleet-table__sort[aria-label^="${title}"]`)!

    await click(sortButton('Handsets'))
    expect(rowIds()).toEqual(['p-initech', 'p-globex', 'p-acme'])
    expect(sortButton('Handsets').getAttribute('aria-label')).toBe('Handsets, sorted ascending: sort')
    await click(sortButton('Handsets'))
    expect(rowIds()).toEqual(['p-initech', 'p-acme', 'p-globex'])
    await click(document.body.querySelector('.fleet-toolbar .n-checkbox'))
    expect(rowIds()).toEqual(['p-acme', 'p-initech', 'p-globex'])
    await click(sortButton('Reached'))
    expect(rowIds()).toEqual(['p-globex', 'p-acme', 'p-initech'])
    // a third click: back to the default order (by label)
    await click(sortButton('Reached'))
    await click(sortButton('Reached'))
    expect(rowIds()).toEqual(['p-acme', 'p-globex', 'p-initech'])
  })

  it('the star marks a favourite: saved with every other field unchanged, and the row moves up', async () => {
    const pbx = fleetFake()
    await mountView()

    await click(row('p-acme').querySelector('button[aria-label="Favourite: Acme HQ"]'))
    expect(pbx.saveProfile).toHaveBeenCalledTimes(1)
    expect(pbx.saveProfile).toHaveBeenCalledWith({
      id: 'p-acme',
      fields: {
        label: acmeProfile.label,
        baseUrl: acmeProfile.baseUrl,
        username: acmeProfile.username,
        domain: acmeProfile.domain,
        signInMethod: acmeProfile.signInMethod,
        customer: acmeProfile.customer,
        tags: acmeProfile.tags,
        notes: acmeProfile.notes,
        group: '',
        colour: '',
        favourite: true,
      },
    })
    await flushPromises()
    expect(rowIds()).toEqual(['p-acme', 'p-initech', 'p-globex'])
    expect(row('p-acme').querySelector('button[aria-label="Favourite: Acme HQ"]')?.getAttribute('aria-pressed')).toBe('true')
    // nothing else was asked of main: no sign-out, no refresh but the one the screen asked for as it opened
    expect(pbx.refreshFleet).toHaveBeenCalledTimes(1)
    expect(pbx.refreshFleet).toHaveBeenCalledWith({ olderThanMs: FLEET_FRESH_MS, background: true })
  })

  it('"Refresh all" reads every PBX in the background, saying how far it is, and stops asking when done', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const pbx = fleetFake()
    await mountView()
    // the screen's own refresh as it opened (Acme and Globex are over two minutes old) ends first
    expect(progress()).toBe('Refreshing 0 of 2')
    pbx.fleet.finish()
    await vi.advanceTimersByTimeAsync(FLEET_POLL.everyMs)
    expect(progress()).toBe('')

    await click(refreshButton())
    expect(pbx.refreshFleet).toHaveBeenLastCalledWith({})
    expect(progress()).toBe('Refreshing 0 of 3')
    expect(refreshButton().classList.contains('n-button--loading')).toBe(true)
    expect(cells('p-acme').checkedAt).toBe('just now, being read again')

    pbx.fleet.finish(['p-acme', 'p-globex'], { 'p-acme': { rttMs: 17 } })
    await vi.advanceTimersByTimeAsync(FLEET_POLL.everyMs)
    expect(progress()).toBe('Refreshing 2 of 3')
    expect(cells('p-acme').checkedAt).toBe('just now')
    expect(cells('p-acme').reach).toBe('reachable · 17 ms')
    expect(cells('p-initech').checkedAt).toBe('just now, being read again')

    pbx.fleet.finish()
    await vi.advanceTimersByTimeAsync(FLEET_POLL.everyMs)
    expect(progress()).toBe('')
    expect(refreshButton().classList.contains('n-button--loading')).toBe(false)
    const asked = pbx.fleetStatus.mock.calls.length
    await vi.advanceTimersByTimeAsync(FLEET_POLL.everyMs * 10)
    expect(pbx.fleetStatus).toHaveBeenCalledTimes(asked)
  })

  it('stops asking when the screen is left during a refresh', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const pbx = fleetFake()
    const { router, wrapper } = await mountView()
    await click(refreshButton())
    await vi.advanceTimersByTimeAsync(FLEET_POLL.everyMs)
    const asked = pbx.fleetStatus.mock.calls.length
    wrapper.unmount()
    // what the screen's own refresh still had waiting is dropped in main
    expect(pbx.cancelFleetRefresh).toHaveBeenCalledTimes(1)
    await router.push('/pbxs')
    await vi.advanceTimersByTimeAsync(FLEET_POLL.everyMs * 10)
    expect(pbx.fleetStatus).toHaveBeenCalledTimes(asked)
  })

  it('shows why the figures could not be read', async () => {
    const pbx = fleetFake()
    pbx.fleetStatus.mockResolvedValueOnce({ ok: false, error: { code: 'INTERNAL', message: 'The fleet file could not be read.' } })
    await mountView()
    expect(document.body.querySelector('.fleet-view__error')?.textContent).toContain('The fleet could not be read')
    expect(document.body.querySelector('.fleet-view__error')?.textContent).toContain('The fleet file could not be read.')
    await click(button('Try again'))
    expect(document.body.querySelector('.fleet-view__error')).toBeNull()
    expect(rowIds()).toHaveLength(3)
  })

  it('rows take Tab; the arrow keys move between them', async () => {
    fleetFake()
    await mountView()
    expect(rows().map((r) => r.getAttribute('tabindex'))).toEqual(['0', '0', '0'])
    row('p-initech').focus()
    row('p-initech').dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, cancelable: true }))
    await flushPromises()
    expect(document.activeElement).toBe(row('p-acme'))
    row('p-acme').dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true, cancelable: true }))
    await flushPromises()
    expect(document.activeElement).toBe(row('p-globex'))
  })

  it('says there is no PBX yet, and leads to the PBXs page', async () => {
    installFakePbx(createFakePbx({}, { profiles: [] }))
    await mountView()
    expect(document.body.querySelector('h2')?.textContent).toBe('No PBX saved yet')
    expect(document.body.querySelector('a[href="/pbxs"]')?.textContent).toContain('Go to PBXs')
  })
})

describe('FleetView in the app', () => {
  it('"Open" opens the PBX as the list does and goes on to its first area; Enter on a row too', async () => {
    const pbx = fleetFake()
    const { router } = await mountShell('/fleet')
    await flushPromises()

    await click(row('p-acme').querySelector('button[aria-label="Open Acme HQ"]'))
    expect(pbx.openPbx).toHaveBeenCalledWith({ profileId: 'p-acme' })
    expect(useSessionsStore().active?.profileId).toBe('p-acme')
    expect(router.currentRoute.value.path).toBe('/dect')

    await router.push('/fleet')
    await flushPromises()
    row('p-globex').focus()
    row('p-globex').dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }))
    await flushPromises()
    expect(pbx.openPbx).toHaveBeenLastCalledWith({ profileId: 'p-globex' })
    expect(document.body.querySelector('.pbx-sign-in')?.textContent).toContain(`Sign in to ${globexProfile.label}`)
  })

  it('"Sign in" signs in through the dialog, stays on the fleet, and reads that PBX again', async () => {
    const pbx = fleetFake()
    const { router } = await mountShell('/fleet')
    await flushPromises()

    await click(row('p-globex').querySelector('button[aria-label="Sign in to Globex hosting"]'))
    const dialog = document.body.querySelector<HTMLElement>('.pbx-sign-in')!
    expect(dialog.textContent).toContain(`Sign in to ${globexProfile.label}`)
    const label = Array.from(dialog.querySelectorAll('label')).find((l) => l.textContent?.replace('*', '').trim() === 'Password')!
    const password = document.getElementById(label.htmlFor) as HTMLInputElement
    await type(password, 'admin')
    password.closest('form')!.dispatchEvent(new Event('submit', { cancelable: true }))
    await flushPromises()

    expect(pbx.signIn).toHaveBeenCalledWith({ profileId: 'p-globex', password: 'admin', remember: false })
    expect(useSessionsStore().isSignedIn('p-globex')).toBe(true)
    expect(useSessionsStore().activeProfileId).toBeNull()
    expect(router.currentRoute.value.path).toBe('/fleet')
    expect(pbx.refreshFleet).toHaveBeenCalledWith({ profileIds: ['p-globex'] })
    expect(cells('p-globex').checkedAt).toBe('3 days ago, being read again')
  })

  it('the sidebar offers Fleet with no PBX open', async () => {
    fleetFake()
    const { wrapper, router } = await mountShell('/pbxs')
    const item = wrapper.find('[role="menuitem"][data-area="fleet"]')
    expect(item.attributes('aria-disabled')).toBeUndefined()
    await item.trigger('click')
    await flushPromises()
    expect(router.currentRoute.value.path).toBe('/fleet')
    expect(wrapper.find('h1').text()).toBe('Fleet')
    expect(rowIds()).toEqual(['p-initech', 'p-acme', 'p-globex'])
  })
})
