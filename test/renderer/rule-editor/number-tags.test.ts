import { flushPromises } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import { blur, byAria, click, inputOf, key, place } from './dom'
import { installRulesFake, mountEditor, rulesState } from './fake-rules'

async function open(state = rulesState()) {
  const pbx = installRulesFake(state)
  await mountEditor('/outbound/rules/rule-2')
  return pbx
}

const tags = (path: string) => Array.from(place(path).querySelectorAll('.number-tags__tag')).map((tag) => tag.getAttribute('data-entry'))
const flagged = (path: string) =>
  Array.from(place(path).querySelectorAll('.number-tags__tag.n-tag--error-type, .number-tags__tag[title]'))
    .filter((tag) => tag.getAttribute('title'))
    .map((tag) => tag.getAttribute('data-entry'))
const message = (path: string) => place(path).querySelector('.rule-feedback')?.textContent?.trim()
const save = () => click(document.querySelector<HTMLButtonElement>('.rule-editor__header button[type="submit"]')!)

/** Opens the list's box ("Add a …") unless it is open, types each entry and presses Enter after each. */
async function addEntries(noun: string, ...entries: string[]): Promise<void> {
  if (!document.querySelector(`input[aria-label="New ${noun}"]`)) {
    await click(byAria(`Add ${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`, 'button'))
    expect(document.activeElement).toBe(inputOf(`New ${noun}`))
  }
  const box = inputOf(`New ${noun}`)
  for (const entry of entries) {
    box.value = entry
    box.dispatchEvent(new Event('input'))
    await flushPromises()
    await key(box, { key: 'Enter' })
  }
}

describe('number lengths and calling extensions as tags', () => {
  it('adds lengths as whole numbers 1..64, refusing anything else with the reason, and stores them as "10;11"', async () => {
    const pbx = await open()
    await addEntries('number length', '10', '11', 'abc', '65', '10')

    expect(tags('number_length')).toEqual(['10', '11'])
    expect(message('number_length')).toBe('Not added: 10 is listed already')
    // the box stays open for the next entry; Escape closes it without adding what was typed
    const box = inputOf('New number length')
    box.value = '12'
    box.dispatchEvent(new Event('input'))
    await key(box, { key: 'Escape' })
    expect(document.querySelector('input[aria-label="New number length"]')).toBeNull()
    expect(tags('number_length')).toEqual(['10', '11'])

    await save()
    expect(pbx.updateOutboundRule).toHaveBeenCalledWith({ profileId: 'p-acme', ruleId: 'rule-2', changes: { number_length: '10;11' } })
  })

  it('says why a length was not added', async () => {
    await open()
    await addEntries('number length', 'abc')
    expect(message('number_length')).toBe('Not added: abc is not a whole number')
    await addEntries('number length', '65')
    expect(message('number_length')).toBe('Not added: 65 is not a length from 1 to 64')
  })

  it('takes several entries typed or pasted at once, and adds what was typed when the box is left', async () => {
    const pbx = await open()
    await addEntries('number length', '7; 8, 9')
    const box = inputOf('New number length')
    box.value = '12'
    box.dispatchEvent(new Event('input'))
    await blur(box)

    expect(tags('number_length')).toEqual(['7', '8', '9', '12'])
    await click(byAria('Remove number length 8', 'button'))
    await save()
    expect(pbx.updateOutboundRule).toHaveBeenCalledWith({ profileId: 'p-acme', ruleId: 'rule-2', changes: { number_length: '7;9;12' } })
  })

  it('edits the calling extensions: ranges and single extensions, stored as "100-199;205"', async () => {
    const state = rulesState()
    state.rules['rule-2']!.number_mask = ''
    const pbx = await open(state)
    expect(place('number_mask').textContent).toContain('every extension')

    await addEntries('extension or range', '100 - 199', '205', '1x')
    expect(tags('number_mask')).toEqual(['100-199', '205'])
    expect(message('number_mask')).toBe('Not added: 1x is not an extension or a range from-to')

    await save()
    expect(pbx.updateOutboundRule).toHaveBeenCalledWith({ profileId: 'p-acme', ruleId: 'rule-2', changes: { number_mask: '100-199;205' } })
  })

  it('flags a range written backwards, "from is above to", keeps Save disabled, and writes it the right way round on request', async () => {
    const pbx = await open()
    await click(byAria('Remove extension or range 205', 'button'))
    await addEntries('extension or range', '399-300')

    expect(tags('number_mask')).toEqual(['100-199', '399-300'])
    expect(flagged('number_mask')).toEqual(['399-300'])
    expect(message('number_mask')).toBe('“399-300”: from is above to')
    expect(document.querySelector<HTMLButtonElement>('.rule-editor__header button[type="submit"]')!.disabled).toBe(true)

    const turn = Array.from(place('number_mask').querySelectorAll('button')).find((b) => b.textContent?.trim() === 'Write 300-399')!
    await click(turn)
    expect(tags('number_mask')).toEqual(['100-199', '300-399'])
    expect(flagged('number_mask')).toEqual([])

    await save()
    expect(pbx.updateOutboundRule).toHaveBeenCalledWith({ profileId: 'p-acme', ruleId: 'rule-2', changes: { number_mask: '100-199;300-399' } })
  })

  it('flags an entry the PBX answered that is not a length, so it can be removed', async () => {
    const state = rulesState()
    state.rules['rule-2']!.number_length = '10;99'
    await open(state)

    expect(tags('number_length')).toEqual(['10', '99'])
    expect(flagged('number_length')).toEqual(['99'])
    expect(message('number_length')).toBe('“99”: 99 is not a length from 1 to 64')
    await click(byAria('Remove number length 99', 'button'))
    expect(flagged('number_length')).toEqual([])
    expect(document.querySelector<HTMLButtonElement>('.rule-editor__header button[type="submit"]')!.disabled).toBe(false)
  })
})
