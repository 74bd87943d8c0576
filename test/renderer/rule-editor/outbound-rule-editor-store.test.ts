import { emptyRuleDraft, ruleDraftOf } from '@contract/outbound-draft'
import type { OutboundRule } from '@contract/pbx'
import type { BridgeResult } from '@contract/result'
import { useOutboundRuleEditorStore } from '@renderer/stores/outbound-rule-editor'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { deferred, fail } from '../fake-pbx'
import { installRulesFake, internationalRule, rulesState } from './fake-rules'

beforeEach(() => setActivePinia(createPinia()))

describe('the rule editor store', () => {
  it('holds the rule read as original and draft; dirty and changes follow the draft', async () => {
    installRulesFake()
    const store = useOutboundRuleEditorStore()
    await store.open('p-acme', 'rule-2')

    expect(store.status).toBe('ready')
    expect(store.original).toEqual(ruleDraftOf(internationalRule()))
    expect(store.dirty).toBe(false)
    store.draft.priority = 150
    expect(store.changes).toEqual({ priority: 150 })
    store.draft.priority = 200
    expect(store.dirty).toBe(false)
  })

  it('shows no problem before anything changed, every problem once a save was asked for', async () => {
    installRulesFake()
    const store = useOutboundRuleEditorStore()
    await store.open('p-acme', null)

    expect(store.valid).toBe(false)
    expect(store.problems).toEqual({})
    expect(await store.save()).toBeNull()
    expect(store.problems).toEqual({ name: 'must not be empty' })
  })

  it('keeps what the user typed while a save was under way, over the rule read back', async () => {
    const answer = deferred<BridgeResult<OutboundRule>>()
    const state = rulesState()
    installRulesFake(state, { updateOutboundRule: () => answer.promise })
    const store = useOutboundRuleEditorStore()
    await store.open('p-acme', 'rule-2')

    store.draft.name = 'First'
    const saving = store.save()
    expect(store.saving).toBe(true)
    store.draft.number_prefix = '0049'
    answer.resolve({ ok: true, value: { ...internationalRule(), name: 'First' } })
    await saving

    expect(store.original.name).toBe('First')
    expect(store.draft.number_prefix).toBe('0049')
    expect(store.changes).toEqual({ number_prefix: '0049' })
  })

  it('answers only the last of two reads of different rules', async () => {
    const first = deferred<BridgeResult<OutboundRule>>()
    installRulesFake(rulesState(), {
      getOutboundRule: ({ ruleId }) => (ruleId === 'rule-2' ? first.promise : Promise.resolve({ ok: true, value: { ...internationalRule(), id: ruleId, name: 'Other' } })),
    })
    const store = useOutboundRuleEditorStore()
    const slow = store.open('p-acme', 'rule-2')
    await store.open('p-acme', 'rule-3')
    first.resolve({ ok: true, value: internationalRule() })
    await slow

    expect(store.ruleId).toBe('rule-3')
    expect(store.draft.name).toBe('Other')
  })

  it('keeps an edited draft when the same rule is opened again, and starts afresh after close', async () => {
    const pbx = installRulesFake()
    const store = useOutboundRuleEditorStore()
    await store.open('p-acme', 'rule-2')
    store.draft.name = 'Edited'
    await store.open('p-acme', 'rule-2')
    expect(store.draft.name).toBe('Edited')
    expect(pbx.getOutboundRule).toHaveBeenCalledTimes(1)

    store.close()
    await store.open('p-acme', 'rule-2')
    expect(store.draft.name).toBe('International')
    expect(pbx.getOutboundRule).toHaveBeenCalledTimes(2)
  })

  it('shows an error without a field above the form, and one with a field at its place until that field changes', async () => {
    const answers: BridgeResult<OutboundRule>[] = [
      fail('PBX_ERROR', 'priority: must be at most 2147483647', { field: 'priority', status: 400 }),
      fail('NOT_SIGNED_IN', 'Sign in again.'),
    ]
    installRulesFake(rulesState(), { updateOutboundRule: async () => answers.shift()! })
    const store = useOutboundRuleEditorStore()
    await store.open('p-acme', 'rule-2')

    store.draft.priority = 5
    await store.save()
    expect(store.problems).toEqual({ priority: 'must be at most 2147483647' })
    expect(store.formError).toBeNull()
    expect(store.errorPlace).toBe('priority')
    store.draft.name = 'Other field'
    expect(store.problems.priority).toBeDefined()
    store.draft.priority = 6
    expect(store.problems.priority).toBeUndefined()

    await store.save()
    expect(store.formError?.code).toBe('NOT_SIGNED_IN')
    expect(store.draft.priority).toBe(6)
  })

  it('creates a new rule and then holds it by its id', async () => {
    const pbx = installRulesFake()
    const store = useOutboundRuleEditorStore()
    await store.open('p-acme', null)
    store.draft.name = 'Fresh'
    const result = await store.save()

    expect(result?.ok).toBe(true)
    expect(pbx.createOutboundRule).toHaveBeenCalledWith({ profileId: 'p-acme', rule: { ...emptyRuleDraft(), name: 'Fresh' } })
    expect(store.ruleId).toBe('rule-10')
    expect(store.holds('p-acme', 'rule-10')).toBe(true)
    expect(store.dirty).toBe(false)
  })
})
