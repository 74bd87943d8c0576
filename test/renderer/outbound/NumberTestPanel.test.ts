import type { NumberTestResult } from '@contract/number-test'
import NumberTestPanel from '@renderer/components/outbound/NumberTestPanel.vue'
import { localDateTime } from '@renderer/lib/outbound-text'
import { flushPromises, type VueWrapper } from '@vue/test-utils'
import { NDatePicker } from 'naive-ui'
import { describe, expect, it, vi } from 'vitest'
import { acmeProfile, fail, type FakePbx } from '../fake-pbx'
import { bodyButton, click, mountOutbound, setupOutbound, type } from './setup'

/** What the PBX's rules make of a call to 0301234567 from 201 (Local applies; Emergency before it does not). */
function localAnswer(): NumberTestResult {
  return {
    call: { number: '0301234567', extension: '201', at: '2025-03-04T10:30', weekday: 'tuesday' },
    matched: { ruleId: 'rule-2', name: 'Local' },
    rules: [
      {
        ruleId: 'rule-1',
        name: 'Emergency',
        priority: 1,
        outcome: 'skipped',
        checks: [
          { check: 'enabled', passed: true, text: 'the rule is enabled' },
          { check: 'prefix', passed: false, text: '0301234567 does not start with 112' },
        ],
      },
      {
        ruleId: 'rule-2',
        name: 'Local',
        priority: 100,
        outcome: 'matched',
        checks: [
          { check: 'enabled', passed: true, text: 'the rule is enabled' },
          { check: 'prefix', passed: true, text: '0301234567 starts with 0' },
          { check: 'length', passed: true, text: '10 digits, one of 10, 11' },
          { check: 'mask', passed: true, text: 'extension 201 is in 100-199;205? no: 201 is not listed' },
          { check: 'office-hours', passed: true, text: 'no office hours: any time' },
          { check: 'holiday', passed: true, text: '4 March is not New Year' },
        ],
      },
      { ruleId: 'rule-3', name: 'International', priority: 200, outcome: 'not-reached', checks: [] },
    ],
    routeOrder: 'in-order',
    routes: [
      { position: 1, providerId: 'pr-1', providerName: 'Telco One', enabled: true, stripDigits: 1, prepend: '+49', sent: '+49301234567' },
      { position: 2, providerId: 'pr-2', providerName: 'Backup SIP', enabled: false, stripDigits: 0, prepend: '', sent: null, note: 'the route is disabled' },
      { position: 3, providerId: 'pr-9', enabled: true, stripDigits: 0, prepend: '', sent: '0301234567' },
    ],
  }
}

async function mountTest(answer: NumberTestResult | null = localAnswer(), open: string | null = acmeProfile.id) {
  const setup = setupOutbound({ rules: 5 })
  if (answer) setup.outbound.testAnswer[acmeProfile.id] = answer
  const result = await mountOutbound(open, '/outbound?tab=test')
  return { ...setup, ...result, panel: result.wrapper.findComponent(NumberTestPanel) }
}

/** The panel's field labelled `label` (its `<label for>`). */
function field(wrapper: VueWrapper, label: string): HTMLInputElement {
  const labelElement = wrapper.findAll('label').find((l) => l.text().replace('*', '').trim() === label)
  const id = labelElement?.attributes('for')
  const input = id ? document.getElementById(id) : null
  if (!(input instanceof HTMLInputElement)) throw new Error(`no field "${label}"`)
  return input
}

const feedback = (input: HTMLInputElement) => input.closest('.n-form-item')?.querySelector('.n-form-item-feedback-wrapper')?.textContent ?? ''

async function fillCall(wrapper: VueWrapper, at: Date | null = new Date(2025, 2, 4, 10, 30)): Promise<void> {
  await type(field(wrapper, 'Number dialled'), '0301234567')
  await type(field(wrapper, 'Calling extension'), '201')
  if (at) {
    wrapper.findComponent(NDatePicker).vm.$emit('update:value', at.getTime())
    await flushPromises()
  }
}

async function runTest(pbx: FakePbx): Promise<void> {
  await click(bodyButton('Test'))
  await vi.waitFor(() => expect(pbx.testNumber).toHaveBeenCalled())
  await flushPromises()
}

