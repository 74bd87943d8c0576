import { useRuleEntries } from '@renderer/composables/rule-entries'
import { describe, expect, it } from 'vitest'
import { ref } from 'vue'

/** the number lengths' kind, as NumberLengthsInput gives it: `010` is the length 10 */
const lengths = {
  entryOf: (text: string) => (/^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= 64 ? { text: String(Number(text)) } : { text, problem: `${text} is not a length 1 to 64` }),
  addable: (entry: { problem?: string }) => entry.problem === undefined,
  hint: () => 'Lengths',
}

describe('the list state of a rule number field', () => {
  it('adds what may be added, says why the rest is not, and removes by position', () => {
    const value = ref('10')
    const field = useRuleEntries(value, lengths)
    field.add('11, abc; 10')
    expect(value.value).toBe('10;11')
    expect(field.message.value).toBe('Not added: abc is not a length 1 to 64; 10 is listed already')
    field.remove(0)
    expect(value.value).toBe('11')
    expect(field.rejected.value).toBeNull()
    expect(field.message.value).toBe('Lengths')
  })

  it('compares a typed entry with the tags as they show, not as the PBX wrote them', () => {
    const value = ref('010;11')
    const field = useRuleEntries(value, lengths)
    expect(field.entries.value.map((entry) => entry.text)).toEqual(['10', '11'])
    field.add('10')
    expect(value.value).toBe('010;11')
    expect(field.message.value).toBe('Not added: 10 is listed already')
  })

  it('flags an entry the field already held that the PBX refuses', () => {
    const field = useRuleEntries(ref('10;99'), lengths)
    expect(field.flagged.value).toEqual({ text: '99', problem: '99 is not a length 1 to 64' })
    expect(field.message.value).toBe('“99”: 99 is not a length 1 to 64')
  })
})
