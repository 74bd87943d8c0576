import { useSessionsStore } from '@renderer/stores/sessions'
import IvrView from '@renderer/views/IvrView.vue'
import { flushPromises, type VueWrapper } from '@vue/test-utils'
import { NDataTable, NSelect } from 'naive-ui'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { acmeProfile, deferred, fail, globexProfile } from '../fake-pbx'
import { mountInApp } from '../mount-app'
import { stubElementWidth } from '../element-width'
import { FAKE_NO_DELETE } from './fake-ivr'
import { bodyButton, headers, row, rowNames, rows, setupIvr } from './ivr-setup'

/** Mounts the IVR area with `open` as the active PBX (none when null). */
async function mountView(open: string | null = globexProfile.id) {
  const result = await mountInApp(IvrView, '/ivr')
  if (open !== null) await useSessionsStore().open(open)
  await flushPromises()
  return result
}

const count = (wrapper: VueWrapper) => wrapper.find('.ivr-servers__count').text()
const switchOf = (wrapper: VueWrapper, serverId: string) => row(wrapper, serverId).find('[role="switch"]')
const cellOf = (wrapper: VueWrapper, serverId: string, column: string) => {
  const index = headers(wrapper).indexOf(column)
  if (index < 0) throw new Error(`no column ${column}`)
  return row(wrapper, serverId).findAll('td')[index]!
}
/** what the Reachability cell says, without when it was checked */
const reachabilityOf = (wrapper: VueWrapper, serverId: string) => cellOf(wrapper, serverId, 'Reachability').text().split(',')[0]
const lastQuery = (pbx: ReturnType<typeof setupIvr>['pbx']) => pbx.listIvrServers.mock.lastCall?.[0].query
const messages = () => Array.from(document.body.querySelectorAll('.n-message')).map((m) => m.textContent?.trim() ?? '')

afterEach(() => {
  vi.useRealTimers()
})

describe('IvrView: who may see the IVR servers', () => {
  it('asks to open a PBX first', async () => {
    const { pbx } = setupIvr()
    const { wrapper } = await mountView(null)

    expect(wrapper.find('h2').text()).toBe('IVR servers')
    expect(wrapper.text()).toContain('Open a PBX first')
    expect(pbx.listIvrServers).not.toHaveBeenCalled()
  })

  it('says a tenant administrator may not use it', async () => {
    const { pbx } = setupIvr()
    const { wrapper } = await mountView(acmeProfile.id)

    expect(wrapper.text()).toContain('IVR servers need the system administrator of this PBX')
    expect(wrapper.find('button').text()).toBe('Sign in as the system administrator of this PBX')
    expect(wrapper.text()).toContain('Acme HQ is signed in as manager (Admin)')
    expect(pbx.listIvrServers).not.toHaveBeenCalled()
  })
})