describe('Test a number', { timeout: 30_000 }, () => {
  it('needs an open PBX', async () => {
    const { panel, pbx } = await mountTest(null, null)

    expect(panel.text()).toContain('Open a PBX first')
    expect(pbx.testNumber).not.toHaveBeenCalled()
  })

  it('sends the call with its date and time as YYYY-MM-DDTHH:MM', async () => {
    const { wrapper, pbx } = await mountTest()
    await fillCall(wrapper)
    expect(field(wrapper, 'Date and time (PBX clock)').value).toBe('2025-03-04 10:30')

    await runTest(pbx)

    expect(pbx.testNumber).toHaveBeenCalledWith({ profileId: 'p-acme', call: { number: '0301234567', extension: '201', at: '2025-03-04T10:30' } })
  })

  it('takes the date and time of now unless another is chosen, and runs on Enter', async () => {
    // the form takes "now" when it opens: the minute before mounting, or the one after the test
    const before = localDateTime(new Date())
    const { wrapper, pbx } = await mountTest()
    await fillCall(wrapper, null)

    field(wrapper, 'Calling extension').dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }))
    await vi.waitFor(() => expect(pbx.testNumber).toHaveBeenCalled())

    const at = pbx.testNumber.mock.lastCall?.[0].call.at
    expect([before, localDateTime(new Date())]).toContain(at)
  })

  it('says what is wrong with a field before asking the PBX', async () => {
    const { wrapper, pbx } = await mountTest()
    await type(field(wrapper, 'Calling extension'), '20a')

    await click(bodyButton('Test'))
    await flushPromises()

    expect(pbx.testNumber).not.toHaveBeenCalled()
    expect(feedback(field(wrapper, 'Number dialled'))).toBe('enter the number as dialled')
    expect(feedback(field(wrapper, 'Calling extension'))).toBe('must be digits only (an extension number)')
  })

  it('shows the rule that applies, why each rule before it does not, and the rules not reached', async () => {
    const { wrapper, pbx, panel } = await mountTest()
    await fillCall(wrapper)
    await runTest(pbx)

    expect(panel.find('.number-test__verdict').text()).toContain('Local applies')
    expect(panel.find('.number-test__verdict').text()).toContain(
      'A call to 0301234567 from extension 201 on Tuesday 2025-03-04 10:30 uses the rule Local (priority 100).',
    )
    expect(panel.find('.number-test__verdict a').attributes('href')).toBe('/outbound/rules/rule-2')

    const verdict = (ruleId: string) => panel.find(`.number-test-verdicts__rule[data-rule-id="${ruleId}"]`)
    expect(panel.findAll('.number-test-verdicts__rule').map((item) => item.attributes('data-rule-id'))).toEqual(['rule-1', 'rule-2', 'rule-3'])

    expect(verdict('rule-1').classes()).toContain('number-test-verdicts__rule--skipped')
    expect(verdict('rule-1').text()).toContain('Emergency · priority 1 · skipped')
    const failed = verdict('rule-1').find('.number-test-verdicts__check--failed')
    expect(failed.attributes('data-check')).toBe('prefix')
    expect(failed.text()).toBe('✗failed:Prefix: 0301234567 does not start with 112')
    expect(verdict('rule-1').find('.number-test-verdicts__check--passed').text()).toBe('✓passed:Enabled: the rule is enabled')

    expect(verdict('rule-2').attributes('aria-current')).toBe('true')
    expect(verdict('rule-2').findAll('.number-test-verdicts__check--passed')).toHaveLength(6)
    expect(verdict('rule-2').text()).toContain('Office hours: no office hours: any time')

    expect(verdict('rule-3').classes()).toContain('number-test-verdicts__rule--not-reached')
    expect(verdict('rule-3').text()).toContain('Not tried: Local applies first.')
  })

  it('lists the routes in order with the number each sends after stripping and prepending', async () => {
    const { wrapper, pbx, panel } = await mountTest()
    await fillCall(wrapper)
    await runTest(pbx)

    expect(panel.find('.number-test-routes__order').text()).toContain('In order (PRIORITIZED)')
    const cells = panel.findAll('.number-test-routes__table tbody tr').map((row) => row.findAll('td').map((td) => td.text()))
    expect(cells).toEqual([
      ['1', 'Telco One', '1 digit', '+49', '+49301234567', ''],
      ['2', 'Backup SIP off', '—', '—', 'not used', 'the route is disabled'],
      ['3', 'pr-9', '—', '—', '0301234567', ''],
    ])
    expect(panel.find('.number-test-routes__table th').text()).toBe('Order')
  })

  it("explains that a RANDOMLY rule's routes are a set, not an order", async () => {
    const answer = localAnswer()
    answer.routeOrder = 'random'
    const { wrapper, pbx, panel } = await mountTest(answer)
    await fillCall(wrapper)
    await runTest(pbx)

    expect(panel.find('.number-test-routes__order').attributes('data-order')).toBe('random')
    expect(panel.find('.number-test-routes__order').text()).toBe(
      'At random (RANDOMLY): for each call the PBX picks one of the usable routes at random. The list is a set, not an order.',
    )
    expect(panel.find('.number-test-routes__table th').text()).toBe('Route')
  })

  it('says the call is refused when no enabled rule applies', async () => {
    const answer = localAnswer()
    answer.matched = null
    answer.routeOrder = 'none'
    answer.routes = []
    answer.rules = answer.rules.map((rule) => ({ ...rule, outcome: 'skipped', checks: [{ check: 'enabled', passed: false, text: 'the rule is disabled' }] }))
    const { wrapper, pbx, panel } = await mountTest(answer)
    await fillCall(wrapper)
    await runTest(pbx)

    expect(panel.find('.number-test__verdict').text()).toContain('No enabled rule applies: the call is refused')
    expect(panel.findAll('.number-test-verdicts__check--failed')).toHaveLength(3)
    expect(panel.find('.number-test-routes').exists()).toBe(false)
  })

  it("shows main's error: beside the field it names, or above the answer", async () => {
    const { wrapper, pbx, panel } = await mountTest()
    await fillCall(wrapper)
    pbx.testNumber.mockResolvedValueOnce(fail('INVALID_INPUT', 'call.extension: must be at most 32 digits', { field: 'call.extension' }))
    await runTest(pbx)
    expect(feedback(field(wrapper, 'Calling extension'))).toBe('must be at most 32 digits')

    pbx.testNumber.mockResolvedValueOnce(fail('NOT_SIGNED_IN', 'Sign in to Acme HQ again: the session ended.'))
    await click(bodyButton('Test'))
    await flushPromises()
    expect(panel.find('[role="alert"]').text()).toContain('Sign in to Acme HQ again: the session ended.')
  })
})
