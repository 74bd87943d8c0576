import type { BridgeHandlers } from '../../../contract/bridge'
import type { Batch } from '../../../contract/dect'
import type { RetirePlan, RetireStep } from '../../../contract/dect-retire'
import { ServiceError } from '../../errors'
import type { PbxCaller } from '../../pbx-client/caller'
import { createDectMembersClient } from '../../pbx-client/dect-members'
import { createDectPhonesClient, findDectPhoneByMac } from '../../pbx-client/dect-phones'
import type { BatchStore } from '../batch-store'
import { pushedElsewhere } from '../batch-sharing'
import { findDuplicateMacs } from '../mac-clashes'
import { sameIpui } from './handset-find'
import { recheckHandsets, type LinesOf } from './handset-import'
import { writesOf } from './pbx-members'
import { checkHolders, checkTargets, planKey, planSteps, planText, retireTargets } from './retire-plan'

/**
 * Retiring devices of a batch (issue 43): handsets taken off their base, one write of each base's
 * members, or a base deleted on the PBX with its members (`POST /api/dect_phones/{id}/destroy`),
 * after a confirmation that names what goes: `previewRetire` answers the plan (retire-plan.ts)
 * and its `key`; `retire` does it only when the plan is still the one confirmed.
 *
 * Saved in steps, so a process stopped between any two (SIGKILL, a power cut) leaves a retire the
 * next call finishes, never one done twice or lost:
 * 1. the batch notes the plan under way (`retiring`: what was asked, the steps);
 * 2. each step in turn (the bases deleted first): the PBX written, skipped where the PBX has it so
 *    already (the base gone, the members off it: the next call reads it), then the step recorded
 *    (`retirements`, the rows and handsets `retired`) and taken off the note.
 * A stopped retire is finished by asking the same again; another is refused until then. A step the
 * PBX refuses (it does not offer destroy: NOT_SUPPORTED) ends the retire there: the steps before it
 * stay done, the note goes, and the error says what was done.
 */

export interface HandsetRetireOptions {
  store: BatchStore
  callerFor: (profileId: string) => Promise<PbxCaller>
  /** the handsets each base's model takes (the batch's handsets are checked again against its bases) */
  linesOf: () => Promise<LinesOf>
  now?: () => Date
}

/** The plan of a retire: a stopped one's steps when the same was asked, else read from the PBX. */
async function planOf(store: BatchStore, batch: Batch, items: readonly string[], caller: () => Promise<PbxCaller>): Promise<{ steps: RetireStep[]; resumed: boolean; targets: string[] }> {
  const targets = retireTargets(batch, items)
  const stopped = batch.retiring
  if (stopped) {
    if (stopped.targets.join() !== targets.keys.join()) {
      throw new ServiceError('INVALID_INPUT', `items: a retire of ${planText(stopped.steps, false)} stopped half-way: finish that one first (retire the same again).`, { field: 'items' })
    }
    return { steps: stopped.steps, resumed: true, targets: stopped.targets }
  }
  checkTargets(targets)
  await checkHolders(store, batch.id, targets.bases)
  return { steps: await planSteps(await caller(), batch, targets), resumed: false, targets: targets.keys }
}

/** A plan as the Bridge answers it. */
const answerOf = (steps: RetireStep[], resumed: boolean, done: boolean): RetirePlan => ({
  steps,
  resumed,
  key: planKey(steps),
  message: `${resumed ? `A retire that stopped half-way ${done ? 'is finished' : 'is to be finished'}: ` : ''}${planText(steps, done)}`,
})

/** Does one step on the PBX, where it is not done already. */
async function doStep(caller: PbxCaller, step: RetireStep): Promise<void> {
  if (step.phoneId === undefined) return
  // by its MAC: a base deleted meanwhile (the step done before a stop) is not there
  const phone = findDectPhoneByMac((await createDectPhonesClient(caller).list()).items, step.mac)
  if (!phone) return
  if (step.deleted) {
    try {
      await createDectPhonesClient(caller).destroy(phone.id)
    } catch (error) {
      if (error instanceof ServiceError && error.code === 'NOT_SUPPORTED') {
        throw new ServiceError('NOT_SUPPORTED', `This PBX does not offer deleting DECT phones (POST /api/dect_phones/{id}/destroy): base '${step.name}' was not deleted. Delete it on the PBX itself, then retire it again to record it.`)
      }
      if (!(error instanceof ServiceError && error.code === 'NOT_FOUND')) throw error
    }
    return
  }
  const client = createDectMembersClient(caller)
  const members = await client.list(phone.id)
  const kept = members.filter((m) => !step.members.some((gone) => sameIpui(gone.ipui, m.ipui) && gone.extension === m.extension_number))
  if (kept.length < members.length) await client.replace(phone.id, writesOf(kept))
}

