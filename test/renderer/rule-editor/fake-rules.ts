import { bridge, type PbxApi } from '@contract/bridge'
import type { Holiday, OutboundRule, OutboundRuleCreate, OutboundRuleUpdate, Provider } from '@contract/pbx'
import { RouterView } from 'vue-router'
import { useSessionsStore } from '@renderer/stores/sessions'
import { flushPromises } from '@vue/test-utils'
import { acmeProfile, createFakePbx, fail, installFakePbx, ok, signedIn, type FakePbx } from '../fake-pbx'
import { mountInApp, type Mounted } from '../mount-app'

/**
 * The rule editor's operations of `window.pbx` for its tests, kept in memory like a PBX of the
 * demo's kind (electron/demo-pbx/README.md): one rule read with its routes, holidays answered
 * as objects, create answering the rule read back with a new id, update merging what it is
 * sent (routes and holidays replaced whole), providers and holidays listed or not offered.
 * Input is checked against the contract as main would (INVALID_INPUT naming the field).
 */
export type RulesState = {
  rules: Record<string, OutboundRule>
  providers: { supported: boolean; items: Provider[] }
  holidays: { supported: boolean; items: Holiday[] }
  nextId: number
}

export const TELCO_ONE: Provider = { id: 'prov-1', name: 'Telco One' }
export const BACKUP_SIP: Provider = { id: 'prov-2', name: 'Backup SIP' }
export const NEW_YEAR: Holiday = { id: 'hol-1', name: 'New Year', every_year: true, month_start: 1, day_start: 1, month_end: 1, day_end: 1 }
export const CHRISTMAS: Holiday = { id: 'hol-2', name: 'Christmas', every_year: true, month_start: 12, day_start: 24, month_end: 12, day_end: 26 }

const weekday = (from: string, to: string) => ({ enabled: true, ranges: [{ from, to }] })

/** "International" as the demo PBX seeds it, with two routes, Christmas, and a mask. */
export function internationalRule(): OutboundRule {
  return {
    id: 'rule-2',
    name: 'International',
    number_prefix: '00',
    number_length: '',
    number_mask: '100-199;205',
    enabled: true,
    priority: 200,
    office_hours: {
      mode: 'CUSTOM',
      monday: weekday('08:00', '18:00'),
      tuesday: weekday('08:00', '18:00'),
      wednesday: weekday('08:00', '18:00'),
      thursday: weekday('08:00', '18:00'),
      friday: weekday('08:00', '18:00'),
      saturday: { enabled: false, ranges: [] },
      sunday: { enabled: false, ranges: [] },
    },
    holidays: [CHRISTMAS],
    routing_strategy: 'PRIORITIZED',
    routes: [
      { enabled: true, provider_id: 'prov-1', strip_digits: 0, prepend: '', outbound_caller_id: '' },
      { enabled: true, provider_id: 'prov-2', strip_digits: 2, prepend: '0049', outbound_caller_id: '4930123' },
    ],
  }
}

export function rulesState(): RulesState {
  return {
    rules: { 'rule-2': internationalRule() },
    providers: { supported: true, items: [TELCO_ONE, BACKUP_SIP] },
    holidays: { supported: true, items: [NEW_YEAR, CHRISTMAS] },
    nextId: 10,
  }
}

function invalid(problem: { path: PropertyKey[]; message: string } | undefined) {
  const field = (problem?.path ?? []).map(String).join('.')
  return fail('INVALID_INPUT', `${field}: ${problem?.message ?? 'is not valid'}`, { field })
}

/** The rule as the PBX reads it back after a create or an update: holiday ids become objects. */
function readBack(state: RulesState, id: string, body: OutboundRuleCreate | OutboundRuleUpdate, before?: OutboundRule): OutboundRule {
  const { holidays, ...fields } = structuredClone(body)
  const rule: OutboundRule = { ...before, ...fields, id } as OutboundRule
  if (holidays) rule.holidays = holidays.map((h) => state.holidays.items.find((known) => known.id === h) ?? { id: h })
  return rule
}

export function rulesOperations(state: RulesState): Partial<PbxApi> {
  return {
    getOutboundRule: async ({ ruleId }) => {
      const rule = state.rules[ruleId]
      return rule ? ok(structuredClone(rule)) : fail('PBX_ERROR', `The PBX has no outbound rule ${ruleId} (404).`, { status: 404 })
    },
    outboundReferences: async () => ok(structuredClone({ providers: state.providers, holidays: state.holidays })),
    createOutboundRule: async (input) => {
      const checked = bridge.createOutboundRule.input.safeParse(input)
      if (!checked.success) return invalid(checked.error.issues[0])
      const id = `rule-${state.nextId++}`
      const rule = readBack(state, id, checked.data.rule)
      state.rules[id] = rule
      return ok(structuredClone(rule))
    },
    updateOutboundRule: async (input) => {
      const checked = bridge.updateOutboundRule.input.safeParse(input)
      if (!checked.success) return invalid(checked.error.issues[0])
      const before = state.rules[checked.data.ruleId]
      if (!before) return fail('PBX_ERROR', `The PBX has no outbound rule ${checked.data.ruleId} (404).`, { status: 404 })
      const rule = readBack(state, before.id, checked.data.changes, before)
      state.rules[before.id] = rule
      return ok(structuredClone(rule))
    },
  }
}

/** Acme (tenant admin) signed in, with the rules of `state`; `overrides` replace single operations. */
export function installRulesFake(state: RulesState = rulesState(), overrides: Partial<PbxApi> = {}): FakePbx {
  const pbx = installFakePbx(createFakePbx({ ...rulesOperations(state), ...overrides }))
  pbx.state.sessions[acmeProfile.id] = signedIn(acmeProfile)
  return pbx
}

/** The app's router view at `path` with Acme open (none when `open` is null). */
export async function mountEditor(path: string, open: string | null = acmeProfile.id): Promise<Mounted> {
  const mounted = await mountInApp(RouterView, path)
  if (open !== null) await useSessionsStore().open(open)
  await flushPromises()
  return mounted
}
