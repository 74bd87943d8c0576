/**
 * Runs `task` once the next frame is drawn: a timer set in a frame callback runs after that
 * frame's paint. What a screen shows first is painted before the work that can wait a frame (the
 * PBX list's further rows, its toolbar's controls: issue 17). Returns a function that cancels it.
 */
export function afterNextPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task)
  })
  return () => {
    cancelAnimationFrame(frame)
    clearTimeout(timer)
  }
}
