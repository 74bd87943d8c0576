import type { RuleCopyInput, RuleCopyPreview, RuleCopyResult } from '@contract/bridge-ivr-outbound'
import { checkInput, OutboundRuleCreateSchema } from '@contract/pbx'
import type { BridgeError } from '@contract/result'
import { acceptHMRUpdate, defineStore } from 'pinia'
import { computed, ref, watch } from 'vue'
import { busyRequest } from './request-state'
import { useProfilesStore } from './profiles'
import { useSessionsStore } from './sessions'

/** The copy dialog's steps: choose the target PBX, check the preview and mapping, see the results. */
export type CopyStep = 'target' | 'preview' | 'results'

/** A rule chosen for the copy, as the list named it. */
export type CopySource = { ruleId: string; name: string }

const NAME_SCHEMA = OutboundRuleCreateSchema.shape.name

/**
 * "Copy to another PBX": the rules chosen on the source PBX, the target, the preview of what will
 * be created there (`previewRuleCopy`), the names and the provider and holiday mapping the user
 * confirms, and one result per rule (`copyRules`). Nothing is sent to the target before `copy`,
 * and `copy` refuses while a provider is unmapped or a name is wrong.
 */
export const useRuleCopyStore = defineStore('rule-copy', () => {
  const show = ref(false)
  const step = ref<CopyStep>('target')
  const fromProfileId = ref<string | null>(null)
  const rules = ref<CopySource[]>([])
  const toProfileId = ref<string | null>(null)
  /** the target while it is being signed in (its sign-in dialog may be up) */
  const signingInTarget = ref<string | null>(null)
  /** why the target cannot be used (not signed in, a user who may not create rules) */
  const targetError = ref<BridgeError | null>(null)

  const preview = ref<RuleCopyPreview | null>(null)
  const previewing = ref(false)
  const previewError = ref<BridgeError | null>(null)

  /** the name each rule gets on the target (by source rule id) */
  const names = ref<Record<string, string>>({})
  /** source provider id → target provider id ('' while not chosen) */
  const providerMap = ref<Record<string, string>>({})
  /** source holiday id → target holiday id, or null to leave it out */
  const holidayMap = ref<Record<string, string | null>>({})

  const copying = ref(false)
  const copyError = ref<BridgeError | null>(null)
  const result = ref<RuleCopyResult | null>(null)

  /** Opens the dialog for `chosen` rules of `profileId`, at the first step. */
  function start(profileId: string, chosen: readonly CopySource[]): void {
    fromProfileId.value = profileId
    rules.value = chosen.map((rule) => ({ ...rule }))
    toProfileId.value = null
    step.value = 'target'
    resetPreview()
    show.value = true
  }

  function resetPreview(): void {
    targetError.value = null
    preview.value = null
    previewError.value = null
    names.value = {}
    providerMap.value = {}
    holidayMap.value = {}
    copyError.value = null
    result.value = null
  }

  function chooseTarget(profileId: string | null): void {
    if (toProfileId.value === profileId) return
    toProfileId.value = profileId
    resetPreview()
  }

  /**
   * Asks main what the copy would create on the target, and fills the form from it: each rule's
   * free name, providers and holidays matched by name (an unmatched holiday is left out until the
   * user chooses one). Moves on to the preview step; true when it could.
   */
  async function loadPreview(): Promise<boolean> {
    const from = fromProfileId.value
    const to = toProfileId.value
    if (from === null || to === null || rules.value.length === 0) return false
    const ruleIds = rules.value.map((rule) => rule.ruleId)
    const answer = await busyRequest(() => window.pbx.previewRuleCopy({ fromProfileId: from, toProfileId: to, ruleIds }), {
      busy: previewing,
      error: previewError,
      current: () => toProfileId.value === to,
      done: (found) => {
        preview.value = found
        names.value = Object.fromEntries(found.rules.map((rule) => [rule.ruleId, rule.suggestedName]))
        providerMap.value = Object.fromEntries(found.providers.map((provider) => [provider.sourceId, provider.matchId ?? '']))
        holidayMap.value = Object.fromEntries(found.holidays.map((holiday) => [holiday.sourceId, holiday.matchId]))
        step.value = 'preview'
      },
    })
    return answer?.ok === true
  }

  function setName(ruleId: string, name: string): void {
    names.value = { ...names.value, [ruleId]: name }
  }

  function setProvider(sourceId: string, targetId: string | null): void {
    providerMap.value = { ...providerMap.value, [sourceId]: targetId ?? '' }
  }

  function setHoliday(sourceId: string, targetId: string | null): void {
    holidayMap.value = { ...holidayMap.value, [sourceId]: targetId === '' ? null : targetId }
  }

  /** the source providers with no target chosen yet */
  const unmappedProviders = computed(() =>
    (preview.value?.providers ?? []).filter((provider) => (providerMap.value[provider.sourceId] ?? '').trim() === ''),
  )

  /** what is wrong with each new name (by source rule id): the schema's words, a duplicate, a name taken on the target */
  const nameProblems = computed<Record<string, string>>(() => {
    const problems: Record<string, string> = {}
    const seen = new Map<string, string>()
    for (const rule of preview.value?.rules ?? []) {
      const name = (names.value[rule.ruleId] ?? '').trim()
      const checked = checkInput(NAME_SCHEMA, name)
      if (!checked.success) problems[rule.ruleId] = checked.problems[0]?.message ?? 'is not a valid name'
      else if (rule.nameTaken && name === rule.name) problems[rule.ruleId] = 'a rule of this name exists on the target PBX'
      else if (seen.has(name)) problems[rule.ruleId] = `the same name as the copy of ${seen.get(name)}`
      seen.set(name, rule.name)
    }
    return problems
  })

  const canCreate = computed(
    () =>
      preview.value !== null &&
      preview.value.rules.length > 0 &&
      unmappedProviders.value.length === 0 &&
      Object.keys(nameProblems.value).length === 0 &&
      !copying.value,
  )

  /** Creates the rules on the target with the confirmed names and mapping; moves on to the results. */
  async function copy(): Promise<RuleCopyResult | null> {
    const from = fromProfileId.value
    const to = toProfileId.value
    const found = preview.value
    if (from === null || to === null || found === null || !canCreate.value) return null
    const input: RuleCopyInput = {
      fromProfileId: from,
      toProfileId: to,
      rules: found.rules.map((rule) => ({ ruleId: rule.ruleId, name: (names.value[rule.ruleId] ?? '').trim() })),
      providerMap: Object.fromEntries(found.providers.map((p) => [p.sourceId, (providerMap.value[p.sourceId] ?? '').trim()])),
      holidayMap: Object.fromEntries(found.holidays.map((h) => [h.sourceId, holidayMap.value[h.sourceId]?.trim() || null])),
    }
    const answer = await busyRequest(() => window.pbx.copyRules(input), {
      busy: copying,
      error: copyError,
      done: (copied) => {
        result.value = copied
        step.value = 'results'
      },
    })
    return answer.ok ? answer.value : null
  }

  // --- the target must be signed in ---------------------------------------------------------

  const sessions = useSessionsStore()
  const labelOf = (profileId: string) => useProfilesStore().byId(profileId)?.label ?? 'the target PBX'

  /** The target's user may create outbound rules; else `targetError` says who is signed in there. */
  function targetMayWrite(to: string): boolean {
    const user = sessions.sessionOf(to)?.user
    if ((user?.capabilities ?? []).includes('outbound_rules:write')) return true
    const who = `${user?.username ?? 'a user'}${user?.role_name ? ` (${user.role_name})` : ''}`
    targetError.value = {
      code: 'INVALID_INPUT',
      message: `${labelOf(to)} is signed in as ${who}, who may not create outbound rules. Sign in there with a tenant administrator's account, or choose another PBX.`,
    }
    return false
  }

  /**
   * Signs in to the target without leaving the source: the sessions store opens it in the
   * background (a running or remembered session at once; else the app's sign-in dialog, after
   * which the source stays the active PBX). 'ready' when signed in; 'sign-in' while the dialog is
   * up (the watch below goes on from there); 'failed' with `targetError`.
   */
  async function signInTarget(to: string): Promise<'ready' | 'sign-in' | 'failed'> {
    signingInTarget.value = to
    const outcome = await sessions.open(to, { activate: false })
    if (outcome === 'sign-in') return 'sign-in'
    signingInTarget.value = null
    if (outcome === 'opened') return 'ready'
    targetError.value = sessions.openError ?? { code: 'NOT_SIGNED_IN', message: `Sign in to ${labelOf(to)} first.` }
    return 'failed'
  }

  // the sign-in dialog closed: signed in (go on to the preview) or cancelled (stay at the target)
  watch(
    () => sessions.signInProfileId,
    async (now, before) => {
      const to = signingInTarget.value
      if (to === null || before !== to || now === to) return
      signingInTarget.value = null
      const signedIn = sessions.isSignedIn(to)
      if (signedIn && toProfileId.value === to) await previewOnTarget(to)
      else if (!signedIn) targetError.value = { code: 'NOT_SIGNED_IN', message: `Sign in to ${labelOf(to)} to copy rules there.` }
    },
  )

  async function previewOnTarget(to: string, retried = false): Promise<boolean> {
    if (!targetMayWrite(to)) return false
    const shown = await loadPreview()
    if (shown || retried || previewError.value?.code !== 'NOT_SIGNED_IN') return shown
    // the target's session ended in main meanwhile: sign in again, then ask once more
    previewError.value = null
    const signedIn = await signInTarget(to)
    return signedIn === 'ready' ? previewOnTarget(to, true) : false
  }

  /**
   * "Next" at the first step: signs in to the target where needed, checks its user may create
   * rules, and asks for the preview. True when the preview step is shown.
   */
  async function proceed(): Promise<boolean> {
    const to = toProfileId.value
    if (to === null) return false
    targetError.value = null
    previewError.value = null
    if (!sessions.isSignedIn(to)) {
      const signedIn = await signInTarget(to)
      if (signedIn !== 'ready') return false
    }
    return previewOnTarget(to)
  }

  /** Back to choosing the target (the preview is asked again for it). */
  function back(): void {
    step.value = 'target'
    copyError.value = null
  }

  function close(): void {
    show.value = false
  }

  return {
    show,
    step,
    fromProfileId,
    rules,
    toProfileId,
    signingInTarget,
    targetError,
    preview,
    previewing,
    previewError,
    names,
    providerMap,
    holidayMap,
    copying,
    copyError,
    result,
    unmappedProviders,
    nameProblems,
    canCreate,
    start,
    chooseTarget,
    loadPreview,
    proceed,
    setName,
    setProvider,
    setHoliday,
    copy,
    back,
    close,
  }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useRuleCopyStore, import.meta.hot))
