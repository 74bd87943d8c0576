import {
  emptyRuleDraft,
  OutboundRuleDraftSchema,
  ruleChanges,
  ruleDraftOf,
  type OutboundRuleDraft,
} from '@contract/outbound-draft'
import { checkInput, type FieldProblem, type OutboundRule } from '@contract/pbx'
import type { BridgeError, BridgeResult } from '@contract/result'
import { placeOfError, problemsByPlace, topFieldOf } from '@renderer/lib/rule-problems'
import { acceptHMRUpdate, defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { callBridge, plain, type LoadStatus } from './bridge-call'
import { lastLoadWins } from './request-state'

/** main's error about a field, with the field's value when it was answered (it goes once that changes). */
type ServerProblem = { place: string; message: string; field: keyof OutboundRuleDraft; was: string }

/**
 * The outbound rule being edited (one at a time): `original` is the rule as the PBX last
 * answered it (or an empty rule for a new one), `draft` what the form holds. `changes` is what an
 * update would send (only what changed); `problems` what the contract says about the draft,
 * shown once the user changed something or tried to save, with main's error about a field in
 * its place until that field changes again.
 */
export const useOutboundRuleEditorStore = defineStore('outbound-rule-editor', () => {
  const profileId = ref<string | null>(null)
  /** the rule's id on the PBX; null for a new rule (until it is created) */
  const ruleId = ref<string | null>(null)
  /** the rule as the PBX answered it last (holidays as objects); null for a new rule */
  const rule = ref<OutboundRule | null>(null)
  const status = ref<LoadStatus>('idle')
  const error = ref<BridgeError | null>(null)

  const original = ref<OutboundRuleDraft>(emptyRuleDraft())
  const draft = ref<OutboundRuleDraft>(emptyRuleDraft())

  const saving = ref(false)
  /** main's answer to the last save, when it failed */
  const saveError = ref<BridgeError | null>(null)
  const serverProblem = ref<ServerProblem | null>(null)
  /** a save was asked for: every problem is shown, changed or not */
  const attempted = ref(false)

  const changes = computed(() => ruleChanges(original.value, draft.value))
  const dirty = computed(() => Object.keys(changes.value).length > 0)

  const checked = computed<FieldProblem[]>(() => {
    const result = checkInput(OutboundRuleDraftSchema, draft.value)
    return result.success ? [] : result.problems
  })
  const valid = computed(() => checked.value.length === 0)
  /** every problem of the draft by place (`''`: the rule as a whole), shown or not */
  const allProblems = computed(() => problemsByPlace(checked.value, draft.value))

  const liveServerProblem = computed(() => {
    const problem = serverProblem.value
    if (!problem) return null
    return JSON.stringify(draft.value[problem.field]) === problem.was ? problem : null
  })

  /** the messages the form shows beside its controls, by place */
  const problems = computed<Record<string, string>>(() => {
    const shown: Record<string, string> = dirty.value || attempted.value ? { ...allProblems.value } : {}
    const server = liveServerProblem.value
    if (server) shown[server.place] = server.message
    return shown
  })

  /** the place of main's error about a field, while it is shown */
  const errorPlace = computed(() => liveServerProblem.value?.place ?? null)

  /** main's error about the rule as a whole (no field of the form), shown above it */
  const formError = computed(() => (saveError.value && serverProblem.value === null ? saveError.value : null))

  const reads = lastLoadWins({ status, error })

  function reset(toProfileId: string | null, toRuleId: string | null): void {
    reads.drop()
    profileId.value = toProfileId
    ruleId.value = toRuleId
    rule.value = null
    original.value = emptyRuleDraft()
    draft.value = emptyRuleDraft()
    error.value = null
    clearSaveError()
    attempted.value = false
  }

  function clearSaveError(): void {
    saveError.value = null
    serverProblem.value = null
  }

  function adopt(answered: OutboundRule): void {
    rule.value = answered
    ruleId.value = answered.id
    original.value = ruleDraftOf(answered)
    draft.value = ruleDraftOf(answered)
  }

  /** A new rule for a PBX: the seed's defaults, nothing changed yet. */
  function startNew(toProfileId: string): void {
    reset(toProfileId, null)
    status.value = 'ready'
  }

  /** Reads a rule from the PBX into the form (what the form held is dropped). */
  async function load(toProfileId: string, toRuleId: string): Promise<void> {
    reset(toProfileId, toRuleId)
    await reads.load(() => window.pbx.getOutboundRule({ profileId: toProfileId, ruleId: toRuleId }), adopt)
  }

  /** Whether the store holds that rule (null: a new one) of that PBX, read or being read, or edited. */
  function holds(toProfileId: string, toRuleId: string | null): boolean {
    const same = profileId.value === toProfileId && ruleId.value === toRuleId
    return same && (status.value === 'ready' || status.value === 'loading' || dirty.value)
  }

  /**
   * The editor of a rule (null: a new one) of a PBX opens: what the store holds for that same
   * rule is kept (a created rule that just got its address, a form that comes back after a
   * sign-in); anything else is read afresh.
   */
  async function open(toProfileId: string, toRuleId: string | null): Promise<void> {
    if (holds(toProfileId, toRuleId)) return
    if (toRuleId === null) startNew(toProfileId)
    else await load(toProfileId, toRuleId)
  }

  /** Reads the rule again after a failed read (a sign-in, the PBX back). */
  async function retry(): Promise<void> {
    if (profileId.value !== null && ruleId.value !== null) await load(profileId.value, ruleId.value)
  }

  /**
   * Creates the rule (a new one: the whole draft) or sends what changed. On success the rule as
   * the PBX read it back becomes the original (and the form, unless it changed meanwhile); on
   * failure the draft stays as it is and main's error goes beside its field. Null when there
   * was nothing to do (nothing changed, the draft fails the contract, a save under way).
   */
  async function save(): Promise<BridgeResult<OutboundRule> | null> {
    attempted.value = true
    const pbx = profileId.value
    if (pbx === null || saving.value || status.value !== 'ready' || !dirty.value || !valid.value) return null
    const id = ruleId.value
    const sent = plain(draft.value)
    const body = plain(changes.value)
    saving.value = true
    clearSaveError()
    try {
      const result = await callBridge(() =>
        id === null
          ? window.pbx.createOutboundRule({ profileId: pbx, rule: sent })
          : window.pbx.updateOutboundRule({ profileId: pbx, ruleId: id, changes: body }),
      )
      // the user went to another rule or PBX meanwhile: the answer is not about this form
      if (profileId.value !== pbx || ruleId.value !== id) return result
      if (!result.ok) {
        saveError.value = result.error
        const placed = placeOfError(result.error, draft.value)
        if (placed) {
          const field = topFieldOf(placed.place) as keyof OutboundRuleDraft
          serverProblem.value = { ...placed, field, was: JSON.stringify(draft.value[field]) }
        }
        return result
      }
      const editedMeanwhile = JSON.stringify(draft.value) !== JSON.stringify(sent)
      const kept = draft.value
      adopt(result.value)
      if (editedMeanwhile) draft.value = kept
      attempted.value = false
      return result
    } finally {
      saving.value = false
    }
  }

  /** The form back to the rule as the PBX last answered it (or empty, for a new rule). */
  function revert(): void {
    draft.value = plain(original.value)
    clearSaveError()
    attempted.value = false
  }

  /** The editor is left: nothing is kept for next time. */
  function close(): void {
    reset(null, null)
    status.value = 'idle'
  }

  return {
    profileId,
    ruleId,
    rule,
    status,
    error,
    original,
    draft,
    saving,
    saveError,
    attempted,
    changes,
    dirty,
    valid,
    allProblems,
    problems,
    errorPlace,
    formError,
    startNew,
    load,
    holds,
    open,
    retry,
    save,
    revert,
    close,
    clearSaveError,
  }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useOutboundRuleEditorStore, import.meta.hot))
