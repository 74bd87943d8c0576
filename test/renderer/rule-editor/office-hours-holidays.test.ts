import { emptyOfficeHours } from '@contract/outbound-draft'
import { flushPromises } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import { blur, button, byAria, choose, click, inputOf, place, type } from './dom'
import { installRulesFake, internationalRule, mountEditor, rulesState, type RulesState } from './fake-rules'

async function open(state: RulesState = rulesState(), path = '/outbound/rules/rule-2') {
  const pbx = installRulesFake(state)
  await mountEditor(path)
  return pbx
}

const primary = () => document.querySelector<HTMLButtonElement>('.rule-editor__header button[type="submit"]')!
const save = () => click(primary())
const rangeMessage = (day: string, index: number) => place(`office_hours.${day}.ranges.${index}`).querySelector('.day-hours__problem')?.textContent?.trim()
const times = (day: string) =>
  Array.from(place(`office_hours.${day}`).querySelectorAll<HTMLElement>('[data-range]')).map(
    (range) => `${range.querySelectorAll('input')[0]!.value}-${range.querySelectorAll('input')[1]!.value}`,
  )
const holidayNames = () => Array.from(document.querySelectorAll('.holidays__item')).map((item) => item.querySelector('.holidays__name')?.textContent?.trim())

describe('office hours', () => {
  it('shows the week Monday to Sunday, each day on or off with its ranges', async () => {
    await open()
    const days = Array.from(document.querySelectorAll('[data-day]')).map((day) => day.getAttribute('aria-label'))
    expect(days).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'])
    expect(times('monday')).toEqual(['08:00-18:00'])
    expect(place('office_hours.saturday').textContent).toContain('off')
    expect(document.body.textContent).not.toContain('No day on')
  })

  it('says "to must be later than from" beside the range, and keeps Save disabled until it is fixed', async () => {
    await open()
    await type(inputOf('Monday range 1 to'), '07:00')

    expect(rangeMessage('monday', 0)).toBe('to must be later than from')
    expect(primary().disabled).toBe(true)
    await type(inputOf('Monday range 1 to'), '12:00')
    expect(rangeMessage('monday', 0)).toBe('')
    expect(primary().disabled).toBe(false)
  })

  it('keeps a range with a problem in sight when its day is switched off, and the list beside Save leads to it', async () => {
    await open()
    await type(inputOf('Tuesday range 1 to'), '07:00')
    await click(byAria('Tuesday on'))

    expect(place('office_hours.tuesday').textContent).toContain('off')
    expect(rangeMessage('tuesday', 0)).toBe('to must be later than from')
    const lead = button('Tuesday range 1 to: to must be later than from')
    await click(lead)
    await flushPromises()
    expect(document.activeElement).toBe(inputOf('Tuesday range 1 to'))

    await type(inputOf('Tuesday range 1 to'), '18:00')
    expect(times('tuesday')).toEqual([])
    expect(place('office_hours.tuesday').textContent).toContain('off')
  })

  it('flags a range that overlaps another of the same day, naming the other by its times', async () => {
    await open()
    await click(byAria('Add a range on Monday', 'button'))
    // the proposed range starts where the last one ends
    expect(times('monday')).toEqual(['08:00-18:00', '18:00-19:00'])
    expect(document.activeElement).toBe(inputOf('Monday range 2 from'))

    await type(inputOf('Monday range 2 from'), '17:00')
    expect(rangeMessage('monday', 1)).toBe('overlaps 08:00–18:00 on the same day')
    expect(primary().disabled).toBe(true)

    await click(byAria('Remove Monday range 2', 'button'))
    expect(times('monday')).toEqual(['08:00-18:00'])
    expect(primary().disabled).toBe(true) // nothing changed any more
  })

  it('tidies a typed time when the box is left (8 → 08:00, 1730 → 17:30)', async () => {
    const pbx = await open()
    await type(inputOf('Monday range 1 from'), '8')
    await blur(inputOf('Monday range 1 from'))
    await type(inputOf('Monday range 1 to'), '1730')
    await blur(inputOf('Monday range 1 to'))
    expect(times('monday')).toEqual(['08:00-17:30'])

    await save()
    const hours = internationalRule().office_hours!
    expect(pbx.updateOutboundRule).toHaveBeenCalledWith({
      profileId: 'p-acme',
      ruleId: 'rule-2',
      changes: { office_hours: { ...hours, monday: { enabled: true, ranges: [{ from: '08:00', to: '17:30' }] } } },
    })
  })

  it('copies Monday to Tuesday–Friday (on, with its ranges), leaving the weekend alone', async () => {
    const pbx = await open()
    await type(inputOf('Monday range 1 from'), '09:00')
    await click(byAria('Add a range on Monday', 'button'))
    await click(byAria('Saturday on'))
    await click(button('Copy Monday to weekdays'))

    for (const day of ['monday', 'tuesday', 'wednesday', 'thursday', 'friday']) expect(times(day)).toEqual(['09:00-18:00', '18:00-19:00'])
    expect(byAria('Saturday on').getAttribute('aria-checked')).toBe('true')
    expect(times('saturday')).toEqual([])
    expect(place('office_hours.saturday').textContent).toContain('open the whole day')
    expect(byAria('Sunday on').getAttribute('aria-checked')).toBe('false')

    await save()
    const week = { enabled: true, ranges: [{ from: '09:00', to: '18:00' }, { from: '18:00', to: '19:00' }] }
    expect(pbx.updateOutboundRule).toHaveBeenCalledWith({
      profileId: 'p-acme',
      ruleId: 'rule-2',
      changes: {
        office_hours: {
          mode: 'CUSTOM',
          monday: week,
          tuesday: week,
          wednesday: week,
          thursday: week,
          friday: week,
          saturday: { enabled: true, ranges: [] },
          sunday: { enabled: false, ranges: [] },
        },
      },
    })
  })

  it('says that a rule with no day on applies at any time', async () => {
    const state = rulesState()
    state.rules['rule-2']!.office_hours = emptyOfficeHours()
    await open(state)
    expect(document.body.textContent).toContain('No day on: the rule applies at any time')

    await click(byAria('Monday on'))
    expect(document.body.textContent).not.toContain('No day on')
  })

  it('puts the PBX’s error about a range’s time beside that range', async () => {
    const pbx = installRulesFake(rulesState(), {
      updateOutboundRule: async () => ({
        ok: false,
        error: { code: 'PBX_ERROR', message: 'office_hours.tuesday.ranges.0.to: must be later than from', field: 'office_hours.tuesday.ranges.0.to', status: 400 },
      }),
    })
    await mountEditor('/outbound/rules/rule-2')
    await type(inputOf('Tuesday range 1 to'), '18:30')
    await save()
    expect(pbx.updateOutboundRule).toHaveBeenCalledTimes(1)
    expect(rangeMessage('tuesday', 0)).toBe('to must be later than from')
  })
})

