import { z } from 'zod'

/**
 * Retiring devices of a batch (issue 43): handsets taken off their base (one write of each base's
 * members), or a base deleted on the PBX with its members (`POST /api/dect_phones/{id}/destroy`).
 * A retire is planned first (what would go, named for a confirmation), then done step by step:
 * one step a base. The plan is saved in the batch before the first write (`retiring`), each step
 * recorded as it is done (`retirements`), so a process stopped between two writes leaves a retire
 * the next call finishes, never one done twice or lost.
 */

/** A handset that goes: as the PBX has it on its base, with the batch's handset for it when the batch lists it. */
export const RetireMemberSchema = z.object({
  extension: z.string(),
  ipui: z.string(),
  handsetIndex: z.int(),
  /** the batch's handset (its id and row), absent: a member the batch does not list */
  handsetId: z.string().optional(),
  row: z.int().optional(),
  /** the batch's name for it, else the PBX's user's */
  name: z.string().optional(),
})
export type RetireMember = z.infer<typeof RetireMemberSchema>

/**
 * A handset of the batch retired with its base that is no member of it on the PBX (never pushed,
 * refused, or gone): retired in the batch, nothing to take off.
 */
export const RetireUnsentSchema = z.object({
  handsetId: z.string(),
  row: z.int(),
  extension: z.string().optional(),
  ipui: z.string().optional(),
  name: z.string().optional(),
})
export type RetireUnsent = z.infer<typeof RetireUnsentSchema>

/** One step of a retire: one base, its members taken off, or the base deleted with all of them. */
export const RetireStepSchema = z.object({
  /** the base's MAC (12 hex digits) and its name (the batch's, else the PBX's) */
  mac: z.string(),
  name: z.string(),
  /** true: the base itself goes (destroy) with every member; false: the members listed are taken off it in one write */
  deleted: z.boolean(),
  /** the base's id on the PBX; absent: a base to delete that is not on the PBX any more (retired in the batch alone) */
  phoneId: z.string().optional(),
  /** with `deleted`: the batch's row of the base */
  rowId: z.string().optional(),
  /** what the PBX loses: the members taken off, or every member of a deleted base */
  members: z.array(RetireMemberSchema),
  /** with `deleted`: the batch's handsets for the base that are no member of it */
  unsent: z.array(RetireUnsentSchema),
})
export type RetireStep = z.infer<typeof RetireStepSchema>

/** What a retire would do (`previewRetire`), or did (`retire`). */
export const RetirePlanSchema = z.object({
  /** deleted bases first, then the bases handsets are taken off */
  steps: z.array(RetireStepSchema),
  /** true: a retire that stopped half-way (its steps saved in the batch), to be finished, or finished now */
  resumed: z.boolean(),
  /** what the confirmation names, in one text: `retire` takes it back (`confirmed`) and refuses when what would go changed */
  key: z.string(),
  /** what goes, or went, in sentences for the installer */
  message: z.string(),
})
export type RetirePlan = z.infer<typeof RetirePlanSchema>

/** A step done, as the batch keeps it (`retirements`): what the PBX lost, and when the retire was asked. */
export const RetirementSchema = RetireStepSchema.extend({ at: z.string() })
export type Retirement = z.infer<typeof RetirementSchema>

/**
 * A retire saved before its writes (the batch's `retiring`): when it was asked, what was asked
 * (`targets`: `base:<MAC>`, `handset:<id>`) and the steps not recorded yet. Still here, the process
 * stopped between them; the next retire of the same targets finds out from the PBX what was done
 * and finishes it.
 */
export const RetiringSchema = z.object({ at: z.string(), targets: z.array(z.string()), steps: z.array(RetireStepSchema) })
export type Retiring = z.infer<typeof RetiringSchema>
