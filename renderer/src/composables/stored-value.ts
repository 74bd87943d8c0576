import type { ZodType } from 'zod'
import { ref, watch, type Ref } from 'vue'

/**
 * A choice of the user's about how a screen looks (which columns show), kept in the page's
 * localStorage across restarts: nothing a PBX or main needs to know, and never a secret.
 *
 * What is read back is checked with `schema`: a value this version did not write (an older
 * format, a hand edit, a damaged file) is not trusted, and the default stands. Storage may be
 * missing or refuse (full, or turned off): the choice then lasts until the window closes, and
 * nothing fails because of it.
 */
export function useStoredValue<T>(key: string, schema: ZodType<T>, fallback: () => T): Ref<T> {
  const value = ref(read(key, schema) ?? fallback()) as Ref<T>
  watch(value, (next) => write(key, next), { deep: true })
  return value
}

function read<T>(key: string, schema: ZodType<T>): T | undefined {
  try {
    const raw = localStorage.getItem(key)
    if (raw === null) return undefined
    const parsed = schema.safeParse(JSON.parse(raw))
    return parsed.success ? parsed.data : undefined
  } catch {
    // not JSON, or no storage: the default
    return undefined
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value))
  } catch {
    // storage full or refused: remembered for this run only
  }
}
