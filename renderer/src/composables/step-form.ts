import type { BridgeError } from '@contract/result'
import { fieldError } from '@renderer/lib/form-rules'
import type { FormInst, InputInst } from 'naive-ui'
import { computed, type ComputedRef } from 'vue'

/**
 * Where a sign-in step shows what main answered: an error about `field` stands beside that field
 * (`fieldText`), the message of any other above the form (`alertText`).
 */
export function useStepFeedback(
  error: () => BridgeError | null,
  field: string,
): { fieldText: ComputedRef<string | null>; alertText: ComputedRef<string | null> } {
  const fieldText = computed(() => {
    const current = error()
    return current ? (fieldError(current, [field])?.message ?? null) : null
  })
  const alertText = computed(() => {
    const current = error()
    return current && fieldText.value === null ? current.message : null
  })
  return { fieldText, alertText }
}

/** Validates the whole form; false (with the messages shown beside the fields) when it does not pass. */
export async function formPasses(form: FormInst | null): Promise<boolean> {
  try {
    await form?.validate()
    return true
  } catch {
    return false
  }
}

/** Focuses a step's first field, its text selected when `select` (to type over what was wrong). */
export function focusInput(input: InputInst | null, select = false): void {
  input?.focus()
  if (select) input?.select()
}
