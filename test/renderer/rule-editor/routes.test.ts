import { MAX_ROUTES } from '@contract/pbx'
import { emptyRouteDraft } from '@contract/outbound-draft'
import { flushPromises } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import { button, byAria, choose, chosenIn, click, inputOf, key, place, type } from './dom'
import { BACKUP_SIP, installRulesFake, internationalRule, mountEditor, rulesState, TELCO_ONE } from './fake-rules'

async function open(state = rulesState()) {
  const pbx = installRulesFake(state)
  await mountEditor('/outbound/rules/rule-2')
  return pbx
}

const rows = () => Array.from(document.querySelectorAll<HTMLElement>('[data-route-index]'))
/** each route as "provider shown / prepend" in the order shown */
const shown = () => rows().map((_, i) => `${chosenIn(place(`routes.${i}.provider_id`))}/${inputOf(`Route ${i + 1} prepend`).value}`)
const save = () => click(document.querySelector<HTMLButtonElement>('.rule-editor__header button[type="submit"]')!)

/** A DataTransfer as far as the editor uses one. */
function dataTransfer(): DataTransfer {
  const data = new Map<string, string>()
  return {
    effectAllowed: 'all',
    dropEffect: 'none',
    setData: (format: string, value: string) => void data.set(format, value),
    getData: (format: string) => data.get(format) ?? '',
  } as unknown as DataTransfer
}

function dragEvent(type: string, transfer: DataTransfer): Event {
  const event = new Event(type, { bubbles: true, cancelable: true })
  Object.defineProperty(event, 'dataTransfer', { value: transfer })
  return event
}

const [TELCO_ROUTE, BACKUP_ROUTE] = internationalRule().routes!

