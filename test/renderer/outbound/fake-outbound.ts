import type { PbxApi } from '@contract/bridge'
import type { RuleCopyPreview } from '@contract/bridge-ivr-outbound'
import type { NumberTestResult } from '@contract/number-test'
import type { Holiday, OutboundRule, Provider } from '@contract/pbx'
import { acmeProfile, fail, ok, sampleProfile } from '../fake-pbx'

/**
 * The outbound-rule operations of `window.pbx` for renderer tests, kept in memory per saved PBX:
 * a list that pages, searches and sorts as the demo PBX does (electron/demo-pbx/README.md,
 * "Lists"), duplicate, delete (NOT_SUPPORTED where `noDelete`), the copy preview and the copy
 * (providers and holidays matched by name; a taken name answers the PBX's 409), and a number
 * test answering `testAnswer`. Pass `operations` to `createFakePbx`.
 */
export type OutboundFakeState = {
  rules: Record<string, OutboundRule[]>
  providers: Record<string, { supported: boolean; items: Provider[] }>
  holidays: Record<string, { supported: boolean; items: Holiday[] }>
  /** PBXs that do not offer deleting rules */
  noDelete: Record<string, boolean>
  /** what testNumber answers (by profile id) */
  testAnswer: Record<string, NumberTestResult>
}

/** A second tenant PBX of the same customer, the usual copy target. */
export const branchProfile = sampleProfile({
  id: 'p-branch',
  label: 'Acme branch',
  baseUrl: 'https://pbx.branch.acme.example:8887',
  username: 'manager',
  domain: 'branch.acme.example',
  customer: 'Acme Corp',
})

export const NEW_YEAR: Holiday = { id: 'h-1', name: 'New Year', every_year: true, month_start: 1, day_start: 1, month_end: 1, day_end: 1 }
export const CHRISTMAS: Holiday = { id: 'h-2', name: 'Christmas', every_year: true, month_start: 12, day_start: 24, month_end: 12, day_end: 26 }

const weekdays = (from: string, to: string) =>
  Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((day) => [day, { enabled: true, ranges: [{ from, to }] }]))

/** Acme's rules: three as the demo PBX seeds them, and `extra` more (priority 1000) to page through. */
export function acmeRules(extra = 27): OutboundRule[] {
  const rules: OutboundRule[] = [
    {
      id: 'rule-1',
      name: 'Emergency',
      number_prefix: '112',
      number_length: '3',
      number_mask: '',
      enabled: true,
      priority: 1,
      office_hours: { mode: 'CUSTOM' },
      holidays: [],
      routing_strategy: 'PRIORITIZED',
      routes: [{ enabled: true, provider_id: 'pr-1', strip_digits: 0, prepend: '' }],
    },
    {
      id: 'rule-2',
      name: 'Local',
      number_prefix: '0',
      number_length: '10;11',
      number_mask: '100-199;205',
      enabled: true,
      priority: 100,
      office_hours: { mode: 'CUSTOM' },
      holidays: [NEW_YEAR],
      routing_strategy: 'PRIORITIZED',
      routes: [
        { enabled: true, provider_id: 'pr-1', strip_digits: 1, prepend: '+49' },
        { enabled: true, provider_id: 'pr-2', strip_digits: 0, prepend: '' },
      ],
    },
    {
      id: 'rule-3',
      name: 'International',
      number_prefix: '00',
      number_length: '',
      number_mask: '',
      enabled: false,
      priority: 200,
      office_hours: { mode: 'CUSTOM', ...weekdays('08:00', '18:00') },
      holidays: [NEW_YEAR, CHRISTMAS],
      routing_strategy: 'RANDOMLY',
      routes: [{ enabled: true, provider_id: 'pr-2', strip_digits: 2, prepend: '+' }],
    },
  ]
  for (let i = 1; i <= extra; i++) {
    const n = String(i).padStart(2, '0')
    rules.push({ id: `rule-x${n}`, name: `Zone ${n}`, number_prefix: `9${n}`, enabled: true, priority: 1000, routing_strategy: 'PRIORITIZED', routes: [] })
  }
  return rules
}