describe('IvrView: the list', () => {
  it('shows the first page with the count, the built-in server marked and read-only', async () => {
    const { pbx } = setupIvr(2)
    const { wrapper } = await mountView()

    expect(pbx.listIvrServers).toHaveBeenCalledWith({ profileId: 'p-globex', query: { skip: 0, top: 25 } })
    expect(count(wrapper)).toBe('3 servers')
    expect(rowNames(wrapper)).toEqual(['Built-in IVR', 'Branch 1', 'Branch 2'])
    expect(headers(wrapper)).toEqual(['Name', 'Type', 'IPv4', 'IPv6', 'Reachability', 'Enabled', 'Actions'])

    const builtIn = row(wrapper, 'ivr-1')
    expect(cellOf(wrapper, 'ivr-1', 'Type').text()).toContain('INTERNAL')
    expect(builtIn.find('.ivr-type__built-in').text()).toBe('built-in')
    // its switch shows it on, but is locked; the reason is on hover and keyboard focus, and read out
    const locked = switchOf(wrapper, 'ivr-1')
    expect(locked.attributes()).toMatchObject({ 'aria-checked': 'true', 'aria-disabled': 'true', 'aria-label': 'Built-in IVR: enabled', tabindex: '0' })
    expect(document.getElementById(locked.attributes('aria-describedby')!)?.textContent).toContain('cannot be switched off or deleted')
    expect(builtIn.find('.n-switch').classes()).toContain('n-switch--disabled')
    expect(builtIn.find('button').exists()).toBe(false)

    // an EXTERNAL server: its switch works, Delete is offered
    expect(cellOf(wrapper, 'ivr-2', 'Type').text()).toBe('EXTERNAL')
    expect(switchOf(wrapper, 'ivr-2').classes()).not.toContain('n-switch--disabled')
    expect(switchOf(wrapper, 'ivr-2').attributes('aria-label')).toBe('Branch 1: enabled')
    expect(row(wrapper, 'ivr-2').find('button[aria-label="Delete Branch 1"]').exists()).toBe(true)
    expect(cellOf(wrapper, 'ivr-2', 'IPv4').text()).toBe('10.0.0.1')
  })

  it('narrow (1024 px beside the sidebar): the addresses fold under the name; reachability, switch and Delete stay (issue 42)', async () => {
    stubElementWidth('.ivr-servers__table', 756)
    try {
      setupIvr(2)
      const { wrapper } = await mountView()
      expect(headers(wrapper)).toEqual(['Name', 'Type', 'Reachability', 'Enabled', 'Actions'])
      expect(cellOf(wrapper, 'ivr-2', 'Name').find('.folded-titled').text()).toBe('IPv4 10.0.0.1')
      expect(row(wrapper, 'ivr-2').find('button[aria-label="Delete Branch 1"]').exists()).toBe(true)
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('pages through the PBX: skip and top come from the page and the page size', { timeout: 30_000 }, async () => {
    const { pbx } = setupIvr(30)
    const { wrapper } = await mountView()

    expect(count(wrapper)).toBe('31 servers')
    expect(rows(wrapper)).toHaveLength(25)

    const pageTwo = wrapper.findAll('.n-pagination-item').find((item) => item.text() === '2')
    await pageTwo!.trigger('click')
    await flushPromises()
    expect(lastQuery(pbx)).toEqual({ skip: 25, top: 25 })
    expect(rowNames(wrapper)).toEqual(['Lab 25', 'Branch 26', 'Branch 27', 'Branch 28', 'Branch 29', 'Lab 30'])

    wrapper.findComponent(NDataTable).vm.$emit('update:page-size', 10)
    await flushPromises()
    expect(lastQuery(pbx)).toEqual({ skip: 0, top: 10 })
    expect(rows(wrapper)).toHaveLength(10)
    expect(wrapper.findAll('.n-pagination-item').map((item) => item.text())).toContain('4')
  })

  it('hands sorting to the PBX, from the column headers and from the Sort choice', async () => {
    const { pbx } = setupIvr(3)
    const { wrapper } = await mountView()
    const nameHeader = () => wrapper.findAll('th').find((th) => th.text() === 'Name')!

    await nameHeader().trigger('click')
    await flushPromises()
    expect(lastQuery(pbx)).toEqual({ skip: 0, top: 25, orderby: 'name' })
    expect(rowNames(wrapper)).toEqual(['Branch 1', 'Branch 2', 'Branch 3', 'Built-in IVR'])

    await nameHeader().trigger('click')
    await flushPromises()
    expect(lastQuery(pbx)).toEqual({ skip: 0, top: 25, orderby: 'name desc' })
    expect(rowNames(wrapper)).toEqual(['Built-in IVR', 'Branch 3', 'Branch 2', 'Branch 1'])

    wrapper.findComponent(NSelect).vm.$emit('update:value', 'type desc')
    await flushPromises()
    expect(lastQuery(pbx)).toEqual({ skip: 0, top: 25, orderby: 'type desc' })
    expect(rowNames(wrapper).at(-1)).toBe('Built-in IVR')

    wrapper.findComponent(NSelect).vm.$emit('update:value', 'default')
    await flushPromises()
    expect(lastQuery(pbx)).toEqual({ skip: 0, top: 25 })
  })

  it('a new order starts at the first page again', { timeout: 30_000 }, async () => {
    const { pbx } = setupIvr(30)
    const { wrapper } = await mountView()
    await wrapper.findAll('.n-pagination-item').find((item) => item.text() === '2')!.trigger('click')
    await flushPromises()

    await wrapper.findAll('th').find((th) => th.text() === 'Type')!.trigger('click')
    await flushPromises()
    expect(lastQuery(pbx)).toEqual({ skip: 0, top: 25, orderby: 'type' })
  })

  it('searches on the PBX once typing pauses (debounced), at once on Enter', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { pbx } = setupIvr(12)
    const { wrapper } = await mountView()
    const search = wrapper.find('input[aria-label="Search IVR servers"]')
    const calls = pbx.listIvrServers.mock.calls.length

    await search.setValue('bra')
    vi.advanceTimersByTime(100)
    await search.setValue('branch 1')
    vi.advanceTimersByTime(299)
    await flushPromises()
    expect(pbx.listIvrServers).toHaveBeenCalledTimes(calls)

    vi.advanceTimersByTime(1)
    await flushPromises()
    expect(pbx.listIvrServers).toHaveBeenCalledTimes(calls + 1)
    expect(lastQuery(pbx)).toEqual({ skip: 0, top: 25, search: 'branch 1' })
    expect(rowNames(wrapper)).toEqual(['Branch 1', 'Branch 11', 'Branch 12'])
    expect(count(wrapper)).toBe('3 servers matching “branch 1”')

    await search.setValue('2001:db8::')
    await search.trigger('keydown', { key: 'Enter' })
    await flushPromises()
    expect(lastQuery(pbx)).toEqual({ skip: 0, top: 25, search: '2001:db8::' })
    expect(rowNames(wrapper)).toEqual(['Branch 3', 'Branch 6', 'Branch 9', 'Branch 12'])

    await search.setValue('nothing like it')
    vi.advanceTimersByTime(300)
    await flushPromises()
    expect(rows(wrapper)).toHaveLength(0)
    expect(wrapper.text()).toContain('No IVR server matches “nothing like it”')
  })

  it('asks the reachability of the page once it is shown', async () => {
    const { pbx } = setupIvr(5)
    const { wrapper } = await mountView()

    expect(pbx.ivrServerStatuses).toHaveBeenCalledWith({ profileId: 'p-globex', serverIds: ['ivr-1', 'ivr-2', 'ivr-3', 'ivr-4', 'ivr-5', 'ivr-6'] })
    expect(reachabilityOf(wrapper, 'ivr-2')).toBe('Reachable')
    // Lab 5 is in TEST-NET-1: the PBX cannot reach it
    expect(reachabilityOf(wrapper, 'ivr-6')).toBe('Not reachable')
    // when it checked is read out with it
    expect(cellOf(wrapper, 'ivr-6', 'Reachability').text()).toMatch(/^Not reachable, checked \S/)
  })

  it('has no Reachability column where the PBX does not report it (404), and no error', async () => {
    const { pbx, ivr } = setupIvr(2)
    ivr.noStatus[globexProfile.id] = true
    const { wrapper } = await mountView()

    expect(pbx.ivrServerStatuses).toHaveBeenCalledTimes(1)
    expect(headers(wrapper)).not.toContain('Reachability')
    expect(headers(wrapper)).toEqual(['Name', 'Type', 'IPv4', 'IPv6', 'Enabled', 'Actions'])
    expect(wrapper.find('[role="alert"]').exists()).toBe(false)

    // it is not asked again when the page is read again
    wrapper.findAll('button').find((b) => b.text() === 'Refresh')!.element.click()
    await flushPromises()
    expect(pbx.ivrServerStatuses).toHaveBeenCalledTimes(1)
  })
})

describe('IvrView: switching servers on and off', () => {
  it('shows the change at once, and keeps it when the PBX agrees (reachability follows)', async () => {
    const { pbx, ivr } = setupIvr(2)
    const { wrapper } = await mountView()
    const answer = deferred<Awaited<ReturnType<typeof pbx.setIvrServerEnabled>>>()
    pbx.setIvrServerEnabled.mockImplementationOnce(() => answer.promise)

    await switchOf(wrapper, 'ivr-2').trigger('click')
    expect(pbx.setIvrServerEnabled).toHaveBeenCalledWith({ profileId: 'p-globex', serverId: 'ivr-2', enabled: false })
    expect(switchOf(wrapper, 'ivr-2').attributes('aria-checked')).toBe('false')

    const server = ivr.servers[globexProfile.id]!.find((s) => s.id === 'ivr-2')!
    server.enabled = false
    answer.resolve({ ok: true, value: { ...server } })
    await flushPromises()

    expect(switchOf(wrapper, 'ivr-2').attributes('aria-checked')).toBe('false')
    expect(pbx.ivrServerStatuses).toHaveBeenLastCalledWith({ profileId: 'p-globex', serverIds: ['ivr-2'] })
    expect(reachabilityOf(wrapper, 'ivr-2')).toBe('Not reachable')
    expect(messages()).toEqual([])
  })

  it('puts the switch back and says why, naming the server, when the PBX refuses', async () => {
    const { pbx, ivr } = setupIvr(2)
    ivr.refuseSwitch['ivr-3'] = 'The PBX refused: the server is in use by a call flow (409)'
    const { wrapper } = await mountView()
    // the PBX's answer waits until the test has seen the switch change at once
    const answer = deferred<void>()
    const refuse = pbx.setIvrServerEnabled.getMockImplementation()!
    pbx.setIvrServerEnabled.mockImplementationOnce(async (input) => {
      await answer.promise
      return refuse(input)
    })

    await switchOf(wrapper, 'ivr-3').trigger('click')
    expect(switchOf(wrapper, 'ivr-3').attributes('aria-checked')).toBe('false')
    answer.resolve()
    await flushPromises()

    expect(pbx.setIvrServerEnabled).toHaveBeenCalledWith({ profileId: 'p-globex', serverId: 'ivr-3', enabled: false })
    expect(switchOf(wrapper, 'ivr-3').attributes('aria-checked')).toBe('true')
    expect(messages().join('\n')).toContain('Could not switch Branch 2 off: The PBX refused: the server is in use by a call flow (409)')
  })

  it('does not send anything for the built-in server', async () => {
    const { pbx } = setupIvr(1)
    const { wrapper } = await mountView()

    await row(wrapper, 'ivr-1').find('.n-switch').trigger('click')
    await switchOf(wrapper, 'ivr-1').trigger('keydown', { key: ' ' })
    await flushPromises()
    expect(pbx.setIvrServerEnabled).not.toHaveBeenCalled()
    expect(switchOf(wrapper, 'ivr-1').attributes('aria-checked')).toBe('true')
  })
})

describe('IvrView: deleting', () => {
  it('deletes an EXTERNAL server after the confirmation, and reads the page again', async () => {
    const { pbx } = setupIvr(2)
    const { wrapper } = await mountView()

    await row(wrapper, 'ivr-2').find('button[aria-label="Delete Branch 1"]').trigger('click')
    await flushPromises()
    expect(document.body.textContent).toContain('Delete Branch 1?')
    expect(document.body.textContent).toContain('Branch 1 (10.0.0.1) is removed from Globex hosting')

    bodyButton('Cancel').click()
    await flushPromises()
    expect(pbx.deleteIvrServer).not.toHaveBeenCalled()

    await row(wrapper, 'ivr-2').find('button[aria-label="Delete Branch 1"]').trigger('click')
    await flushPromises()
    bodyButton('Delete').click()
    await flushPromises()

    expect(pbx.deleteIvrServer).toHaveBeenCalledWith({ profileId: 'p-globex', serverId: 'ivr-2' })
    expect(rowNames(wrapper)).toEqual(['Built-in IVR', 'Branch 2'])
    expect(count(wrapper)).toBe('2 servers')
    expect(messages().join('\n')).toContain('Deleted Branch 1')
  })

  it('says the PBX does not offer deleting once it answered NOT_SUPPORTED, and offers it no more', async () => {
    const { pbx, ivr } = setupIvr(2)
    ivr.noDelete[globexProfile.id] = true
    const { wrapper } = await mountView()

    await row(wrapper, 'ivr-2').find('button[aria-label="Delete Branch 1"]').trigger('click')
    await flushPromises()
    bodyButton('Delete').click()
    await flushPromises()

    expect(pbx.deleteIvrServer).toHaveBeenCalledTimes(1)
    expect(pbx.deleteIvrServer.mock.results[0]).toBeDefined()
    await expect(pbx.deleteIvrServer.mock.results[0]!.value).resolves.toEqual(fail('NOT_SUPPORTED', FAKE_NO_DELETE))
    expect(wrapper.find('.ivr-servers__note').text()).toBe('This PBX does not offer deleting IVR servers.')
    const deletes = wrapper.findAll('button.ivr-servers__delete')
    expect(deletes).toHaveLength(2)
    for (const button of deletes) expect(button.attributes('disabled')).toBeDefined()
    expect(rows(wrapper)).toHaveLength(3)
  })
})

describe('IvrView: when the list cannot be read', () => {
  it('offers to sign in again when the session ended, and reads the list once signed in', async () => {
    const { pbx } = setupIvr(2)
    pbx.listIvrServers.mockResolvedValueOnce(fail('NOT_SIGNED_IN', 'The session on Globex hosting ended: sign in again.'))
    const { wrapper } = await mountView()

    const alert = wrapper.find('[role="alert"]')
    expect(alert.text()).toContain('Could not read the IVR servers')
    expect(alert.text()).toContain('The session on Globex hosting ended: sign in again.')
    const signIn = alert.findAll('button').find((b) => b.text() === 'Sign in again')!
    await signIn.trigger('click')
    await flushPromises()

    expect(pbx.openPbx).toHaveBeenLastCalledWith({ profileId: 'p-globex' })
    expect(wrapper.find('[role="alert"]').exists()).toBe(false)
    expect(rowNames(wrapper)).toEqual(['Built-in IVR', 'Branch 1', 'Branch 2'])
  })

  it('shows any other error without a sign-in button; Refresh tries again', async () => {
    const { pbx } = setupIvr(1)
    pbx.listIvrServers.mockResolvedValueOnce(fail('UNREACHABLE', 'The PBX at https://pbx.globex.example did not answer.'))
    const { wrapper } = await mountView()

    expect(wrapper.find('[role="alert"]').text()).toContain('did not answer')
    expect(wrapper.find('[role="alert"]').text()).not.toContain('Sign in again')
    wrapper.findAll('button').find((b) => b.text() === 'Refresh')!.element.click()
    await flushPromises()
    expect(wrapper.find('[role="alert"]').exists()).toBe(false)
    expect(rows(wrapper)).toHaveLength(2)
  })

  it('"Add IVR server" opens the wizard', async () => {
    setupIvr(1)
    const { wrapper, router } = await mountView()
    wrapper.findAll('button').find((b) => b.text() === 'Add IVR server')!.element.click()
    await flushPromises()
    expect(router.currentRoute.value.name).toBe('ivr-server-new')
  })
})
