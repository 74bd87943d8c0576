import { shallowRef } from 'vue'

/**
 * "Print labels" asked from outside the labels panel (Ctrl+P, the menu) for one batch: the
 * command opens the batch's Labels tab and leaves the request here; the panel takes it once it
 * shows that batch, and prints. Plain Vue, no store: the shell's commands load nothing of the
 * labels screen for it.
 */
const asked = shallowRef<{ batchId: string } | null>(null)

export function askToPrint(batchId: string): void {
  asked.value = { batchId }
}

/** The batch a print was asked for, not yet taken (reactive). */
export const printAsked = (): string | null => asked.value?.batchId ?? null

/** True once, for the panel showing `batchId`, when a print was asked for it. */
export function takePrintAsk(batchId: string): boolean {
  if (asked.value?.batchId !== batchId) return false
  asked.value = null
  return true
}
