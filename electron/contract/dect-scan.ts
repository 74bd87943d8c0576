import { z } from 'zod'
import { LIMITS } from './pbx'

/**
 * Scan mode for bases: the model the bases scanned get (asked before the first scan, changed with
 * one keystroke mid-scan) and the extension their numbering starts from.
 */

/** A base model as scan mode sends it: vendor and model (what the PBX requires), the template if known. */
export const ScanModelSchema = z.strictObject({
  vendor: z.string().trim().min(1, { error: 'choose the bases’ vendor' }).max(LIMITS.dectVendor.max),
  model: z.string().trim().min(1, { error: 'choose the bases’ model' }).max(LIMITS.dectModel.max),
  template: z.string().trim().min(1).max(LIMITS.dectTemplate.max).optional(),
})
export type ScanModel = z.infer<typeof ScanModelSchema>

/** The first extension of the scanned bases: digits, as many as a safe number holds (its leading zeros kept). */
export const ScanExtensionStartSchema = z.string().trim().regex(/^\d{1,15}$/, { error: 'the first extension is digits only (e.g. 1101)' })

/**
 * The extension the next scanned base gets: the first number from `start` on that no row of the
 * batch has as its extension, as wide as `start` is written ("0101" → "0102"). A row deleted frees
 * its number; numbers used otherwise (typed, imported) are skipped.
 */
export function nextExtension(start: string, used: Iterable<string | undefined>): string {
  const taken = new Set<string>()
  for (const extension of used) if (extension !== undefined) taken.add(extension.trim())
  const width = start.length
  for (let n = Number(start); ; n++) {
    const candidate = String(n).padStart(width, '0')
    if (!taken.has(candidate)) return candidate
  }
}
