import { z } from 'zod'
import { NumberTestCallSchema, NumberTestResultSchema } from './number-test'
import {
  HolidaySchema,
  IvrServerCreateSchema,
  IvrServerSchema,
  IvrStatusSchema,
  listOf,
  OutboundRuleCreateSchema,
  OutboundRuleListItemSchema,
  OutboundRuleSchema,
  OutboundRuleUpdateSchema,
  PAGE_TOP,
  ProviderSchema,
} from './pbx'
import { BridgeErrorSchema } from './result'

/**
 * The Bridge operations of IVR servers (system administrator) and outbound rules (per tenant):
 * seed 2.4, 2.5, 4.3, 4.4, and the optional endpoints of this PBX family (IVR status, destroy,
 * providers, holidays). Spread into `bridge` in `bridge.ts`.
 */

const profileId = z.string().min(1)
const id = z.string().min(1)

/** A page of a list as the screens ask for it: paging, search and sorting done by the PBX. */
const pageQuery = <O extends readonly [string, ...string[]]>(orderings: O) =>
  z
    .strictObject({
      skip: z.int().min(0).default(0),
      top: z.int().min(PAGE_TOP.min).max(PAGE_TOP.max).default(25),
      search: z.string().trim().max(200).optional(),
      orderby: z.enum(orderings).optional(),
    })
    .default({ skip: 0, top: 25 })

export const IVR_ORDERINGS = ['name', 'name desc', 'type', 'type desc'] as const
export const RULE_ORDERINGS = ['priority', 'priority desc', 'name', 'name desc'] as const

/** Where the PBX lists providers or holidays: the list; where it answers 404: `supported: false`. */
const offeredList = <T extends z.ZodType>(item: T) => z.object({ supported: z.boolean(), items: z.array(item) })

/** The preview of copying rules to another saved PBX (nothing is sent to the target yet). */
export const RuleCopyPreviewSchema = z.object({
  /** what the target PBX lists (empty with `supported: false` where it answers 404: ids are typed) */
  target: z.object({ providers: offeredList(ProviderSchema), holidays: offeredList(HolidaySchema) }),
  rules: z.array(
    z.object({
      ruleId: z.string(),
      name: z.string(),
      /** a rule of that name exists on the target already (names are unique per tenant) */
      nameTaken: z.boolean(),
      /** a free name on the target: the same name when it is free, else "name (2)" and so on */
      suggestedName: z.string(),
      routes: z.int(),
      holidays: z.int(),
    }),
  ),
  /** every provider the chosen rules' routes use, with its match on the target by name (or null) */
  providers: z.array(
    z.object({ sourceId: z.string(), sourceName: z.string().optional(), usedBy: z.array(z.string()), matchId: z.string().nullable() }),
  ),
  /** every holiday the chosen rules use, with its match on the target by name (or null) */
  holidays: z.array(
    z.object({ sourceId: z.string(), sourceName: z.string().optional(), usedBy: z.array(z.string()), matchId: z.string().nullable() }),
  ),
})
export type RuleCopyPreview = z.infer<typeof RuleCopyPreviewSchema>

export const RuleCopyInputSchema = z.strictObject({
  fromProfileId: profileId,
  toProfileId: profileId,
  /** the rules to create on the target, each with the name it gets there */
  rules: z
    .array(z.strictObject({ ruleId: id, name: OutboundRuleCreateSchema.shape.name }))
    .min(1, { error: 'choose at least one rule' })
    .max(100),
  /** source provider id → target provider id, for every provider the rules use */
  providerMap: z.record(z.string(), z.string().trim().min(1, { error: 'choose a provider on the target PBX' })),
  /** source holiday id → target holiday id, or null to leave that holiday out */
  holidayMap: z.record(z.string(), z.string().trim().min(1).nullable()),
})
export type RuleCopyInput = z.input<typeof RuleCopyInputSchema>