describe('holidays', () => {
  it('shows the rule’s holidays by name and dates, removes one and adds one from the PBX’s list', async () => {
    const pbx = await open()
    expect(holidayNames()).toEqual(['Christmas'])

    await click(byAria('Remove holiday Christmas', 'button'))
    expect(holidayNames()).toEqual([])
    expect(document.body.textContent).toContain('No holiday: the rule applies on holidays too.')

    await choose(place('holidays'), 'New Year (1 Jan, every year)')
    expect(holidayNames()).toEqual(['New Year'])
    expect(document.querySelector('[data-holiday-id="hol-1"]')?.textContent).toContain('1 Jan, every year')

    await save()
    expect(pbx.updateOutboundRule).toHaveBeenCalledWith({ profileId: 'p-acme', ruleId: 'rule-2', changes: { holidays: ['hol-1'] } })
    // as read back: the holidays as objects, still shown by name
    expect(holidayNames()).toEqual(['New Year'])
  })

  it('offers only the holidays the rule does not have yet', async () => {
    await open()
    place('holidays').querySelector<HTMLElement>('.n-base-selection')!.click()
    await flushPromises()
    const offered = Array.from(document.querySelectorAll('.n-base-select-option')).map((o) => o.textContent?.trim())
    expect(offered).toEqual(['New Year (1 Jan, every year)'])
  })

  it('types holiday ids where the PBX does not list them, and still names the rule’s own holidays', async () => {
    const state = rulesState()
    state.holidays = { supported: false, items: [] }
    const pbx = await open(state)

    expect(document.body.textContent).toContain('This PBX does not list its holidays')
    // the rule answered its holidays as objects: Christmas keeps its name
    expect(holidayNames()).toEqual(['Christmas'])
    expect(document.querySelector('[data-holiday-id="hol-2"]')?.textContent).toContain('24–26 Dec, every year')

    const typed = document.querySelector<HTMLInputElement>('.holidays__typed input')!
    await type(typed, 'hol-2')
    await click(button('Add holiday'))
    expect(document.body.textContent).toContain('hol-2 is on this rule already')
    await type(typed, 'hol-9')
    typed.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }))
    await flushPromises()
    expect(holidayNames()).toEqual(['Christmas', 'Holiday hol-9'])

    await save()
    expect(pbx.updateOutboundRule).toHaveBeenCalledWith({ profileId: 'p-acme', ruleId: 'rule-2', changes: { holidays: ['hol-2', 'hol-9'] } })
  })

  it('reads the lists again on "try again" after they could not be read, typing ids meanwhile', async () => {
    const state = rulesState()
    const answers = [{ ok: false as const, error: { code: 'UNREACHABLE' as const, message: 'The PBX did not answer.' } }]
    const pbx = installRulesFake(state, {
      outboundReferences: async () => answers.shift() ?? { ok: true, value: { providers: state.providers, holidays: state.holidays } },
    })
    await mountEditor('/outbound/rules/rule-2')

    expect(document.body.textContent).toContain('providers and holidays could not be read (The PBX did not answer.)')
    expect(inputOf('Route 1 provider id').value).toBe('prov-1')
    await click(button('try again'))
    expect(pbx.outboundReferences).toHaveBeenCalledTimes(2)
    expect(document.body.textContent).not.toContain('could not be read')
    expect(place('holidays').querySelector('.n-select')).not.toBeNull()
  })
})
