import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { RowProblem } from '../../../electron/contract/row-problem'
import { BATCH_STATUSES, batchStateOf, itemState, ITEM_STATES, sendText, stateSentence, toSend, type BatchStatus } from '../../../electron/contract/batch-state'

// One model of where a batch stands (issue 37): each row and handset in exactly one state, and the
// batch's verdict from those counts. The cases are the ones a new user met.

const error: RowProblem[] = [{ field: 'mac', message: 'MAC is missing', severity: 'error' }]
const warning: RowProblem[] = [{ field: 'model', message: 'W73H is not known', severity: 'warning' }]
const item = (state: string, problems: RowProblem[] = []) => ({ outcome: { state }, problems })
const many = (n: number, state: string, problems: RowProblem[] = []) => Array.from({ length: n }, () => item(state, problems))

describe('each row and handset is in one state', () => {
  it.each([
    ['pending, valid, no push under way', item('pending'), 'draft', 'ready'],
    ['pending, valid, after a finished push (added later)', item('pending'), 'done', 'ready'],
    ['pending with a warning only', item('pending', warning), 'draft', 'ready'],
    ['pending, valid, in a push that runs', item('pending'), 'pushing', 'pending'],
    ['pending, valid, in a paused push', item('pending'), 'paused', 'pending'],
    ['pending with an error', item('pending', error), 'pushing', 'not_sent'],
    ['created', item('created'), 'done', 'done'],
    ['matched', item('matched'), 'partly_failed', 'done'],
    ['a handset enrolled', item('enrolled'), 'done', 'done'],
    ['failed', item('failed'), 'partly_failed', 'failed'],
    ['a handset retired', item('retired'), 'done', 'retired'],
    ['a base retired, in a push under way', item('retired'), 'pushing', 'retired'],
  ] as const)('%s', (_what, it_, status, expected) => {
    expect(itemState(it_, status)).toBe(expected)
  })
})

describe("the batch's verdict", () => {
  it('5 of 7 sent, 2 kept back by errors: not "done", and says so', () => {
    const state = batchStateOf({ status: 'done', rows: [...many(5, 'created'), ...many(2, 'pending', error)], handsets: [] })
    expect(state.verdict).toBe('incomplete')
    expect(state.rows).toEqual({ total: 7, ready: 0, not_sent: 2, pending: 0, done: 5, failed: 0, retired: 0 })
    expect(stateSentence(state)).toBe('5 of 7 bases sent, 2 not sent (errors)')
    expect(sendText(state)).toBe('nothing')
  })

  it('0 of 8 succeeded: "failed", not "partly failed"', () => {
    const state = batchStateOf({ status: 'partly_failed', rows: many(8, 'failed'), handsets: [] })
    expect(state.verdict).toBe('failed')
    expect(stateSentence(state)).toBe('0 of 8 bases sent, 8 failed')
  })

  it('some succeeded and some failed: "partly failed"', () => {
    expect(batchStateOf({ status: 'partly_failed', rows: [...many(3, 'created'), item('failed')], handsets: [] }).verdict).toBe('partly_failed')
    // a failed handset counts as much as a failed base
    expect(batchStateOf({ status: 'partly_failed', rows: many(3, 'created'), handsets: [item('enrolled'), item('failed')] }).verdict).toBe('partly_failed')
  })

  it('handsets enrolled after the bases were pushed: ready to push, and the batch is not done', () => {
    const state = batchStateOf({ status: 'done', rows: many(12, 'created'), handsets: many(30, 'pending') })
    expect(state.verdict).toBe('incomplete')
    expect(state.handsets).toEqual({ total: 30, ready: 30, not_sent: 0, pending: 0, done: 0, failed: 0, retired: 0 })
    expect(toSend(state)).toEqual({ rows: 0, handsets: 30 })
    expect(sendText(state)).toBe('30 handsets')
    expect(stateSentence(state)).toBe('12 of 12 bases sent; 0 of 30 handsets sent, 30 ready to push')
  })

  it('nothing sent yet: a draft, and the push names what it sends', () => {
    const state = batchStateOf({ status: 'draft', rows: [...many(12, 'pending'), item('pending', error)], handsets: many(150, 'pending') })
    expect(state.verdict).toBe('draft')
    expect(sendText(state)).toBe('12 bases and 150 handsets')
    expect(sendText(batchStateOf({ status: 'draft', rows: many(1, 'pending'), handsets: [] }))).toBe('1 base')
    expect(batchStateOf({ status: 'draft', rows: [], handsets: [] }).verdict).toBe('draft')
  })

  it('"done" only when every row and every handset is on the PBX', () => {
    expect(batchStateOf({ status: 'done', rows: [...many(2, 'created'), item('matched')], handsets: [item('enrolled'), item('matched')] }).verdict).toBe('done')
    expect(batchStateOf({ status: 'done', rows: many(3, 'created'), handsets: [item('enrolled'), item('pending', error)] }).verdict).toBe('incomplete')
  })

  it('the retired are left out of the verdict and of the total sent, and named (issue 43)', () => {
    const state = batchStateOf({ status: 'done', rows: [...many(2, 'created'), item('retired')], handsets: [...many(2, 'enrolled'), item('retired')] })
    expect(state.verdict).toBe('done')
    expect(state.handsets).toEqual({ total: 3, ready: 0, not_sent: 0, pending: 0, done: 2, failed: 0, retired: 1 })
    expect(stateSentence(state)).toBe('2 of 2 bases sent, 1 retired; 2 of 2 handsets sent, 1 retired')
    expect(sendText(state)).toBe('nothing')
    // a batch whose every base and handset is retired has nothing left to do
    expect(batchStateOf({ status: 'done', rows: [item('retired')], handsets: many(2, 'retired') }).verdict).toBe('done')
    expect(batchStateOf({ status: 'done', rows: [item('retired'), item('pending')], handsets: [] }).verdict).toBe('draft')
  })

  it('a push under way or paused is that, whatever its counts; what is left is pending', () => {
    const paused = batchStateOf({ status: 'paused', rows: [...many(3, 'created'), ...many(4, 'pending')], handsets: [] })
    expect(paused.verdict).toBe('paused')
    expect(paused.rows.pending).toBe(4)
    expect(stateSentence(paused)).toBe('3 of 7 bases sent, 4 still to send')
    expect(batchStateOf({ status: 'pushing', rows: many(3, 'pending'), handsets: [] }).verdict).toBe('pushing')
  })

  it('counts every row and handset exactly once, whatever the batch', () => {
    const outcomes = fc.constantFrom('pending', 'created', 'matched', 'failed', 'retired')
    const items = fc.array(fc.record({ state: outcomes, error: fc.boolean() }).map(({ state, error: withError }) => item(state, withError ? error : [])), { maxLength: 40 })
    fc.assert(
      fc.property(fc.constantFrom<BatchStatus>(...BATCH_STATUSES), items, items, (status, rows, handsets) => {
        const state = batchStateOf({ status, rows, handsets })
        for (const [counts, list] of [[state.rows, rows], [state.handsets, handsets]] as const) {
          expect(ITEM_STATES.reduce((sum, s) => sum + counts[s], 0)).toBe(list.length)
          expect(counts.total).toBe(list.length)
        }
        const retired = state.rows.retired + state.handsets.retired
        if (state.verdict === 'done') expect(state.rows.done + state.handsets.done).toBe(rows.length + handsets.length - retired)
      }),
      { seed: 37, numRuns: 500 },
    )
  })
})