export const RuleCopyResultSchema = z.object({
  results: z.array(
    z.object({
      ruleId: z.string(),
      name: z.string(),
      /** the new rule's id on the target, when it was created */
      createdId: z.string().optional(),
      error: BridgeErrorSchema.optional(),
    }),
  ),
})
export type RuleCopyResult = z.infer<typeof RuleCopyResultSchema>

export const ivrOutboundOperations = {
  // --- IVR servers (system administrator) -----------------------------------------------------

  /** one page of the IVR servers, searched and sorted by the PBX */
  listIvrServers: {
    input: z.strictObject({ profileId, query: pageQuery(IVR_ORDERINGS) }),
    result: listOf(IvrServerSchema),
  },
  /** reachability of some servers where the PBX reports it (`supported: false` where it answers 404) */
  ivrServerStatuses: {
    input: z.strictObject({ profileId, serverIds: z.array(id).max(100) }),
    result: z.object({ supported: z.boolean(), statuses: z.array(IvrStatusSchema.extend({ id: z.string() })) }),
  },
  getIvrServer: { input: z.strictObject({ profileId, serverId: id }), result: IvrServerSchema },
  /** add an EXTERNAL server; answers it as the PBX reads it back */
  createIvrServer: { input: z.strictObject({ profileId, server: IvrServerCreateSchema }), result: IvrServerSchema },
  /** switch a server on or off; answers it as the PBX reads it back */
  setIvrServerEnabled: { input: z.strictObject({ profileId, serverId: id, enabled: z.boolean() }), result: IvrServerSchema },
  /** delete where the PBX offers it (NOT_SUPPORTED where it does not); never the INTERNAL server */
  deleteIvrServer: { input: z.strictObject({ profileId, serverId: id }), result: z.object({ deleted: z.literal(true) }) },

  // --- outbound rules (per tenant) ------------------------------------------------------------

  /** one page of the outbound rules, searched and sorted by the PBX (priority order by default) */
  listOutboundRules: {
    input: z.strictObject({ profileId, query: pageQuery(RULE_ORDERINGS) }),
    result: listOf(OutboundRuleListItemSchema),
  },
  /** one rule with its routes */
  getOutboundRule: { input: z.strictObject({ profileId, ruleId: id }), result: OutboundRuleSchema },
  /** the tenant's providers and holidays, where the PBX lists them */
  outboundReferences: {
    input: z.strictObject({ profileId }),
    result: z.object({ providers: offeredList(ProviderSchema), holidays: offeredList(HolidaySchema) }),
  },
  /** create a rule; answers it as the PBX reads it back */
  createOutboundRule: { input: z.strictObject({ profileId, rule: OutboundRuleCreateSchema }), result: OutboundRuleSchema },
  /** send only what changed; answers the rule as the PBX reads it back */
  updateOutboundRule: {
    input: z.strictObject({ profileId, ruleId: id, changes: OutboundRuleUpdateSchema }),
    result: OutboundRuleSchema,
  },
  /** a copy of a rule on the same PBX, named "<name> (copy)" (or the next free name) */
  duplicateOutboundRule: { input: z.strictObject({ profileId, ruleId: id }), result: OutboundRuleSchema },
  /** delete where the PBX offers it (NOT_SUPPORTED where it does not) */
  deleteOutboundRule: { input: z.strictObject({ profileId, ruleId: id }), result: z.object({ deleted: z.literal(true) }) },
  /** what copying rules to another saved PBX would create there, with providers and holidays matched by name */
  previewRuleCopy: {
    input: z.strictObject({ fromProfileId: profileId, toProfileId: profileId, ruleIds: z.array(id).min(1).max(100) }),
    result: RuleCopyPreviewSchema,
  },
  /** create the rules on the target with the mapping the user confirmed; one result per rule */
  copyRules: { input: RuleCopyInputSchema, result: RuleCopyResultSchema },
  /** which enabled rule a call would use, why each rule before it did not, and what each route sends */
  testNumber: { input: z.strictObject({ profileId, call: NumberTestCallSchema }), result: NumberTestResultSchema },
} as const
