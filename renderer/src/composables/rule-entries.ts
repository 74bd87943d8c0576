import { entriesOf, textOf, typedEntries } from '@renderer/lib/rule-entries'
import { computed, ref, type Ref } from 'vue'

/** One tag of a rule's number field: its text, and why the PBX would refuse it (if it would). */
export type RuleEntry = { text: string; problem?: string }

export interface RuleEntryKind<E extends RuleEntry> {
  /** what an entry means: its tag, flagged with a problem when the PBX refuses it */
  entryOf(text: string): E
  /** whether a typed entry goes in as a tag: a flagged entry the user can mend in place may */
  addable(entry: E): boolean
  /** the message under the field when nothing is wrong */
  hint(): string
}

/**
 * The list state of a rule's number field (`number_length`, `number_mask`): the `;`-separated
 * text as tags, the first flagged tag, why what was typed last was not added, and adding and
 * removing tags. A typed entry that is not addable is refused with its problem; an entry listed
 * already is refused after that, so what cannot be added says why before it says it is there.
 */
export function useRuleEntries<E extends RuleEntry>(value: Ref<string>, kind: RuleEntryKind<E>) {
  /** why what was typed last was not added */
  const rejected = ref<string | null>(null)
  const texts = computed(() => entriesOf(value.value))
  const entries = computed(() => texts.value.map((text) => kind.entryOf(text)))
  const flagged = computed(() => entries.value.find((entry) => entry.problem !== undefined))
  const message = computed(() => rejected.value ?? (flagged.value ? `“${flagged.value.text}”: ${flagged.value.problem}` : kind.hint()))

  function add(typed: string): void {
    const next = [...texts.value]
    // compared as the tags show them (a length held as `010` is the tag 10)
    const shown = new Set(entries.value.map((entry) => entry.text))
    const refused: string[] = []
    for (const text of typedEntries(typed)) {
      const entry = kind.entryOf(text)
      if (!kind.addable(entry)) refused.push(entry.problem ?? `${text} cannot be added`)
      else if (shown.has(entry.text)) refused.push(`${entry.text} is listed already`)
      else {
        next.push(entry.text)
        shown.add(entry.text)
      }
    }
    rejected.value = refused.length > 0 ? `Not added: ${refused.join('; ')}` : null
    value.value = textOf(next)
  }

  function remove(index: number): void {
    rejected.value = null
    value.value = textOf(texts.value.filter((_, i) => i !== index))
  }

  return { rejected, texts, entries, flagged, message, add, remove }
}
