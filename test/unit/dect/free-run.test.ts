import { describe, expect, it } from 'vitest'
import { firstFreeRun, MAX_RUN } from '../../../electron/services/dect/handsets/free-run'

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i))

describe('the first run of free extensions (enrolment default, issue 40)', () => {
  it('users with no member on a base, from the lowest free one while the next number is free too', () => {
    expect(firstFreeRun(range(1001, 1250), range(1001, 1100))).toEqual({ free: 150, run: { from: '1101', to: '1250', count: 150 } })
  })

  it('the order the PBX lists its users in does not matter', () => {
    expect(firstFreeRun(range(1001, 1010).reverse(), ['1001'])).toEqual({ free: 9, run: { from: '1002', to: '1010', count: 9 } })
  })

  it('a held extension ends the run, and so does a number with no user', () => {
    expect(firstFreeRun(range(1001, 1250), ['1001', '1002', '1050'])).toEqual({ free: 247, run: { from: '1003', to: '1049', count: 47 } })
    expect(firstFreeRun([...range(201, 205), ...range(207, 230)], [])).toEqual({ free: 29, run: { from: '201', to: '205', count: 5 } })
  })

  it('a lone free extension is a run of one', () => {
    expect(firstFreeRun(['1001', '1002', '1003'], ['1001', '1003'])).toEqual({ free: 1, run: { from: '1002', to: '1002', count: 1 } })
  })

  it('none free: every user held, no users, or no user with an extension the API takes', () => {
    expect(firstFreeRun(range(1001, 1010), range(1001, 1010))).toEqual({ free: 0 })
    expect(firstFreeRun([], [])).toEqual({ free: 0 })
    expect(firstFreeRun(['12', 'abc', ''], [])).toEqual({ free: 0 })
  })

  it('numbers written with leading zeros stay as wide as the first; a wider spelling is another number', () => {
    expect(firstFreeRun(['0098', '0099', '0100', '100'], [])).toEqual({ free: 4, run: { from: '0098', to: '0100', count: 3 } })
    // 999 then 1000: the range hands out 1000 after 999, and a user has it
    expect(firstFreeRun(['998', '999', '1000', '1001'], [])).toEqual({ free: 4, run: { from: '998', to: '1001', count: 4 } })
  })

  it('a huge list: 60,000 users, the run capped at what one range holds, quickly', () => {
    const users = range(100_000, 159_999)
    const started = performance.now()
    const answer = firstFreeRun(users, range(100_000, 100_499))
    expect(performance.now() - started).toBeLessThan(1_000)
    expect(answer).toEqual({ free: 59_500, run: { from: '100500', to: String(100_500 + MAX_RUN - 1), count: MAX_RUN } })
  })
})