/** The batch with a step done: recorded, its base and handsets retired, off the note; the handsets checked again. */
function recordStep(draft: Batch, step: RetireStep, at: string, lines: LinesOf): Batch {
  const noted = draft.retiring
  const asked = noted?.at ?? at
  if (noted) {
    noted.steps = noted.steps.filter((s) => s.mac !== step.mac || s.deleted !== step.deleted)
    if (noted.steps.length === 0) delete draft.retiring
  }
  draft.retirements = [...(draft.retirements ?? []), { ...step, at: asked }]
  const indexes = new Map([...step.members.flatMap((m) => (m.handsetId ? [[m.handsetId, m.handsetIndex] as const] : [])), ...step.unsent.map((u) => [u.handsetId, undefined] as const)])
  for (const h of draft.handsets) {
    if (!indexes.has(h.id)) continue
    const handsetIndex = indexes.get(h.id) ?? h.outcome.handsetIndex
    h.outcome = { state: 'retired', baseMac: step.mac, ...(handsetIndex === undefined ? {} : { handsetIndex }), at }
  }
  const row = draft.rows.find((r) => r.id === step.rowId)
  if (row) row.outcome = { state: 'retired', ...(row.outcome.phoneId ? { phoneId: row.outcome.phoneId } : {}), at }
  // a retired base's MAC, and a retired handset's IPUI and extension, are free again
  return { ...draft, rows: step.deleted ? findDuplicateMacs(draft.rows) : draft.rows, handsets: recheckHandsets(draft, lines) }
}

/** A PBX's definite refusal: asking again would be refused again, so the retire ends there. */
const refusal = (error: unknown): boolean => error instanceof ServiceError && (error.code === 'NOT_SUPPORTED' || error.code === 'PBX_ERROR')

export function createHandsetRetire({ store, callerFor, linesOf, now = () => new Date() }: HandsetRetireOptions): Pick<BridgeHandlers, 'previewRetire' | 'retire'> {
  return {
    async previewRetire({ batchId, profileId, items }) {
      const batch = await store.get(batchId)
      const { steps, resumed } = await planOf(store, batch, items, () => callerFor(profileId))
      return answerOf(steps, resumed, false)
    },

    async retire({ batchId, profileId, items, confirmed }) {
      const batch = await store.get(batchId)
      const caller = await callerFor(profileId)
      const { steps, resumed, targets } = await planOf(store, batch, items, async () => caller)
      const key = planKey(steps)
      if (confirmed !== key) {
        throw new ServiceError('INVALID_INPUT', `confirmed: what would go has changed since it was shown. ${answerOf(steps, resumed, false).message} Confirm that instead.`, { field: 'confirmed' })
      }
      // nothing is written to the PBX while another process pushes the batch
      if (await store.pushingElsewhere(batchId)) throw pushedElsewhere(batch.name)
      const lines = await linesOf()
      if (!resumed) {
        const at = now().toISOString()
        await store.update(batchId, (draft) => {
          draft.retiring = { at, targets, steps }
        })
      }
      let saved = batch
      const done: RetireStep[] = []
      for (const step of steps) {
        try {
          await doStep(caller, step)
        } catch (error) {
          if (refusal(error)) {
            await store.update(batchId, (draft) => {
              delete draft.retiring
            })
          }
          if (done.length === 0 || !(error instanceof ServiceError)) throw error
          throw new ServiceError(error.code, `${planText(done, true)} Then: ${error.message}`, { ...(error.status === undefined ? {} : { status: error.status }) })
        }
        const at = now().toISOString()
        saved = await store.update(batchId, (draft) => recordStep(draft, step, at, lines))
        done.push(step)
      }
      return { batch: saved, retire: answerOf(steps, resumed, true) }
    },
  }
}
