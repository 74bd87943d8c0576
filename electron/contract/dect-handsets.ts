import { z } from 'zod'
import { RowProblemSchema } from './row-problem'

/**
 * Handsets of a DECT batch: the second half of an installer's job. A batch row is a base (a DECT
 * phone on the PBX); a handset row says which handset (IPUI) rings for which extension, on which
 * base (its MAC, or the batch's bases in order when none is given), at which handset index (the
 * lowest free one when none is given). The push enrols them as the base's members.
 */

/** What a handset row holds, as entered: trimmed, the base MAC normalised, the IPUI as IPUI-N (10 hex digits) when it could be read. */
export const HandsetValuesSchema = z.object({
  /** the base's MAC (12 upper-case hex digits when valid); empty: placed on the batch's bases in order */
  base_mac: z.string().optional(),
  /** IPUI-N (10 upper-case hex digits) when valid, else as typed */
  ipui: z.string().optional(),
  extension: z.string().optional(),
  /** 1..the base model's lines, as digits; empty: the lowest free index at push time */
  handset_index: z.string().optional(),
  /** the handset's name, printed on its label (the PBX shows the extension's user) */
  name: z.string().optional(),
})
export type HandsetValues = z.infer<typeof HandsetValuesSchema>
export const HANDSET_FIELDS = ['base_mac', 'ipui', 'extension', 'handset_index', 'name'] as const
export type HandsetField = (typeof HANDSET_FIELDS)[number]

/** `retired`: taken off its base by a retire (dect-retire.ts): never pushed again */
export const HANDSET_STATES = ['pending', 'enrolled', 'matched', 'failed', 'retired'] as const
export type HandsetState = (typeof HANDSET_STATES)[number]

/** Whether a handset is on the PBX: enrolled by a push, or found there as a member already. */
export const isHandsetOnPbx = (handset: { outcome: { state: HandsetState } }): boolean => handset.outcome.state === 'enrolled' || handset.outcome.state === 'matched'

/**
 * What happened to a handset on the PBX: `enrolled` (written by this batch), `matched` (it was a
 * member already), `retired` (taken off by a retire: `baseMac` and `handsetIndex` say where it was).
 */
export const HandsetOutcomeSchema = z.object({
  state: z.enum(HANDSET_STATES),
  /** the base it was enrolled on (its MAC) and at which index; retired: the base it was taken off */
  baseMac: z.string().optional(),
  handsetIndex: z.int().min(1).optional(),
  error: z.string().optional(),
  at: z.string().optional(),
})
export type HandsetOutcome = z.infer<typeof HandsetOutcomeSchema>

/** A broken handset replaced by a new one (issue 43): its IPUI before and after, and when. */
export const HandsetSwapSchema = z.object({ from: z.string(), to: z.string(), at: z.string() })
export type HandsetSwap = z.infer<typeof HandsetSwapSchema>

/** A handset moved to another base with its extension (issue 43): the bases' MACs, and when. */
export const HandsetMoveSchema = z.object({ from: z.string(), to: z.string(), at: z.string() })
export type HandsetMove = z.infer<typeof HandsetMoveSchema>

/** A handset given another extension on its base (issue 43): the extensions before and after, and when. */
export const HandsetRenumberSchema = z.object({ from: z.string(), to: z.string(), at: z.string() })
export type HandsetRenumber = z.infer<typeof HandsetRenumberSchema>

export const HandsetRowSchema = z.object({
  id: z.string(),
  /** the data row of the source file, or the scan number */
  row: z.int().min(1),
  values: HandsetValuesSchema,
  problems: z.array(RowProblemSchema),
  outcome: HandsetOutcomeSchema,
  /** the handsets it replaced, oldest first (absent: never swapped) */
  swaps: z.array(HandsetSwapSchema).optional(),
  /**
   * a swap saved before its write to the PBX: the new IPUI and when. Still here, the write may or
   * may not have happened (the process stopped between the two); the next swap of the handset
   * finds out from the PBX and finishes it
   */
  swapping: z.object({ to: z.string(), at: z.string() }).optional(),
  /** the bases it was moved from and to, oldest first (absent: never moved) */
  moves: z.array(HandsetMoveSchema).optional(),
  /**
   * a move saved before its writes to the PBX: the base it goes to (its MAC), when, and `left`
   * once the old base was written without it. Still here, the process stopped between the
   * writes; the next move of the handset to that base finds out from the PBX where it is and
   * finishes it
   */
  moving: z.object({ to: z.string(), at: z.string(), left: z.boolean().optional() }).optional(),
  /** the extensions it rang for before, oldest first (absent: never renumbered) */
  renumbers: z.array(HandsetRenumberSchema).optional(),
  /**
   * a renumber saved before its write to the PBX: the new extension and when. Still here, the
   * write may or may not have happened; the next renumber of the handset finds out from the PBX
   * and finishes it
   */
  renumbering: z.object({ to: z.string(), at: z.string() }).optional(),
})
export type HandsetRow = z.infer<typeof HandsetRowSchema>

/** Where a handset goes: a base of the batch (its MAC) and an index, or why it has no place. */
export type HandsetPlacement = { ok: true; baseMac: string; handsetIndex: number | undefined } | { ok: false; message: string }
