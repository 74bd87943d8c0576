import { beep } from '@renderer/lib/beep'
import { nextTick, onMounted, ref, useTemplateRef } from 'vue'

/** The confirmation line under a scan field: green for a scan taken, amber for a warning, red for a refusal. */
export type ScanLine = { kind: 'ok' | 'warning' | 'error'; text: string }

const SIGN: Record<ScanLine['kind'], string> = { ok: '✓', warning: '⚠', error: '✗' }

/**
 * A field a barcode scanner types into, then Enter: it keeps the focus (taken at mount, given back
 * after each scan and by `focus()`, e.g. after a dialog), and scans typed while an earlier one is
 * still on its way wait their turn, in order: a scanner does not wait. `inputRef` names the
 * field's template ref; `scanOne` handles one scan and tells how it went with `say` (the line under
 * the field, with its sign, and the beep of its kind).
 */
export function useScanField(inputRef: string, scanOne: (typed: string) => Promise<void>) {
  const value = ref('')
  const line = ref<ScanLine | null>(null)
  const input = useTemplateRef<{ focus: () => void }>(inputRef)

  function say(kind: ScanLine['kind'], text: string): void {
    line.value = { kind, text: `${SIGN[kind]} ${text}` }
    beep(kind)
  }

  function focus(): void {
    void nextTick(() => input.value?.focus())
  }
  onMounted(focus)

  const queue: string[] = []
  let working = false

  async function drain(): Promise<void> {
    working = true
    try {
      for (let typed = queue.shift(); typed !== undefined; typed = queue.shift()) {
        await scanOne(typed)
        focus()
      }
    } finally {
      working = false
    }
  }

  /** Enter in the field: the text goes to the queue, the field empties and keeps the focus. */
  function onEnter(): void {
    const typed = value.value.trim()
    value.value = ''
    focus()
    if (typed === '') return
    queue.push(typed)
    if (!working) void drain()
  }

  return { value, line, say, focus, onEnter }
}
