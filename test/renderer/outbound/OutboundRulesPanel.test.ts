import OutboundRuleTable from '@renderer/components/outbound/OutboundRuleTable.vue'
import { flushPromises, type VueWrapper } from '@vue/test-utils'
import { NDataTable } from 'naive-ui'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { stubElementWidth } from '../element-width'
import { acmeProfile, fail, globexProfile } from '../fake-pbx'
import { bodyButton, click, mountOutbound, rows, ruleNames, setupOutbound } from './setup'

async function mountList(open: string | null = acmeProfile.id) {
  const result = await mountOutbound(open)
  return result
}

const cellsOf = (wrapper: VueWrapper, ruleId: string) =>
  wrapper
    .find(`tr[data-rule-id="${ruleId}"]`)
    .findAll('td')
    .map((td) => td.text())
const table = (wrapper: VueWrapper) => wrapper.findComponent(OutboundRuleTable).findComponent(NDataTable)
const lastQuery = (pbx: ReturnType<typeof setupOutbound>['pbx']) => pbx.listOutboundRules.mock.lastCall?.[0]

describe('Outbound rules list', { timeout: 30_000 }, () => {
  it('needs an open PBX', async () => {
    const { pbx } = setupOutbound({ rules: 5 })
    const { wrapper } = await mountList(null)

    expect(wrapper.find('section[aria-label="Outbound rules"]').text()).toContain('Open a PBX first')
    expect(pbx.listOutboundRules).not.toHaveBeenCalled()
  })

  it('needs a user who may read outbound rules (a system administrator may not)', async () => {
    const { pbx } = setupOutbound({ rules: 5 })
    const { wrapper } = await mountList(globexProfile.id)

    expect(wrapper.text()).toContain('Globex hosting is signed in as admin (SystemAdmin), who may not read outbound rules')
    expect(pbx.listOutboundRules).not.toHaveBeenCalled()
  })

  it('asks the PBX for the first page in priority order and shows the count', { timeout: 20_000 }, async () => {
    const { pbx } = setupOutbound()
    const { wrapper } = await mountList()

    expect(pbx.listOutboundRules).toHaveBeenCalledWith({ profileId: 'p-acme', query: { skip: 0, top: 25, orderby: 'priority' } })
    expect(rows(wrapper)).toHaveLength(25)
    expect(ruleNames(wrapper).slice(0, 4)).toEqual(['Emergency', 'Local', 'International', 'Zone 01'])
    expect(wrapper.find('.outbound-rules__count').text()).toBe('30 rules')
    expect(wrapper.find('.n-pagination').text()).toContain('30 rules')
  })

  it('says when the session ended, and reads the rules again after "Sign in again"', async () => {
    const { pbx } = setupOutbound({ rules: 5 })
    pbx.listOutboundRules.mockResolvedValueOnce(fail('NOT_SIGNED_IN', 'The session of Acme HQ ended: sign in again.'))
    const { wrapper } = await mountList()

    expect(wrapper.find('[role="alert"]').text()).toContain('The session of Acme HQ ended: sign in again.')
    expect(rows(wrapper)).toHaveLength(0)
    await click(bodyButton('Sign in again'))

    expect(pbx.openPbx).toHaveBeenLastCalledWith({ profileId: 'p-acme' })
    expect(wrapper.find('[role="alert"]').exists()).toBe(false)
    expect(rows(wrapper)).toHaveLength(5)
  })

  it('shows each rule at a glance: priority, name, prefix, lengths, extensions, office hours, holidays, strategy, state', async () => {
    // wide enough for every column (1250 px)
    stubElementWidth('.outbound-rules__table', 1260)
    onTestFinished(() => {
      vi.unstubAllGlobals()
    })
    setupOutbound({ rules: 5 })
    const { wrapper } = await mountList()

    expect(cellsOf(wrapper, 'rule-2').slice(1, 10)).toEqual(['100', 'Local', '0', '10, 11', '100–199, 205', 'always', '1 holiday', 'in order', 'on'])
    expect(cellsOf(wrapper, 'rule-3').slice(1, 10)).toEqual([
      '200',
      'International',
      '00',
      'any',
      'all extensions',
      'Mon–Fri 08:00–18:00',
      '2 holidays',
      'at random',
      'off',
    ])
    expect(wrapper.find('tr[data-rule-id="rule-3"] .outbound-rules__holidays span').attributes('title')).toBe('New Year, Christmas')
    expect(cellsOf(wrapper, 'rule-1').slice(3, 9)).toEqual(['112', '3', 'all extensions', 'always', 'none', 'in order'])
  })

  it('narrow (1024 px beside the sidebar): lengths, extensions, office hours, holidays and routes fold under the name; the state and the actions stay (issue 42)', async () => {
    // 524 px of key columns (checkbox, name, state, actions): priority and prefix fit in the 231 left, lengths (90) no more
    stubElementWidth('.outbound-rules__table', 755)
    onTestFinished(() => {
      vi.unstubAllGlobals()
    })
    setupOutbound({ rules: 5 })
    const { wrapper } = await mountList()

    expect(wrapper.findAll('th').map((th) => th.text())).toEqual(['', 'Priority', 'Name', 'Prefix', 'State', 'Actions'])
    const name = wrapper.find('tr[data-rule-id="rule-3"] td:nth-child(3)')
    expect(name.find('a.outbound-rules__name').text()).toBe('International')
    expect(name.findAll('.folded-titled > span').map((span) => span.text().replace(/\s+/g, ' '))).toEqual([
      'Lengths any',
      'Extensions all extensions',
      'Office hours Mon–Fri 08:00–18:00',
      'Holidays 2 holidays',
      'Routes at random',
    ])
    expect(name.find('.folded-titled span[title]').attributes('title')).toBe('New Year, Christmas')
    expect(cellsOf(wrapper, 'rule-3').filter((_, at) => at !== 2)).toEqual(['', '200', '00', 'off', 'EditDuplicateDelete'])
  })

  it('pages, changes the page size and sorts through the PBX', async () => {
    const { pbx } = setupOutbound({ rules: 13 })
    const { wrapper } = await mountList()
    expect(rows(wrapper)).toHaveLength(13)

    table(wrapper).vm.$emit('update:page-size', 10)
    await flushPromises()
    expect(lastQuery(pbx)).toEqual({ profileId: 'p-acme', query: { skip: 0, top: 10, orderby: 'priority' } })
    table(wrapper).vm.$emit('update:page', 2)
    await flushPromises()
    expect(lastQuery(pbx)?.query).toEqual({ skip: 10, top: 10, orderby: 'priority' })
    expect(ruleNames(wrapper)).toEqual(['Zone 08', 'Zone 09', 'Zone 10'])

    table(wrapper).vm.$emit('update:page-size', 5)
    await flushPromises()
    // the first rule shown (the 11th) stays on screen: page 3 of 5
    expect(lastQuery(pbx)?.query).toEqual({ skip: 10, top: 5, orderby: 'priority' })
    expect(wrapper.find('.n-pagination-item--active').text()).toBe('3')

    const header = (title: string) => wrapper.findAll('th').find((th) => th.text().startsWith(title))!
    await header('Name').trigger('click')
    await flushPromises()
    expect(lastQuery(pbx)?.query).toEqual({ skip: 0, top: 5, orderby: 'name' })
    expect(ruleNames(wrapper)).toEqual(['Emergency', 'International', 'Local', 'Zone 01', 'Zone 02'])

    await header('Name').trigger('click')
    await flushPromises()
    expect(lastQuery(pbx)?.query).toEqual({ skip: 0, top: 5, orderby: 'name desc' })
    expect(ruleNames(wrapper)[0]).toBe('Zone 10')

    await header('Priority').trigger('click')
    await flushPromises()
    expect(lastQuery(pbx)?.query?.orderby).toBe('priority')
    expect(ruleNames(wrapper)[0]).toBe('Emergency')
    await header('Priority').trigger('click')
    await flushPromises()
    expect(lastQuery(pbx)?.query?.orderby).toBe('priority desc')
    expect(ruleNames(wrapper)[0]).toBe('Zone 10')
  })

  it('searches through the PBX once typing pauses, from the first page', async () => {
    const { pbx } = setupOutbound({ rules: 13 })
    const { wrapper } = await mountList()
    table(wrapper).vm.$emit('update:page-size', 10)
    await flushPromises()
    table(wrapper).vm.$emit('update:page', 2)
    await flushPromises()
    const calls = pbx.listOutboundRules.mock.calls.length

    vi.useFakeTimers()
    try {
      const search = wrapper.find('input[aria-label="Search rules"]')
      await search.setValue('Z')
      await search.setValue('Zone 0')
      expect(pbx.listOutboundRules.mock.calls.length).toBe(calls)
      vi.advanceTimersByTime(300)
    } finally {
      vi.useRealTimers()
    }
    await flushPromises()

    expect(pbx.listOutboundRules.mock.calls.length).toBe(calls + 1)
    expect(lastQuery(pbx)?.query).toEqual({ skip: 0, top: 10, orderby: 'priority', search: 'Zone 0' })
    expect(ruleNames(wrapper)).toEqual(['Zone 01', 'Zone 02', 'Zone 03', 'Zone 04', 'Zone 05', 'Zone 06', 'Zone 07', 'Zone 08', 'Zone 09'])
    expect(wrapper.find('.outbound-rules__count').text()).toBe('9 rules match “Zone 0”')

    await wrapper.find('input[aria-label="Search rules"]').setValue('nothing like it')
    await new Promise((resolve) => setTimeout(resolve, 350))
    await flushPromises()
    expect(rows(wrapper)).toHaveLength(0)
    expect(wrapper.text()).toContain('No rule matches “nothing like it”')
  })

  it("links each rule's name and Edit to the editor, and New rule to a new one", async () => {
    setupOutbound({ rules: 5 })
    const { wrapper, router } = await mountList()

    const link = wrapper.find('tr[data-rule-id="rule-2"] a.outbound-rules__name')
    expect(link.attributes('href')).toBe('/outbound/rules/rule-2')
    await link.trigger('click')
    await flushPromises()
    expect(router.currentRoute.value.name).toBe('outbound-rule')
    expect(router.currentRoute.value.params.ruleId).toBe('rule-2')

    await router.push('/outbound')
    await click(bodyButton('Edit International'))
    expect(router.currentRoute.value.fullPath).toBe('/outbound/rules/rule-3')

    await router.push('/outbound')
    const newRule = wrapper.findAll('a').find((a) => a.text() === 'New rule')!
    expect(newRule.attributes('href')).toBe('/outbound/rules/new')
  })

  it('duplicates a rule: the list is read again and the copy highlighted, with a message', async () => {
    const { pbx } = setupOutbound({ rules: 5 })
    const { wrapper } = await mountList()
    const before = pbx.listOutboundRules.mock.calls.length

    await click(bodyButton('Duplicate Local'))

    expect(pbx.duplicateOutboundRule).toHaveBeenCalledWith({ profileId: 'p-acme', ruleId: 'rule-2' })
    expect(pbx.listOutboundRules.mock.calls.length).toBe(before + 1)
    expect(ruleNames(wrapper).slice(0, 4)).toEqual(['Emergency', 'Local', 'Local (copy)', 'International'])
    const copy = wrapper.findAll('tr[data-rule-id]')[2]!
    expect(copy.classes()).toContain('outbound-rules__row--new')
    expect(document.body.textContent).toContain('Duplicated Local as Local (copy)')
    expect(wrapper.find('.outbound-rules__count').text()).toBe('6 rules')
  })

  it('deletes a rule after the confirmation', async () => {
    const { pbx } = setupOutbound({ rules: 5 })
    const { wrapper } = await mountList()

    await click(bodyButton('Delete Local'))
    expect(document.body.textContent).toContain('Delete Local?')
    expect(pbx.deleteOutboundRule).not.toHaveBeenCalled()
    await click(bodyButton('Delete'))

    expect(pbx.deleteOutboundRule).toHaveBeenCalledWith({ profileId: 'p-acme', ruleId: 'rule-2' })
    expect(ruleNames(wrapper)).not.toContain('Local')
    expect(wrapper.find('.outbound-rules__count').text()).toBe('4 rules')
    expect(document.body.textContent).toContain('Deleted Local')
  })

  it('goes back a page when a delete empties the last one', async () => {
    const { pbx } = setupOutbound({ rules: 11 })
    const { wrapper } = await mountList()
    table(wrapper).vm.$emit('update:page-size', 10)
    await flushPromises()
    table(wrapper).vm.$emit('update:page', 2)
    await flushPromises()
    expect(ruleNames(wrapper)).toEqual(['Zone 08'])

    await click(bodyButton('Delete Zone 08'))
    await click(bodyButton('Delete'))

    expect(lastQuery(pbx)?.query?.skip).toBe(0)
    expect(rows(wrapper)).toHaveLength(10)
  })

  it('says "This PBX does not offer deleting rules" when the PBX answers NOT_SUPPORTED, and offers Delete no more', async () => {
    const { pbx, outbound } = setupOutbound({ rules: 5 })
    outbound.noDelete['p-acme'] = true
    const { wrapper } = await mountList()

    await click(bodyButton('Delete Local'))
    await click(bodyButton('Delete'))

    expect(pbx.deleteOutboundRule).toHaveBeenCalledTimes(1)
    expect(wrapper.find('[role="alert"]').text()).toContain('This PBX does not offer deleting rules.')
    expect(bodyButton('Delete Local').disabled).toBe(true)
    expect(bodyButton('Delete Emergency').getAttribute('title')).toBe('This PBX does not offer deleting rules.')
    expect(rows(wrapper)).toHaveLength(5)
  })

  it('chooses rules for a copy with named checkboxes, across pages', async () => {
    setupOutbound({ rules: 13 })
    const { wrapper } = await mountList()
    table(wrapper).vm.$emit('update:page-size', 10)
    await flushPromises()
    const box = (name: string) => wrapper.find(`[role="checkbox"][aria-label="${name}"]`)
    const copyButton = () => wrapper.findAll('button').find((b) => b.text().startsWith('Copy to another PBX'))!

    expect(copyButton().attributes('disabled')).toBeDefined()
    await box('Select Local').trigger('click')
    table(wrapper).vm.$emit('update:page', 2)
    await flushPromises()
    await box('Select Zone 09').trigger('click')
    await flushPromises()

    expect(copyButton().text()).toBe('Copy to another PBX… (2)')
    expect(copyButton().attributes('disabled')).toBeUndefined()
    expect(wrapper.text()).toContain('2 rules chosen for a copy.')

    await box('Select every rule on this page').trigger('click')
    await flushPromises()
    expect(copyButton().text()).toBe('Copy to another PBX… (4)')
    expect(box('Select every rule on this page').attributes('aria-checked')).toBe('true')
    table(wrapper).vm.$emit('update:page', 1)
    await flushPromises()
    expect(box('Select Local').attributes('aria-checked')).toBe('true')
    expect(box('Select every rule on this page').attributes('aria-checked')).toBe('mixed')
  })

  it('keeps the tab in the address', async () => {
    setupOutbound({ rules: 5 })
    const { wrapper, router } = await mountList()

    const tabs = wrapper.findAll('[role="tab"]')
    expect(tabs.map((tab) => [tab.text(), tab.attributes('aria-selected')])).toEqual([
      ['Rules', 'true'],
      ['Test a number', 'false'],
    ])
    await tabs[1]!.trigger('keydown', { key: 'Enter' })
    await flushPromises()
    expect(router.currentRoute.value.query).toEqual({ tab: 'test' })
    expect(wrapper.find('[role="tab"][aria-selected="true"]').text()).toBe('Test a number')
  })
})
