import DectPhonesPanel from '@renderer/components/dect/DectPhonesPanel.vue'
import { useSessionsStore } from '@renderer/stores/sessions'
import { flushPromises, type VueWrapper } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import {
  acmeProfile,
  createFakePbx,
  fakeDectPhones,
  globexProfile,
  installFakePbx,
  signedIn,
  type FakePbx,
} from '../fake-pbx'
import { mountInApp } from '../mount-app'

/** Acme (tenant admin, may read and write phones) signed in with 10 phones; Globex (system administrator) too. */
function setup(): FakePbx {
  const pbx = installFakePbx(createFakePbx())
  pbx.state.sessions[acmeProfile.id] = signedIn(acmeProfile)
  pbx.state.sessions[globexProfile.id] = signedIn(globexProfile)
  pbx.dect.state.phones[acmeProfile.id] = fakeDectPhones(10)
  return pbx
}

/** Mounts the panel with `open` as the active PBX (none when null). */
async function mountPanel(open: string | null = acmeProfile.id) {
  const result = await mountInApp(DectPhonesPanel, '/dect')
  if (open !== null) await useSessionsStore().open(open)
  await flushPromises()
  return result
}

const rows = (wrapper: VueWrapper) => wrapper.findAll('tr[data-phone-id]')
const rowNames = (wrapper: VueWrapper) => rows(wrapper).map((row) => row.find('strong').text())
const drawer = () => document.body.querySelector<HTMLElement>('.n-drawer')

function drawerButton(text: string): HTMLButtonElement {
  const found = Array.from(drawer()?.querySelectorAll('button') ?? []).find((b) => b.textContent?.trim() === text)
  if (!found) throw new Error(`no button "${text}" in the drawer`)
  return found
}

function bodyButton(text: string): HTMLButtonElement {
  const found = Array.from(document.body.querySelectorAll('button')).findLast((b) => b.textContent?.trim() === text)
  if (!found) throw new Error(`no button "${text}" in the document`)
  return found
}

/** The drawer's field labelled `label` (its `<label for>`). */
function field(label: string): HTMLInputElement {
  const labelElement = Array.from(drawer()?.querySelectorAll('label') ?? []).find((l) => l.textContent?.replace('*', '').trim() === label)
  const id = labelElement?.getAttribute('for')
  const input = id ? document.getElementById(id) : null
  if (!(input instanceof HTMLInputElement)) throw new Error(`no field "${label}"`)
  return input
}

async function type(input: HTMLInputElement, value: string): Promise<void> {
  input.value = value
  input.dispatchEvent(new Event('input'))
  await flushPromises()
}

async function openRow(wrapper: VueWrapper, index: number): Promise<void> {
  await rows(wrapper)[index]!.trigger('click')
  await flushPromises()
}

