import { z } from 'zod'
import type { OperationName } from './operations'
import type { BridgeResult } from './result'
import { SystemInfoSchema } from './pbx'

/**
 * The Bridge: every operation the renderer may ask of main, with the schema its input must pass
 * (checked in main before any service runs) and the schema of what it answers.
 * Add an operation here and in `operations.ts`; the IPC binding, the preload and the test harness
 * pick it up with no further glue.
 */

export const AboutSchema = z.object({
  name: z.string(),
  version: z.string(),
  versions: z.object({
    node: z.string(),
    electron: z.string().optional(),
    chrome: z.string().optional(),
  }),
  platform: z.string(),
  /** whether an OS keychain answered; without one the app keeps working but cannot remember passwords */
  keychain: z.enum(['available', 'unavailable']),
  keychainMessage: z.string().optional(),
})
export type About = z.infer<typeof AboutSchema>

export const ProbePbxInputSchema = z.strictObject({
  /** the PBX's base URL, e.g. https://pbx.example.com:8887 (paths start with /api) */
  baseUrl: z.url({ protocol: /^https?$/, error: 'baseUrl: enter an http:// or https:// address' }),
})

export const DemoStatusSchema = z.object({
  /** base URL of the demo PBX running inside the app, on loopback */
  baseUrl: z.string(),
  /** the accounts it knows, to show beside the sign-in form */
  accounts: z.array(z.object({ username: z.string(), password: z.string(), domain: z.string(), role: z.string() })),
})
export type DemoStatus = z.infer<typeof DemoStatusSchema>

export const bridge = {
  /** versions, platform and whether the OS keychain answers */
  getAbout: { input: z.undefined(), result: AboutSchema },
  /** GET /api/info of a PBX: tells whether an address is a PBX of this API, and which */
  probePbx: { input: ProbePbxInputSchema, result: SystemInfoSchema },
  /** start the built-in demo PBX on a free loopback port (once; later calls answer the same one) */
  startDemo: { input: z.undefined(), result: DemoStatusSchema },
} as const satisfies Record<OperationName, { input: z.ZodType; result: z.ZodType }>

export type Bridge = typeof bridge
export type OperationInput<N extends OperationName> = z.input<Bridge[N]['input']>
export type OperationOutput<N extends OperationName> = z.output<Bridge[N]['result']>

/** The shape of `window.pbx` in the renderer, and of the object the services expose. */
export type PbxApi = {
  [N in OperationName]: (
    ...args: undefined extends OperationInput<N> ? [input?: OperationInput<N>] : [input: OperationInput<N>]
  ) => Promise<BridgeResult<OperationOutput<N>>>
}

/** The services' side: takes validated input, answers the value or throws a typed error. */
export type BridgeHandlers = {
  [N in OperationName]: (input: z.output<Bridge[N]['input']>) => Promise<OperationOutput<N>>
}
