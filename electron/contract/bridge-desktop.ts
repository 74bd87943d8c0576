import { z } from 'zod'
import { SCREEN_PATH_MAX, SCREEN_PATH_PATTERN } from './plain-rules'

/**
 * The Bridge operations of the desktop shell that the renderer needs: what the app remembers
 * between runs (the last PBX and the last screen; the window's size and place are main's alone).
 * Spread into `bridge` in `bridge.ts`.
 */

export const UiStateSchema = z.object({
  /** the saved PBX that was active when the app closed */
  lastProfileId: z.string().nullable(),
  /** the last screen (a route path of the renderer, e.g. `/outbound`) */
  lastPath: z.string().nullable(),
})
export type UiState = z.infer<typeof UiStateSchema>

export const desktopOperations = {
  /** what the app remembered at the last run (nulls on a first run) */
  getUiState: { input: z.undefined(), result: UiStateSchema },
  /** remember part of it (a field left out keeps its value) */
  saveUiState: {
    input: z.strictObject({
      lastProfileId: z.string().min(1).nullable().optional(),
      lastPath: z.string().regex(SCREEN_PATH_PATTERN, { error: 'must be a screen path such as /outbound' }).max(SCREEN_PATH_MAX).nullable().optional(),
    }),
    result: UiStateSchema,
  },
} as const
