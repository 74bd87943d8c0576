import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from '@playwright/test'

type TraceEvent = { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; tdur?: number; args?: { name?: string } }

/** the names a main-thread task's events have in a trace */
const TASKS = new Set(['RunTask', 'ThreadControllerImpl::RunTask'])

/**
 * A page's main thread's own (CPU) time in one load, from a Chromium trace: the tasks it ran from
 * the navigation's start to the end of the task in which the page made the mark `mark`
 * (`performance.mark`), each task's thread time. Unlike the wall-clock time, it leaves out what
 * the machine's other processes took while the page waited for a core, so on a busy machine it
 * tells a change in the page's own work apart better. `load` navigates the page and resolves
 * once the mark is made.
 */
export async function mainThreadTimeUntilMark(browser: Browser, page: Page, mark: string, load: () => Promise<void>): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), 'pbx-trace-'))
  try {
    const path = join(dir, 'trace.json')
    await browser.startTracing(page, { path, categories: ['toplevel', 'blink.user_timing', 'loading'] })
    await load()
    await browser.stopTracing()
    const events = (JSON.parse(await readFile(path, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents
    const marked = events.find((event) => event.name === mark)
    if (!marked) throw new Error(`the trace has no mark "${mark}"`)
    const main = events.find((event) => event.name === 'thread_name' && event.pid === marked.pid && event.args?.name === 'CrRendererMain')
    const start = events.filter((event) => event.name === 'navigationStart' && event.pid === marked.pid).at(-1)
    if (!main || !start) throw new Error('the trace has no renderer main thread or no navigation start')
    // a task's events nest (RunTask around ThreadControllerImpl::RunTask): each task counted once, by its outermost event
    const tasks = events
      .filter(
        (event) =>
          event.ph === 'X' &&
          TASKS.has(event.name) &&
          event.pid === main.pid &&
          event.tid === main.tid &&
          event.ts >= start.ts &&
          event.ts <= marked.ts,
      )
      .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))
    let cpu = 0
    let until = -Infinity
    for (const task of tasks) {
      if (task.ts < until) continue
      cpu += task.tdur ?? 0
      until = task.ts + (task.dur ?? 0)
    }
    return cpu / 1000
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
