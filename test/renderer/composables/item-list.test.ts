import type { BatchStatus } from '@contract/batch-state'
import { useItemList } from '@renderer/composables/item-list'
import { describe, expect, it } from 'vitest'
import { nextTick, ref } from 'vue'

// The filter of a batch's rows and handsets follows the contract's states: what a push would send,
// what it left out (errors), what the PBX refused, what is on it; warnings beside.

const item = (id: string, state: string, problems: { severity: 'error' | 'warning' }[] = []) => ({
  id,
  problems: problems.map((p) => ({ field: 'mac', message: 'x', ...p })),
  outcome: { state },
})
const items = ref([
  item('created', 'created'),
  item('matched', 'enrolled'),
  item('failed', 'failed'),
  item('broken', 'pending', [{ severity: 'error' }]),
  item('waiting', 'pending'),
  item('doubtful', 'pending', [{ severity: 'warning' }]),
])

describe('useItemList', () => {
  it('after a push that partly failed: each filter shows the items in its state, and counts them', () => {
    const status = ref<BatchStatus>('partly_failed')
    const { filter, shown, counts } = useItemList(items, status)
    expect(counts.value).toEqual({ all: 6, to_send: 2, not_sent: 1, failed: 1, done: 2, warnings: 1 })
    const ids = (f: typeof filter.value) => {
      filter.value = f
      return shown.value.map((i) => i.id)
    }
    expect(ids('done')).toEqual(['created', 'matched'])
    expect(ids('failed')).toEqual(['failed'])
    expect(ids('not_sent')).toEqual(['broken'])
    expect(ids('to_send')).toEqual(['waiting', 'doubtful'])
    expect(ids('warnings')).toEqual(['doubtful'])
  })

  it('a paused push: what is left is still to send (pending, not ready), and follows the status as it changes', () => {
    const status = ref<BatchStatus>('paused')
    const { counts } = useItemList(items, status)
    expect(counts.value.to_send).toBe(2)
    items.value = [...items.value, item('late', 'pending')]
    expect(counts.value.to_send).toBe(3)
  })
})

describe('the ticked items', () => {
  it('keep only the items shown: an item the filter hides, or one that leaves the filter, is unticked', async () => {
    const list = ref([item('a', 'pending', [{ severity: 'error' }]), item('b', 'pending', [{ severity: 'error' }]), item('c', 'pending')])
    const { filter, checked } = useItemList(list, ref<BatchStatus>('draft'))
    filter.value = 'not_sent'
    await nextTick()
    checked.value = ['a', 'b']
    // a is fixed: it is ready now, no longer shown under "not sent", and no longer ticked
    list.value = [item('a', 'pending'), list.value[1]!, list.value[2]!]
    await nextTick()
    expect(checked.value).toEqual(['b'])
    filter.value = 'to_send'
    await nextTick()
    expect(checked.value).toEqual([])
  })
})
