import { setTimeout as sleep } from 'node:timers/promises'
import type { PushProgress } from '../contract/dect'
import type { OpenServices } from './context'

/**
 * Following a push that runs in the services (startPush answers at once): its progress read
 * every POLL_MS until it stops, shown as a progress bar on a terminal (cli-progress, on stderr)
 * or as plain lines elsewhere, one per tenth of the rows or per second ("pushed 120 of 200
 * (created 118, matched 2, failed 0)"). Ctrl-C `interrupt`s: the push is paused (the rows in
 * flight finish, their outcomes are saved) and following goes on until it has stopped.
 */

const POLL_MS = 100
/** a plain line at least this often while rows are done */
const LINE_EVERY_MS = 1000

/**
 * "pushed 120 of 200 (created 118, matched 2, failed 0)", with the handsets when the batch has any
 * ("; handsets 10 of 10 (enrolled 0, matched 0, failed 10)": sent, and how each ended).
 */
export function progressLine(p: PushProgress): string {
  const h = p.handsets
  const handsets = h && h.total > 0 ? `; handsets ${h.done} of ${h.total} (enrolled ${h.enrolled}, matched ${h.matched}, failed ${h.failed})` : ''
  return `pushed ${p.done} of ${p.total} (created ${p.created}, matched ${p.matched}, failed ${p.failed})${handsets}`
}

/** "1m 05s", "12s", or "" while unknown */
export function etaText(ms: number | null): string {
  if (ms === null) return ''
  const seconds = Math.max(0, Math.round(ms / 1000))
  return seconds >= 60 ? `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, '0')}s` : `${seconds}s`
}

/** Where the progress goes while a push runs. */
export interface ProgressView {
  show(progress: PushProgress): void
  /** the bar is cleared away (before a message, and at the end) */
  stop(): void
}

/** Plain lines: when a tenth more of the rows is done, or a second passed with rows done. */
export function plainLines(write: (text: string) => void, now: () => number = Date.now): ProgressView {
  let lastDone = -1
  let lastAt = 0
  let nextStep = 0
  return {
    show(p) {
      const step = Math.max(1, Math.ceil(p.total / 10))
      const moved = p.done !== lastDone
      if (lastDone === -1 || (moved && (p.done >= nextStep || now() - lastAt >= LINE_EVERY_MS))) {
        write(progressLine(p))
        lastDone = p.done
        lastAt = now()
        nextStep = (Math.floor(p.done / step) + 1) * step
      }
    },
    stop: () => undefined,
  }
}

/** A progress bar on a terminal (stderr): rows done, the outcomes, the time left. */
export async function progressBar(stream: NodeJS.WriteStream = process.stderr): Promise<ProgressView> {
  const { default: cliProgress } = await import('cli-progress')
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format: '{bar} {value}/{total} rows | created {created}, matched {matched}, failed {failed}{handsets} | {eta_left}',
      hideCursor: false,
      barsize: 30,
      fps: 10,
    },
    cliProgress.Presets.shades_classic,
  )
  let started = false
  let stopped = false
  return {
    show(p) {
      if (stopped) return
      const payload = {
        created: p.created,
        matched: p.matched,
        failed: p.failed,
        handsets: p.handsets && p.handsets.total > 0 ? `, handsets ${p.handsets.done}/${p.handsets.total}` : '',
        eta_left: p.running ? (etaText(p.etaMs) ? `${etaText(p.etaMs)} left` : 'starting…') : p.status,
      }
      if (!started) bar.start(p.total, p.done, payload)
      else {
        bar.setTotal(p.total)
        bar.update(p.done, payload)
      }
      started = true
    },
    stop() {
      if (started && !stopped) bar.stop()
      stopped = true
    },
  }
}

/** Follows one batch's push; `interrupt` pauses it (Ctrl-C). */
export function pushFollower(open: OpenServices, batchId: string, view: ProgressView) {
  let interrupted = false
  return {
    get interrupted() {
      return interrupted
    },
    /** Ctrl-C: the bar goes, the push pauses (rows in flight finish); `follow` answers once it stopped */
    async interrupt(): Promise<void> {
      interrupted = true
      view.stop()
      await open.call('pausePush', { batchId })
    },
    /** the progress until the push is not running any more: its last progress */
    async follow(first: PushProgress): Promise<PushProgress> {
      let progress = first
      view.show(progress)
      while (progress.running) {
        await sleep(POLL_MS)
        progress = await open.must('getPushProgress', { batchId })
        view.show(progress)
      }
      view.stop()
      return progress
    },
  }
}
