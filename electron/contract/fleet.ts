import { z } from 'zod'
import { BATCH_VERDICTS } from './batch-state'
import { BATCH_STATUSES } from './dect'

/**
 * The reseller's fleet: every saved PBX at a glance. Main refreshes each PBX in the background
 * (a bounded number at once, one refresh of a PBX at a time) and keeps the last figures in the
 * data folder (`fleet.json`, read back through FleetFileSchema), so the table shows at once,
 * each row with its age. Nothing here is a secret: figures, names and states only.
 */

/** A figure of one PBX: a count, or why there is none. */
export const FleetFigureSchema = z.union([
  z.int().min(0),
  /** the PBX has no such endpoint (404/405) */
  z.literal('not_offered'),
  /** the account may not read it (403: e.g. a tenant administrator and the IVR servers) */
  z.literal('not_allowed'),
  /** asking failed (the warning says why) */
  z.literal('failed'),
])
export type FleetFigure = z.infer<typeof FleetFigureSchema>

export const FLEET_REACH = ['reachable', 'unreachable', 'untrusted', 'not_a_pbx'] as const
/**
 * The connection's certificate: `http` (none: plain http), `system` (trusted by this computer),
 * `pinned` (a certificate the user trusted for this PBX), `changed` (not the pinned one: refused),
 * `untrusted` (self-signed or otherwise not trusted, and not pinned), `unknown` (not reached).
 */
export const FLEET_CERTIFICATE = ['http', 'system', 'pinned', 'changed', 'untrusted', 'unknown'] as const
/**
 * How the app gets in: `signed_in` (a session runs), `remembered` (a password or token is kept but
 * the sign-in did not happen: the PBX was not reached), `code_required` (the PBX asks for a one-time
 * code: the fleet never asks twice), `needs_password` (nothing kept: sign in by hand).
 */
export const FLEET_ACCESS = ['signed_in', 'remembered', 'code_required', 'needs_password'] as const
/** The alert emails: recipients set, none set, or the settings could not be read. */
export const FLEET_NOTIFICATIONS = ['recipients', 'no_recipients', 'not_offered', 'not_allowed', 'failed'] as const

export const FLEET_WARNINGS = [
  'unreachable',
  'certificate_changed',
  'certificate_untrusted',
  'certificate_expiring',
  'rule_disabled',
  'no_alert_recipients',
  'base_not_seen',
  'failed',
] as const
export const FleetWarningSchema = z.object({ kind: z.enum(FLEET_WARNINGS), text: z.string() })
export type FleetWarning = z.infer<typeof FleetWarningSchema>

/** Days before a certificate's end from which it counts as expiring soon. */
export const CERTIFICATE_EXPIRING_DAYS = 30

export const FleetEntrySchema = z.object({
  profileId: z.string(),
  /** when these figures were read (absent: never) */
  checkedAt: z.string().optional(),
  reach: z.enum(FLEET_REACH).optional(),
  /** round trip of GET /api/info, in ms */
  rttMs: z.number().min(0).optional(),
  certificate: z.enum(FLEET_CERTIFICATE).default('unknown'),
  /** the certificate's end (ISO 8601), when known */
  certificateValidTo: z.string().optional(),
  access: z.enum(FLEET_ACCESS).optional(),
  /** the tenant's name (GET /api/info?domain=…), or the system's */
  tenant: z.string().optional(),
  counts: z
    .object({
      dectBases: FleetFigureSchema.optional(),
      handsets: FleetFigureSchema.optional(),
      outboundRules: FleetFigureSchema.optional(),
      ivrServers: FleetFigureSchema.optional(),
    })
    .default({}),
  notifications: z.enum(FLEET_NOTIFICATIONS).optional(),
  /** the batch pushed to this PBX most recently */
  // verdict: where the batch stands (batch-state.ts); absent in figures kept before it was there
  lastBatch: z.object({ batchId: z.string(), name: z.string(), status: z.enum(BATCH_STATUSES), verdict: z.enum(BATCH_VERDICTS).optional(), at: z.string() }).optional(),
  warnings: z.array(FleetWarningSchema).default([]),
})
export type FleetEntry = z.infer<typeof FleetEntrySchema>

export const FLEET_CONCURRENCY = { min: 1, max: 32, default: 8 } as const

export const FleetStatusSchema = z.object({
  /** one entry per saved PBX, in the saved list's order */
  entries: z.array(FleetEntrySchema.extend({ refreshing: z.boolean() })),
  /** how many PBXs are being refreshed or waiting for their turn */
  pending: z.int().min(0),
  /**
   * the refresh under way ("Refreshing 12 of 200"): how many PBXs were asked for since nothing
   * was pending, and how many of those are read; both 0 when none runs
   */
  run: z.object({ total: z.int().min(0), done: z.int().min(0) }),
})
export type FleetStatus = z.infer<typeof FleetStatusSchema>

/** `fleet.json` in the data folder: the last figures of each PBX. */
export const FLEET_FILE_VERSION = 1
export const FleetFileSchema = z.object({ version: z.literal(FLEET_FILE_VERSION), entries: z.array(FleetEntrySchema) })

const profileIds = z.array(z.string().min(1)).max(10_000)

export const fleetOperations = {
  /** the figures kept for every saved PBX, at once (no request to any PBX) */
  fleetStatus: { input: z.undefined(), result: FleetStatusSchema },
  /**
   * refreshes the given PBXs (all when none given) in the background and answers at once; a PBX
   * being refreshed already is not asked again
   */
  refreshFleet: {
    input: z.strictObject({
      profileIds: profileIds.optional(),
      concurrency: z.int().min(FLEET_CONCURRENCY.min).max(FLEET_CONCURRENCY.max).optional(),
      /** only the PBXs whose figures are older than this (or were never read) */
      olderThanMs: z.int().min(0).optional(),
      /**
       * the fleet screen's own refresh as it opens: what is still waiting is dropped by
       * `cancelFleetRefresh` when the screen closes (a refresh the user asked for goes on)
       */
      background: z.boolean().optional(),
    }),
    result: FleetStatusSchema,
  },
  /** drops the PBXs a background refresh still has waiting (those being read finish) */
  cancelFleetRefresh: { input: z.undefined(), result: FleetStatusSchema },
} as const

/** Figures younger than this are fresh enough: the fleet screen, as it opens, reads again only the older ones. */
export const FLEET_FRESH_MS = 2 * 60_000