/** The demo PBX's order: priority then name (or by name), ascending unless `desc`. */
function sorted(rules: OutboundRule[], orderby: string | undefined): OutboundRule[] {
  const [field, direction] = (orderby ?? 'priority').split(' ')
  const byName = (a: OutboundRule, b: OutboundRule) => (a.name ?? '').localeCompare(b.name ?? '')
  const compare =
    field === 'name' ? byName : (a: OutboundRule, b: OutboundRule) => (a.priority ?? 1000) - (b.priority ?? 1000) || byName(a, b)
  const list = [...rules].sort(compare)
  return direction === 'desc' ? list.reverse() : list
}

const freeName = (taken: readonly string[], name: string, first: string): string => {
  if (!taken.includes(first)) return first
  for (let n = 2; ; n++) if (!taken.includes(`${name} (${n})`)) return `${name} (${n})`
}

export function createOutboundFake(isSignedIn: (profileId: string) => boolean) {
  const state: OutboundFakeState = {
    rules: { [acmeProfile.id]: acmeRules(), [branchProfile.id]: [{ id: 'br-rule-1', name: 'Local', number_prefix: '0', priority: 100 }] },
    providers: {
      [acmeProfile.id]: { supported: true, items: [{ id: 'pr-1', name: 'Telco One' }, { id: 'pr-2', name: 'Backup SIP' }] },
      [branchProfile.id]: { supported: true, items: [{ id: 'br-pr-7', name: 'Telco One' }, { id: 'br-pr-8', name: 'Fibre Trunk' }] },
    },
    holidays: {
      [acmeProfile.id]: { supported: true, items: [NEW_YEAR, CHRISTMAS] },
      [branchProfile.id]: { supported: true, items: [{ id: 'br-h-1', name: 'New Year' }] },
    },
    noDelete: {},
    testAnswer: {},
  }
  let nextId = 100
  const notSignedIn = () => fail('NOT_SIGNED_IN', 'Sign in to the PBX first.')
  const rulesOf = (profileId: string) => (state.rules[profileId] ??= [])
  const listItem = ({ routes: _routes, ...item }: OutboundRule) => structuredClone(item)

  const operations: Partial<PbxApi> = {
    listOutboundRules: async ({ profileId, query }) => {
      if (!isSignedIn(profileId)) return notSignedIn()
      const { skip = 0, top = 25, search, orderby } = query ?? {}
      const term = search?.toLowerCase() ?? ''
      const found = rulesOf(profileId).filter(
        (rule) => term === '' || (rule.name ?? '').toLowerCase().includes(term) || (rule.number_prefix ?? '').includes(term),
      )
      return ok({ count: found.length, items: sorted(found, orderby).slice(skip, skip + top).map(listItem) })
    },
    duplicateOutboundRule: async ({ profileId, ruleId }) => {
      if (!isSignedIn(profileId)) return notSignedIn()
      const rule = rulesOf(profileId).find((r) => r.id === ruleId)
      if (!rule) return fail('PBX_ERROR', 'The PBX has no such outbound rule (404).', { status: 404 })
      const taken = rulesOf(profileId).map((r) => r.name ?? '')
      const name = freeName(taken, `${rule.name} (copy)`, `${rule.name} (copy)`)
      const copy = { ...structuredClone(rule), id: `rule-${nextId++}`, name }
      rulesOf(profileId).push(copy)
      return ok(structuredClone(copy))
    },
    deleteOutboundRule: async ({ profileId, ruleId }) => {
      if (!isSignedIn(profileId)) return notSignedIn()
      if (state.noDelete[profileId]) return fail('NOT_SUPPORTED', 'This PBX does not offer deleting outbound rules (404 on destroy).')
      const rules = rulesOf(profileId)
      if (!rules.some((r) => r.id === ruleId)) return fail('PBX_ERROR', 'The PBX has no such outbound rule (404).', { status: 404 })
      state.rules[profileId] = rules.filter((r) => r.id !== ruleId)
      return ok({ deleted: true as const })
    },
    previewRuleCopy: async ({ fromProfileId, toProfileId, ruleIds }) => {
      if (!isSignedIn(fromProfileId) || !isSignedIn(toProfileId)) return notSignedIn()
      const chosen = ruleIds.map((id) => rulesOf(fromProfileId).find((r) => r.id === id)).filter((r): r is OutboundRule => r !== undefined)
      const taken = rulesOf(toProfileId).map((r) => r.name ?? '')
      const targetProviders = state.providers[toProfileId] ?? { supported: false, items: [] }
      const targetHolidays = state.holidays[toProfileId] ?? { supported: false, items: [] }
      const mapping = <T extends { id: string; name?: string }>(used: Map<string, string[]>, source: T[], target: T[]) =>
        [...used].map(([sourceId, usedBy]) => {
          const sourceName = source.find((s) => s.id === sourceId)?.name
          const match = target.find((t) => sourceName !== undefined && t.name === sourceName)
          return { sourceId, ...(sourceName === undefined ? {} : { sourceName }), usedBy, matchId: match?.id ?? null }
        })
      const providersUsed = new Map<string, string[]>()
      const holidaysUsed = new Map<string, string[]>()
      for (const rule of chosen) {
        for (const route of rule.routes ?? []) {
          const list = providersUsed.get(route.provider_id ?? '') ?? []
          if (!list.includes(rule.name ?? '')) list.push(rule.name ?? '')
          providersUsed.set(route.provider_id ?? '', list)
        }
        for (const holiday of rule.holidays ?? []) holidaysUsed.set(holiday.id, [...(holidaysUsed.get(holiday.id) ?? []), rule.name ?? ''])
      }
      const preview: RuleCopyPreview = {
        target: { providers: structuredClone(targetProviders), holidays: structuredClone(targetHolidays) },
        rules: chosen.map((rule) => ({
          ruleId: rule.id,
          name: rule.name ?? '',
          nameTaken: taken.includes(rule.name ?? ''),
          suggestedName: freeName(taken, rule.name ?? '', rule.name ?? ''),
          routes: rule.routes?.length ?? 0,
          holidays: rule.holidays?.length ?? 0,
        })),
        providers: mapping(providersUsed, state.providers[fromProfileId]?.items ?? [], targetProviders.items),
        holidays: mapping(holidaysUsed, state.holidays[fromProfileId]?.items ?? [], targetHolidays.items),
      }
      return ok(preview)
    },
    copyRules: async ({ fromProfileId, toProfileId, rules, providerMap }) => {
      if (!isSignedIn(fromProfileId) || !isSignedIn(toProfileId)) return notSignedIn()
      const results = rules.map(({ ruleId, name }) => {
        const source = rulesOf(fromProfileId).find((r) => r.id === ruleId)
        if (rulesOf(toProfileId).some((r) => r.name === name)) {
          return { ruleId, name, error: { code: 'PBX_ERROR' as const, message: `name: a rule named ${name} exists already (409)`, status: 409 } }
        }
        const id = `rule-${nextId++}`
        const routes = (source?.routes ?? []).map((route) => ({ ...route, provider_id: providerMap[route.provider_id ?? ''] ?? '' }))
        rulesOf(toProfileId).push({ ...structuredClone(source), id, name, routes })
        return { ruleId, name, createdId: id }
      })
      return ok({ results })
    },
    testNumber: async ({ profileId }) => {
      if (!isSignedIn(profileId)) return notSignedIn()
      const answer = state.testAnswer[profileId]
      return answer ? ok(structuredClone(answer)) : fail('INTERNAL', 'no test answer set in the fake')
    },
  }

  return { state, operations }
}
