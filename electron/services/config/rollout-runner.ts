import { randomUUID } from 'node:crypto'
import { changedOn, finishable, withChoice } from '../../contract/apply-outlook'
import {
  APPLY_CONCURRENCY,
  ApplyRequestSchema,
  FinishRequestSchema,
  type FinishRequest,
  type ApplyItemRef,
  type ApplyPreview,
  type ApplyRequest,
  type ConfigItem,
  type ItemPlan,
  type ItemResult,
  type NameMapping,
  type Rollout,
  type TargetPlan,
  type TargetResult,
} from '../../contract/config-apply'
import type { ConfigSource } from '../../contract/config-compare'
import type { ConfigSnapshot } from '../../contract/config-snapshot'
import { mapLimited } from '../concurrency/map-limited'
import { messageOf, ServiceError } from '../errors'
import type { PbxCaller } from '../pbx-client/caller'
import type { ProfileStore } from '../profiles/profile-store'
import { partsFor, planItem } from './apply-plan'
import { removeCreated, writeItem } from './apply-write'
import { itemOf, snapshotOfItems } from './config-items'
import type { createRolloutHistory } from './rollout-history'
import { readParts } from './snapshot-read'

export interface RolloutRunnerOptions {
  profiles: ProfileStore
  history: ReturnType<typeof createRolloutHistory>
  /** a signed-in caller of a saved PBX (from the keychain), or a failure saying why not */
  callerFor(profileId: string): Promise<PbxCaller>
  /** the PBX account a saved PBX is signed in as */
  accountOf(profileId: string): Promise<string | undefined>
  readSource(source: ConfigSource): Promise<ConfigSnapshot>
  /** who runs rollouts: the user of this computer */
  user: string
  now?: () => Date
}

const NO_MAPPING: NameMapping = { providers: {}, holidays: {} }
const sameRef = (a: ApplyItemRef, b: ApplyItemRef) => a.part === b.part && a.key === b.key
const names = (part: { state: string; items?: { id: string; name: string }[] }) => (part.state === 'read' ? (part.items ?? []).map(({ id, name }) => ({ id, name })) : [])

/**
 * Previews and rollouts of a configuration to many PBXs (contract/config-apply.ts). A rollout runs
 * in the background: at most `concurrency` PBXs at a time (4 by default), the items of one PBX one
 * after another, each planned against what that PBX holds right then (apply-plan.ts) and written
 * in one request (apply-write.ts). Each PBX's results are written to the history as it finishes.
 * A retry plans the failed items afresh, so what a lost answer did create is found and not made
 * twice. An undo is a rollout of its own, from the states kept in the one it undoes.
 */
