import { afterNextPaint } from '@renderer/lib/after-paint'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

/** Frames drawn by hand: the callbacks asked for, run when the test says the frame is drawn. */
let frames: Map<number, FrameRequestCallback>
const drawFrame = () => {
  const due = [...frames.values()]
  frames.clear()
  for (const callback of due) callback(performance.now())
}

beforeEach(() => {
  frames = new Map()
  let next = 0
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    frames.set(++next, callback)
    return next
  })
  vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id))
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('afterNextPaint', () => {
  it('runs the task once the next frame is drawn, not in its callback', () => {
    const task = vi.fn()
    afterNextPaint(task)
    vi.runAllTimers()
    expect(task).not.toHaveBeenCalled()

    drawFrame()
    expect(task).not.toHaveBeenCalled()
    vi.runAllTimers()
    expect(task).toHaveBeenCalledTimes(1)
  })

  it('cancelled before the frame, or after the frame but before its timer, never runs', () => {
    const before = vi.fn()
    afterNextPaint(before)()
    const between = vi.fn()
    const cancelBetween = afterNextPaint(between)

    drawFrame()
    cancelBetween()
    vi.runAllTimers()
    expect(before).not.toHaveBeenCalled()
    expect(between).not.toHaveBeenCalled()
  })
})
