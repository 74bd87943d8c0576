import { setTimeout as sleep } from 'node:timers/promises'
import type { OperationInput, OperationOutput } from '../contract/bridge'
import type { Rollout } from '../contract/config-apply'
import type { BridgeResult } from '../contract/result'
import { DONE_OUTCOMES, outcomeSummary, shortId, targetState } from './config-text'
import { BridgeFailure, type CliContext, type OpenServices } from './context'
import { EXIT, exitCodeOf, usageError, type ExitCode } from './exit-codes'
import { PROGRAM } from './output'

/** How often a running rollout is asked for. */
const POLL_MS = 200
/** How long Ctrl-C waits for the PBXs under way before the command line exits. */
const STOP_WAIT_MS = 4000

/**
 * Starts a rollout (the services run it in the background) and follows it until it ends: a line on
 * stderr as each PBX is done or fails. Ctrl-C stops the command line, not the rollout: the PBXs
 * under way get a few seconds to finish, and the history keeps what each PBX did.
 */
export function followRollout(ctx: CliContext, open: OpenServices, start: () => Promise<Rollout>, watched?: ReadonlySet<string>): Promise<Rollout> {
  // the rollout is not the pipe's business: a reader of the output that goes away does not stop it
  return ctx.writingToPbxs(() => follow(ctx, open, start, watched))
}

async function follow(ctx: CliContext, open: OpenServices, start: () => Promise<Rollout>, watched?: ReadonlySet<string>): Promise<Rollout> {
  let started: Rollout | undefined
  const dropStop = ctx.undoOnStop(async () => {
    const history = `\`${PROGRAM} config history${started ? ` ${shortId(started.id)}` : ''}\``
    ctx.out.note(`A rollout goes on while the command line runs: waiting up to ${STOP_WAIT_MS / 1000} s for the PBXs being written. The history keeps each PBX's result as it finishes: ${history}.`)
    await Promise.race([open.services.config.idle(), sleep(STOP_WAIT_MS)])
  })
  try {
    let rollout = await start()
    started = rollout
    // a retry runs some PBXs only, which still show how they ended before until each starts
    const runs = (id: string) => !watched || watched.has(id)
    const total = rollout.targets.filter((t) => runs(t.profileId)).length
    const active = new Set<string>()
    const reported = new Set<string>()
    for (;;) {
      for (const target of rollout.targets) {
        if (!runs(target.profileId) || reported.has(target.profileId)) continue
        const ended = target.state === 'done' || target.state === 'failed'
        if (!ended) active.add(target.profileId)
        if (!ended || (!active.has(target.profileId) && rollout.running)) continue
        reported.add(target.profileId)
        // a PBX wholly skipped says why in its state: its items' count would only repeat it
        const summary = target.state === 'done' && target.items.some((item) => item.outcome !== 'skipped') ? ` (${outcomeSummary([target])})` : ''
        ctx.out.note(`[${reported.size}/${total}] "${target.label}": ${targetState(target)}${summary}`)
      }
      if (!rollout.running) return rollout
      await sleep(POLL_MS)
      rollout = await open.must('getRollout', { rolloutId: rollout.id })
    }
  } finally {
    dropStop()
  }
}

/** A rollout's exit code: 0 every item done (or unchanged), 1 none, 3 some failed or skipped. */
export function rolloutExitCode(rollout: Rollout): ExitCode {
  let done = 0
  let failed = 0
  for (const target of rollout.targets) {
    for (const item of target.items) {
      if (DONE_OUTCOMES.has(item.outcome)) done++
      else failed++
    }
  }
  if (done + failed === 0) return EXIT.done
  return exitCodeOf(done, failed)
}

/** The rollout a command line argument names: its id or a unique beginning of it (at least 4 characters). */
export async function namedRollout(open: OpenServices, id: string): Promise<Rollout> {
  const wanted = id.trim().toLowerCase()
  const all = await open.must('listRollouts')
  const exact = all.find((rollout) => rollout.id.toLowerCase() === wanted)
  if (exact) return exact
  const matches = wanted.length >= 4 ? all.filter((rollout) => rollout.id.toLowerCase().startsWith(wanted)) : []
  if (matches.length === 1) return matches[0] as Rollout
  if (matches.length > 1) throw usageError(`"${id}" begins the ids of ${matches.length} rollouts: give more of the id (\`${PROGRAM} config history\` lists them).`)
  throw usageError(`No rollout "${id}" is in the history: \`${PROGRAM} config history\` lists them (the last 200), each by the beginning of its id.`)
}

/** The operations on a rollout of the history, by its id. */
type RolloutOperation = 'undoRollout' | 'retryRollout' | 'previewFinish' | 'finishRollout'

/**
 * Undoes, retries, previews finishing or finishes a rollout (`more`: the rest of the input, the
 * mappings of a finish); a refusal names the rollout by its short id (not the field `rolloutId`).
 */
export async function rolloutCall<N extends RolloutOperation>(open: OpenServices, name: N, rollout: Rollout, more?: Omit<OperationInput<N>, 'rolloutId'>): Promise<OperationOutput<N>> {
  // each of these takes the rollout's id, and a finish its mappings too
  const call = open.call as (name: N, input: OperationInput<N>) => Promise<BridgeResult<OperationOutput<N>>>
  const result = await call(name, { ...more, rolloutId: rollout.id } as OperationInput<N>)
  if (result.ok) return result.value
  const message = result.error.message.replace(/^rolloutId: /, `${shortId(rollout.id)}: `)
  if (result.error.code === 'INVALID_INPUT') throw usageError(message)
  throw new BridgeFailure({ ...result.error, message })
}
