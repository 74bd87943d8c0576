import { handsetOperations } from '@contract/bridge-handsets'
import type { z } from 'zod'

/**
 * The changes of a handset on the PBX that the Handsets tab offers, each as the dialog asks for
 * it (HandsetChangeDialog.vue, issue 43): two fields, the handset and where it goes, whose checks
 * and limits are the contract's (its operation's input), scanned one after the other with Enter.
 */
export type HandsetChangeKind = 'swap' | 'move' | 'renumber'

type FieldWords = { label: string; placeholder: string }

export interface HandsetChange {
  /** the dialog's title, before "on <PBX>"; the Handsets tab's button adds "…" */
  title: string
  /** the first line of the dialog: what the change does on the PBX */
  hint: (pbxLabel: string) => string
  fields: { handset: z.ZodType<string>; to: z.ZodType<string> }
  handset: FieldWords
  to: FieldWords
  /** the button that makes the change, and the one that clears the fields for the next */
  action: string
  again: string
  /** the answer's title: made now, or a change that had stopped half-way finished */
  done: { made: string; finished: string }
  /** the new handset's label is offered for printing: the next thing the installer does */
  offersLabel: boolean
}

const fieldsOf = (operation: 'swapHandset' | 'moveHandset' | 'renumberHandset') => {
  const { handset, to } = handsetOperations[operation].input.shape
  return { handset, to }
}

export const HANDSET_CHANGES: Record<HandsetChangeKind, HandsetChange> = {
  swap: {
    title: 'Swap a handset',
    hint: (pbx) =>
      `The new handset takes the old one's extension and handset index on its base, in one write to ${pbx}. Register the new handset on the base afterwards, as for any new handset.`,
    fields: fieldsOf('swapHandset'),
    handset: { label: 'Old handset', placeholder: 'Scan its label (IPUI or IPEI), or type its extension' },
    to: { label: 'New handset', placeholder: "Scan the new handset's label (IPUI or IPEI)" },
    action: 'Swap',
    again: 'Swap another',
    done: { made: 'Swapped', finished: 'Swap finished' },
    offersLabel: true,
  },
  move: {
    title: 'Move a handset',
    hint: (pbx) =>
      `The handset keeps its extension and goes to another base of this batch: ${pbx} takes it off its base first, then puts it on the new one at its lowest free index. Register it on the new base afterwards.`,
    fields: fieldsOf('moveHandset'),
    handset: { label: 'Handset', placeholder: 'Scan its label (IPUI or IPEI), or type its extension' },
    to: { label: 'To base', placeholder: "Scan the base's MAC label, or type its name" },
    action: 'Move',
    again: 'Move another',
    done: { made: 'Moved', finished: 'Move finished' },
    offersLabel: false,
  },
  renumber: {
    title: 'Renumber a handset',
    hint: (pbx) =>
      `The handset stays on its base at its index and rings for another extension: one ${pbx} has a user for and no other handset has. Its label shows the new extension: print it again.`,
    fields: fieldsOf('renumberHandset'),
    handset: { label: 'Handset', placeholder: 'Scan its label (IPUI or IPEI), or type its extension' },
    to: { label: 'New extension', placeholder: 'Type the extension it rings for now' },
    action: 'Renumber',
    again: 'Renumber another',
    done: { made: 'Renumbered', finished: 'Renumber finished' },
    offersLabel: true,
  },
}
