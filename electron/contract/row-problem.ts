import { z } from 'zod'

/** One problem of a row, for the preview: "row 14: MAC 00:15:65 has 6 of 12 hex digits". */
export const RowProblemSchema = z.object({
  field: z.string(),
  message: z.string(),
  /** a warning does not stop the push (e.g. an unknown column value that has a default) */
  severity: z.enum(['error', 'warning']),
})
export type RowProblem = z.infer<typeof RowProblemSchema>