describe('DectPhonesPanel', () => {
  it('needs an open PBX', async () => {
    setup()
    const { wrapper } = await mountPanel(null)

    expect(wrapper.find('h2').text()).toBe('DECT phones on the PBX')
    expect(wrapper.text()).toContain('Open a PBX first')
    expect(wrapper.find('table').exists()).toBe(false)
  })

  it('needs a user who may read DECT phones', async () => {
    const pbx = setup()
    const { wrapper } = await mountPanel(globexProfile.id)

    expect(wrapper.text()).toContain('Globex hosting is signed in as admin (SystemAdmin), who may not read DECT phones')
    expect(pbx.listDectPhones).not.toHaveBeenCalled()
  })

  it('lists the phones of the active PBX: name, MAC, vendor/model, lines, interface, url', async () => {
    const pbx = setup()
    const { wrapper } = await mountPanel()

    expect(pbx.listDectPhones).toHaveBeenCalledWith({ profileId: 'p-acme' })
    expect(wrapper.find('section[aria-label="DECT phones on the PBX"]').exists()).toBe(true)
    expect(rows(wrapper)).toHaveLength(10)
    const cells = rows(wrapper)[1]!.findAll('td').map((td) => td.text())
    expect(cells.slice(0, 5)).toEqual(['Handset 2', '00:15:65:00:00:02', 'Yealink W80B', '8', 'WEB_DOMAIN'])
    expect(cells[5]).toContain('https://pbx.acme.example/provisioning/001565000002.xml')
    expect(wrapper.find('.dect-phones__count').text()).toBe('10 phones')
  })

  it('searches by name, MAC (with or without colons) and model', async () => {
    setup()
    const { wrapper } = await mountPanel()
    const search = wrapper.find('input[aria-label="Search phones"]')

    await search.setValue('W80B')
    expect(rowNames(wrapper)).toEqual(['Handset 2', 'Handset 4', 'Handset 6', 'Handset 8', 'Handset 10'])
    expect(wrapper.find('.dect-phones__count').text()).toBe('5 of 10 phones')

    await search.setValue('00:15:65:00:00:03')
    expect(rowNames(wrapper)).toEqual(['Handset 3'])
    await search.setValue('001565000007')
    expect(rowNames(wrapper)).toEqual(['Handset 7'])
    await search.setValue('handset 1')
    expect(rowNames(wrapper)).toEqual(['Handset 1', 'Handset 10'])
    await search.setValue('nothing like it')
    expect(rows(wrapper)).toHaveLength(0)
    expect(wrapper.text()).toContain('No phone matches “nothing like it”')
  })

  it('opens a phone in a drawer (by click or Enter) with its details and QR code', async () => {
    const pbx = setup()
    const { wrapper } = await mountPanel()

    await rows(wrapper)[2]!.trigger('keydown', { key: 'Enter' })
    await flushPromises()

    expect(drawer()?.textContent).toContain('Handset 3')
    expect(drawer()?.textContent).toContain('00:15:65:00:00:03')
    expect(drawer()?.textContent).toContain('gigaset-n670.xml')
    const url = 'https://pbx.acme.example/provisioning/001565000003.xml'
    expect(pbx.qrCode).toHaveBeenCalledWith({ text: url })
    const qr = drawer()?.querySelector('.dect-phones__qr')
    expect(qr?.getAttribute('role')).toBe('img')
    expect(qr?.querySelector('svg')?.getAttribute('data-text')).toBe(encodeURIComponent(url))
  })

  it('saves only the fields that changed; an empty password stays unchanged, a typed one is sent', async () => {
    const pbx = setup()
    const { wrapper } = await mountPanel()
    await openRow(wrapper, 0)

    expect(drawerButton('Save changes').disabled).toBe(true)
    await type(field('Name'), 'Lobby handset')
    await type(field('Time zone'), 'Europe/Vienna')
    drawerButton('Save changes').click()
    await flushPromises()

    expect(pbx.updateDectPhone).toHaveBeenCalledTimes(1)
    expect(pbx.updateDectPhone).toHaveBeenLastCalledWith({
      profileId: 'p-acme',
      phoneId: 'ph-1',
      changes: { name: 'Lobby handset', timezone: 'Europe/Vienna' },
    })
    expect(rowNames(wrapper)[0]).toBe('Lobby handset')

    await type(field('Engineer password'), 's3cret-pin')
    drawerButton('Save changes').click()
    await flushPromises()
    expect(pbx.updateDectPhone).toHaveBeenLastCalledWith({ profileId: 'p-acme', phoneId: 'ph-1', changes: { engineer_password: 's3cret-pin' } })
  })

  it('says what is wrong with a field before asking the PBX', async () => {
    const pbx = setup()
    const { wrapper } = await mountPanel()
    await openRow(wrapper, 0)

    await type(field('Name'), '')
    drawerButton('Save changes').click()
    await flushPromises()

    expect(pbx.updateDectPhone).not.toHaveBeenCalled()
    const nameItem = field('Name').closest('.n-form-item')
    expect(nameItem?.querySelector('.n-form-item-feedback-wrapper')?.textContent).toBe('must not be empty')
  })

  it('deletes a phone after the confirmation', async () => {
    const pbx = setup()
    const { wrapper } = await mountPanel()
    await openRow(wrapper, 1)

    drawerButton('Delete').click()
    await flushPromises()
    expect(document.body.textContent).toContain('Delete Handset 2?')
    bodyButton('Delete').click()
    await flushPromises()

    expect(pbx.deleteDectPhone).toHaveBeenCalledWith({ profileId: 'p-acme', phoneId: 'ph-2' })
    expect(rowNames(wrapper)).not.toContain('Handset 2')
    expect(rows(wrapper)).toHaveLength(9)
  })

  it('says "This PBX does not offer deleting phones" when the PBX answers NOT_SUPPORTED', async () => {
    const pbx = setup()
    pbx.dect.state.noDelete['p-acme'] = true
    const { wrapper } = await mountPanel()
    await openRow(wrapper, 0)

    drawerButton('Delete').click()
    await flushPromises()
    bodyButton('Delete').click()
    await flushPromises()

    expect(pbx.deleteDectPhone).toHaveBeenCalledTimes(1)
    expect(drawer()?.querySelector('[role="alert"]')?.textContent).toContain('This PBX does not offer deleting phones.')
    expect(drawerButton('Delete').disabled).toBe(true)
    expect(rows(wrapper)).toHaveLength(10)
  })
})