export function createRolloutRunner(options: RolloutRunnerOptions) {
  const now = options.now ?? (() => new Date())
  const runs = new Set<Promise<void>>()

  async function labelOf(profileId: string): Promise<string> {
    return (await options.profiles.get(profileId)).label
  }

  /** What the items would do on one PBX, read now; a PBX that cannot be read is `failed` with the reason. */
  async function planTarget(profileId: string, source: ConfigSnapshot, items: readonly ApplyItemRef[], mapping: NameMapping): Promise<TargetPlan> {
    const label = await labelOf(profileId)
    try {
      const parts = await readParts(await options.callerFor(profileId), partsFor(items))
      const plans = items.map((ref): ItemPlan => {
        const { write: _w, before: _b, fails: _f, ...plan } = planItem(ref, source, parts, mapping)
        return plan
      })
      return { profileId, label, state: 'ready' as const, items: plans, providers: names(parts.providers), holidays: names(parts.holidays) }
    } catch (error) {
      return { profileId, label, state: 'failed' as const, error: messageOf(error), items: [], providers: [], holidays: [] }
    }
  }

  async function preview(input: ApplyRequest): Promise<ApplyPreview> {
    const request = ApplyRequestSchema.parse(input)
    const source = await options.readSource(request.source)
    const concurrency = request.concurrency ?? APPLY_CONCURRENCY.default
    const targets = await mapLimited(request.targets, concurrency, (profileId) => planTarget(profileId, source, request.items, request.mappings[profileId] ?? NO_MAPPING))
    return { source: sideOf(source, request.source), targets: targets.filter((t) => t !== undefined) }
  }

  const sideOf = (source: ConfigSnapshot, from: ConfigSource) => ({ label: source.source.label, takenAt: source.takenAt, fromFile: !('profileId' in from) })

  /**
   * One PBX of a rollout: signed in, its parts read, then each of `results` done by `work`. A PBX
   * that cannot be reached or read fails with the reason, and so do its items not done yet.
   */
  async function runTarget(target: TargetResult, results: ItemResult[], work: (result: ItemResult, caller: PbxCaller, parts: Awaited<ReturnType<typeof readParts>>) => Promise<void>): Promise<void> {
    target.state = 'applying'
    delete target.error
    try {
      const caller = await options.callerFor(target.profileId)
      const account = await options.accountOf(target.profileId)
      if (account) target.account = account
      const parts = await readParts(caller, partsFor(results))
      for (const result of results) {
        try {
          await work(result, caller, parts)
        } catch (error) {
          result.outcome = 'failed'
          result.error = messageOf(error)
        }
      }
      target.state = 'done'
    } catch (error) {
      target.state = 'failed'
      target.error = messageOf(error)
      for (const result of results) {
        if (result.outcome !== 'pending' && result.outcome !== 'failed') continue
        result.outcome = 'failed'
        result.error = target.error
      }
    }
    await options.history.save().catch(() => undefined)
  }

  /**
   * Applies an item planned against the target's parts; keeps the first state it had before. An
   * item the PBX cannot take is skipped when the rollout skips on purpose (`skipCannot`), else it
   * fails; a name mapped to something removed since the preview always fails.
   */
  const applyWork = (source: ConfigSnapshot, mapping: NameMapping, skipCannot: boolean) => async (result: ItemResult, caller: PbxCaller, parts: Awaited<ReturnType<typeof readParts>>) => {
    const plan = planItem(result, source, parts, mapping)
    result.changes = plan.changes
    delete result.error
    delete result.missing
    if (plan.action === 'cannot') {
      result.outcome = skipCannot && !plan.fails ? 'skipped' : 'failed'
      result.error = plan.reason ?? 'cannot be applied'
      if (plan.missing) result.missing = plan.missing
      return
    }
    if (plan.action === 'unchanged' || !plan.write) {
      result.outcome = 'unchanged'
      return
    }
    result.before ??= plan.before
    const written = await writeItem(caller, plan.write)
    result.outcome = written.outcome
    if (written.createdId !== undefined) result.createdId = written.createdId
  }

  /** Runs the given PBXs of a rollout in the background, `concurrency` at a time. */
  function launch(
    rollout: Rollout,
    jobs: { target: TargetResult; results: ItemResult[]; work: Parameters<typeof runTarget>[2] }[],
    concurrency: number,
    held: Promise<() => Promise<void>> = options.history.hold(rollout.id),
  ): void {
    rollout.running = true
    delete rollout.finishedAt
    const run = mapLimited(jobs, concurrency, (job) => runTarget(job.target, job.results, job.work))
      .then(
        () => undefined,
        () => undefined,
      )
      .then(async () => {
        rollout.running = false
        rollout.finishedAt = now().toISOString()
        // the results are in memory (getRollout answers them) even when the disk refused them
        await options.history.save().catch(() => undefined)
        await (await held)()
      })
    runs.add(run)
    void run.finally(() => runs.delete(run))
  }

  const copy = (rollout: Rollout): Rollout => structuredClone(rollout)

  async function start(input: ApplyRequest): Promise<Rollout> {
    const request = ApplyRequestSchema.parse(input)
    const source = await options.readSource(request.source)
    const applied = request.items.map((ref) => itemOf(source, ref.part, ref.key)).filter((item): item is ConfigItem => item !== undefined)
    const targets: TargetResult[] = await Promise.all(
      request.targets.map(async (profileId) => ({ profileId, label: await labelOf(profileId), state: 'waiting' as const, items: request.items.map((ref) => ({ ...ref, outcome: 'pending' as const, changes: [] })) })),
    )
    const rollout: Rollout = {
      id: randomUUID(),
      kind: 'apply',
      startedAt: now().toISOString(),
      by: options.user,
      source: sideOf(source, request.source),
      items: request.items,
      applied,
      mappings: request.mappings,
      skipCannot: request.skipCannot,
      targets,
      running: true,
    }
    // held (run here) before the history says it runs: another process never reads it as cut short
    const held = options.history.hold(rollout.id)
    await held
    await options.history.add(rollout)
    const jobs = targets.map((target) => ({ target, results: target.items, work: applyWork(source, request.mappings[target.profileId] ?? NO_MAPPING, request.skipCannot) }))
    launch(rollout, jobs, request.concurrency ?? APPLY_CONCURRENCY.default, held)
    return copy(rollout)
  }

  function refuseRunning(rollout: Rollout): void {
    if (rollout.running) throw new ServiceError('INVALID_INPUT', 'rolloutId: that rollout is still running; wait for it to finish.', { field: 'rolloutId' })
  }

  /** The items an apply applied, as a source to plan them from again. */
  const appliedSource = (rollout: Rollout) => snapshotOfItems(rollout.applied, { label: rollout.source.label, baseUrl: '', domain: '' }, rollout.source.takenAt)

  function refuseUndone(rollout: Rollout): void {
    if (rollout.kind === 'apply' && rollout.undoneBy) throw new ServiceError('INVALID_INPUT', 'rolloutId: that rollout was undone; apply the configuration again instead.', { field: 'rolloutId' })
  }

  /**
   * Runs again the items that failed, on the PBXs they failed on: an apply's planned afresh from
   * the items it applied, an undo's taken back again from the rollout it undoes.
   */
  async function retry(rolloutId: string): Promise<Rollout> {
    const rollout = await options.history.get(rolloutId)
    refuseRunning(rollout)
    refuseUndone(rollout)
    const original = rollout.kind === 'undo' ? await options.history.get(rollout.undoOf ?? '') : undefined
    const source = appliedSource(rollout)
    const workFor = (target: TargetResult) =>
      original ? undoWork(original.targets.find((t) => t.profileId === target.profileId)!) : applyWork(source, rollout.mappings[target.profileId] ?? NO_MAPPING, rollout.skipCannot)
    const jobs = rollout.targets
      .map((target) => ({ target, results: target.items.filter((r) => r.outcome === 'failed' || r.outcome === 'pending'), work: workFor(target) }))
      .filter((job) => job.results.length > 0)
    if (jobs.length > 0) launch(rollout, jobs, APPLY_CONCURRENCY.default)
    return copy(rollout)
  }

  /** An apply that can be finished: not running, not undone, with items skipped for names a PBX lacked. */
  async function finishableRollout(rolloutId: string): Promise<{ rollout: Rollout; targets: TargetResult[] }> {
    const rollout = await options.history.get(rolloutId)
    refuseRunning(rollout)
    if (rollout.kind !== 'apply') throw new ServiceError('INVALID_INPUT', 'rolloutId: an undo has nothing to finish.', { field: 'rolloutId' })
    refuseUndone(rollout)
    const targets = rollout.targets.filter((target) => finishable(target).length > 0)
    if (targets.length === 0) throw new ServiceError('INVALID_INPUT', 'rolloutId: that rollout skipped no PBX for a provider or holiday it lacked: there is nothing to finish.', { field: 'rolloutId' })
    return { rollout, targets }
  }

  /** A rollout's mappings with more added (the added win, name by name). */
  function withMappings(had: Readonly<Record<string, NameMapping>>, added: Readonly<Record<string, NameMapping>>): Record<string, NameMapping> {
    const merged = { ...had }
    for (const [profileId, more] of Object.entries(added)) {
      let mapping: NameMapping = merged[profileId] ?? { providers: {}, holidays: {} }
      for (const [name, id] of Object.entries(more.providers)) mapping = withChoice(mapping, 'providers', name, id)
      for (const [name, id] of Object.entries(more.holidays)) mapping = withChoice(mapping, 'holidays', name, id)
      merged[profileId] = mapping
    }
    return merged
  }

  /** What finishing would do on each PBX skipped for a name it lacked, planned with the rollout's mappings and the ones given. */
  async function previewFinish(input: FinishRequest): Promise<ApplyPreview> {
    const request = FinishRequestSchema.parse(input)
    const { rollout, targets } = await finishableRollout(request.rolloutId)
    const source = appliedSource(rollout)
    const mappings = withMappings(rollout.mappings, request.mappings)
    const plans = await mapLimited(targets, APPLY_CONCURRENCY.default, (target) =>
      planTarget(target.profileId, source, finishable(target).map(({ part, key }) => ({ part, key })), mappings[target.profileId] ?? NO_MAPPING),
    )
    return { source: rollout.source, targets: plans.filter((t) => t !== undefined) }
  }

  /** Adds mappings to a rollout's and applies its items skipped for names; those still unmapped stay skipped. */
  async function finish(input: FinishRequest): Promise<Rollout> {
    const request = FinishRequestSchema.parse(input)
    const { rollout, targets } = await finishableRollout(request.rolloutId)
    rollout.mappings = withMappings(rollout.mappings, request.mappings)
    const source = appliedSource(rollout)
    const jobs = targets.map((target) => ({ target, results: finishable(target), work: applyWork(source, rollout.mappings[target.profileId] ?? NO_MAPPING, true) }))
    launch(rollout, jobs, APPLY_CONCURRENCY.default)
    return copy(rollout)
  }

  /** Takes back one item: deletes what was created, writes back the state it had before. */
  const undoWork = (original: TargetResult) => async (result: ItemResult, caller: PbxCaller, parts: Awaited<ReturnType<typeof readParts>>) => {
    const done = original.items.find((r) => sameRef(r, result))
    delete result.error
    if (done?.createdId !== undefined) {
      const removed = await removeCreated(caller, result, done.createdId)
      result.outcome = removed.outcome
      if (removed.outcome === 'updated') result.error = removed.note
      return
    }
    if (!done?.before) {
      result.outcome = 'unchanged'
      return
    }
    const before = snapshotOfItems([done.before], { label: original.label, baseUrl: '', domain: '' }, now().toISOString())
    await applyWork(before, NO_MAPPING, false)(result, caller, parts)
  }

  async function undo(rolloutId: string): Promise<Rollout> {
    const original = await options.history.get(rolloutId)
    refuseRunning(original)
    if (original.kind !== 'apply') throw new ServiceError('INVALID_INPUT', 'rolloutId: an undo cannot itself be undone; apply the configuration again instead.', { field: 'rolloutId' })
    if (original.undoneBy) throw new ServiceError('INVALID_INPUT', 'rolloutId: that rollout was undone already.', { field: 'rolloutId' })
    const changed = (r: ItemResult) => r.createdId !== undefined || r.before !== undefined
    const targets: TargetResult[] = original.targets
      .filter(changedOn)
      .map((t) => ({ profileId: t.profileId, label: t.label, state: 'waiting', items: t.items.filter(changed).map((r) => ({ part: r.part, key: r.key, outcome: 'pending', changes: [] })) }))
    if (targets.length === 0) throw new ServiceError('INVALID_INPUT', 'rolloutId: that rollout changed nothing on any PBX: there is nothing to undo.', { field: 'rolloutId' })
    const rollout: Rollout = {
      id: randomUUID(),
      kind: 'undo',
      undoOf: original.id,
      startedAt: now().toISOString(),
      by: options.user,
      source: { ...original.source, label: `Undo: ${original.source.label}` },
      items: original.items,
      applied: [],
      mappings: {},
      skipCannot: false,
      targets,
      running: true,
    }
    original.undoneBy = rollout.id
    const held = options.history.hold(rollout.id)
    await held
    await options.history.add(rollout)
    const jobs = targets.map((target) => ({ target, results: target.items, work: undoWork(original.targets.find((t) => t.profileId === target.profileId)!) }))
    launch(rollout, jobs, APPLY_CONCURRENCY.default, held)
    return copy(rollout)
  }

  return {
    preview,
    start,
    retry,
    undo,
    previewFinish,
    finish,
    get: async (rolloutId: string) => copy(await options.history.get(rolloutId)),
    list: async () => (await options.history.list()).map(copy),
    /** resolves when no rollout runs (tests, the command line) */
    async idle(): Promise<void> {
      while (runs.size > 0) await Promise.all([...runs])
    },
  }
}