describe('the routes of a rule', () => {
  it('adds a route (the cursor goes to its provider) and removes one; the update sends the whole list', async () => {
    const pbx = await open()
    expect(shown()).toEqual(['Telco One/', 'Backup SIP/0049'])

    await click(button('+ Add route'))
    expect(rows()).toHaveLength(3)
    expect(document.activeElement?.closest('[data-rule-path]')?.getAttribute('data-rule-path')).toBe('routes.2.provider_id')
    await choose(place('routes.2.provider_id'), 'Telco One')
    await type(inputOf('Route 3 prepend'), '+49')

    await click(byAria('Remove route 1', 'button'))
    expect(shown()).toEqual(['Backup SIP/0049', 'Telco One/+49'])
    await save()

    expect(pbx.updateOutboundRule).toHaveBeenCalledWith({
      profileId: 'p-acme',
      ruleId: 'rule-2',
      changes: { routes: [BACKUP_ROUTE, { ...emptyRouteDraft(TELCO_ONE.id), prepend: '+49' }] },
    })
  })

  it('moves a route with Move up / Move down, and with Alt+ArrowUp / Alt+ArrowDown in the row; the row keeps the focus', async () => {
    const pbx = await open()

    await click(byAria('Move route 1 down', 'button'))
    expect(shown()).toEqual(['Backup SIP/0049', 'Telco One/'])
    expect(document.activeElement).toBe(rows()[1])
    expect(document.body.textContent).toContain('Route 1 moved to position 2')
    expect(byAria<HTMLButtonElement>('Move route 1 up', 'button').disabled).toBe(true)
    expect(byAria<HTMLButtonElement>('Move route 2 down', 'button').disabled).toBe(true)

    await key(rows()[1]!, { key: 'ArrowUp', altKey: true })
    expect(shown()).toEqual(['Telco One/', 'Backup SIP/0049'])
    expect(document.activeElement).toBe(rows()[0])

    // from a control inside the row too; without Alt the arrows are the control's own
    await key(inputOf('Route 1 prepend'), { key: 'ArrowDown', altKey: true })
    expect(shown()).toEqual(['Backup SIP/0049', 'Telco One/'])
    await key(rows()[0]!, { key: 'ArrowDown' })
    expect(shown()).toEqual(['Backup SIP/0049', 'Telco One/'])
    // the last route goes no further down
    await key(rows()[1]!, { key: 'ArrowDown', altKey: true })
    expect(shown()).toEqual(['Backup SIP/0049', 'Telco One/'])
    // in a number box Alt+arrow moves the row, and does not step the number
    await key(inputOf('Route 2 strip digits'), { key: 'ArrowUp', altKey: true })
    expect(shown()).toEqual(['Telco One/', 'Backup SIP/0049'])
    expect(inputOf('Route 1 strip digits').value).toBe('0')
    await key(inputOf('Route 1 strip digits'), { key: 'ArrowDown', altKey: true })

    await save()
    expect(pbx.updateOutboundRule).toHaveBeenCalledWith({ profileId: 'p-acme', ruleId: 'rule-2', changes: { routes: [BACKUP_ROUTE, TELCO_ROUTE] } })
  })

  it('moves a route by dragging its handle onto another route', async () => {
    const state = rulesState()
    state.rules['rule-2']!.routes!.push({ ...emptyRouteDraft(TELCO_ONE.id), prepend: '9' })
    const pbx = await open(state)
    expect(shown()).toEqual(['Telco One/', 'Backup SIP/0049', 'Telco One/9'])

    const transfer = dataTransfer()
    const handle = rows()[2]!.querySelector<HTMLElement>('.route-row__handle')!
    expect(handle.getAttribute('draggable')).toBe('true')
    handle.dispatchEvent(dragEvent('dragstart', transfer))
    const over = dragEvent('dragover', transfer)
    rows()[0]!.dispatchEvent(over)
    await flushPromises()
    expect(over.defaultPrevented).toBe(true)
    expect(rows()[0]!.classList.contains('route-row--drop')).toBe(true)
    rows()[0]!.dispatchEvent(dragEvent('drop', transfer))
    await flushPromises()

    expect(shown()).toEqual(['Telco One/9', 'Telco One/', 'Backup SIP/0049'])
    expect(rows().some((row) => row.classList.contains('route-row--drop'))).toBe(false)
    await save()
    expect(pbx.updateOutboundRule).toHaveBeenCalledWith({
      profileId: 'p-acme',
      ruleId: 'rule-2',
      changes: { routes: [{ ...emptyRouteDraft(TELCO_ONE.id), prepend: '9' }, TELCO_ROUTE, BACKUP_ROUTE] },
    })
  })

  it('ignores a drop that did not start at a route’s handle', async () => {
    await open()
    const over = dragEvent('dragover', dataTransfer())
    rows()[0]!.dispatchEvent(over)
    rows()[0]!.dispatchEvent(dragEvent('drop', dataTransfer()))
    await flushPromises()
    expect(over.defaultPrevented).toBe(false)
    expect(shown()).toEqual(['Telco One/', 'Backup SIP/0049'])
  })

  it('edits a route’s fields: provider by name, strip digits as a whole number, prepend, caller ID, enabled', async () => {
    const pbx = await open()

    await choose(place('routes.0.provider_id'), 'Backup SIP')
    await type(inputOf('Route 1 strip digits'), '3')
    await type(inputOf('Route 1 outbound caller ID'), '4930999')
    await click(byAria('Route 1 enabled'))
    await save()

    expect(pbx.updateOutboundRule).toHaveBeenCalledWith({
      profileId: 'p-acme',
      ruleId: 'rule-2',
      changes: {
        routes: [{ enabled: false, provider_id: BACKUP_SIP.id, strip_digits: 3, prepend: '', outbound_caller_id: '4930999' }, BACKUP_ROUTE],
      },
    })
  })

  it('Ctrl+S in a number box saves what it holds (a number box hands its value on only when left)', async () => {
    const pbx = await open()
    const strip = inputOf('Route 2 strip digits')
    await type(strip, '4')
    await key(strip, { key: 's', ctrlKey: true })

    expect(pbx.updateOutboundRule).toHaveBeenCalledWith({
      profileId: 'p-acme',
      ruleId: 'rule-2',
      changes: { routes: [TELCO_ROUTE, { ...BACKUP_ROUTE, strip_digits: 4 }] },
    })
    expect(document.activeElement).toBe(strip)
  })

  it('shows the contract’s problem beside a route’s prepend', async () => {
    await open()
    await type(inputOf('Route 2 prepend'), '00x')
    expect(place('routes.1.prepend').textContent).toContain('may contain only digits, *, # and +')
  })

  it('types the provider’s id where the PBX does not list its providers', async () => {
    const state = rulesState()
    state.providers = { supported: false, items: [] }
    const pbx = await open(state)

    expect(document.body.textContent).toContain('This PBX does not list its providers')
    expect(inputOf('Route 1 provider id').value).toBe('prov-1')
    expect(place('routes.0.provider_id').querySelector('.n-select')).toBeNull()
    await type(inputOf('Route 1 provider id'), 'trunk-7 ')
    await save()

    expect(pbx.updateOutboundRule).toHaveBeenCalledWith({
      profileId: 'p-acme',
      ruleId: 'rule-2',
      changes: { routes: [{ ...TELCO_ROUTE, provider_id: 'trunk-7' }, BACKUP_ROUTE] },
    })
  })

  it('names a provider the PBX does not list any more as such', async () => {
    const state = rulesState()
    state.providers.items = [BACKUP_SIP]
    await open(state)
    expect(chosenIn(place('routes.0.provider_id'))).toBe('prov-1 (not listed by the PBX)')
  })

  // 32 rows of controls take a while to render in happy-dom
  it(`offers no more than ${MAX_ROUTES} routes`, { timeout: 30_000 }, async () => {
    const state = rulesState()
    state.rules['rule-2']!.routes = Array.from({ length: MAX_ROUTES - 1 }, () => emptyRouteDraft(TELCO_ONE.id))
    await open(state)

    await click(button('+ Add route'))
    expect(rows()).toHaveLength(MAX_ROUTES)
    expect(button('+ Add route').disabled).toBe(true)
    expect(document.body.textContent).toContain(`${MAX_ROUTES} of at most ${MAX_ROUTES} routes`)
  })
})
