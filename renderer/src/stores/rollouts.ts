import { mapGroup as mappedForGroup, withChoice, type MissingGroup } from '@contract/apply-outlook'
import type { ApplyPreview, ApplyRequest, NameMapping, Rollout } from '@contract/config-apply'
import type { ConfigSnapshot } from '@contract/config-snapshot'
import type { BridgeError, BridgeResult } from '@contract/result'
import { pickableItems, type PickableItem } from '@renderer/lib/config-text'
import { acceptHMRUpdate, defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { callBridge, plain, type LoadStatus } from './bridge-call'
import { sourceOf, type SourceChoice } from './config-compare'
import { busyRequest } from './request-state'

/** How often a running rollout is asked for while its screen is open. */
export const ROLLOUT_POLL_MS = 400

export const itemId = (item: { part: string; key: string }): string => `${item.part}:${item.key}`

/**
 * One change across many PBXs: the source (a PBX or a snapshot file) and its items, the items and
 * PBXs chosen, the names each PBX maps, the preview (main's `previewApply`, nothing written), the
 * rollout under way (followed every ROLLOUT_POLL_MS while it runs and the screen is open), and the
 * history with retry and undo.
 */
export const useRolloutsStore = defineStore('rollouts', () => {
  const source = ref<SourceChoice | null>(null)
  const snapshot = ref<ConfigSnapshot | null>(null)
  const sourceStatus = ref<LoadStatus>('idle')
  /** item ids (`part:key`) chosen */
  const chosen = ref<string[]>([])
  /** target profile ids chosen */
  const targets = ref<string[]>([])
  const mappings = ref<Record<string, NameMapping>>({})
  const preview = ref<ApplyPreview | null>(null)
  const previewStatus = ref<LoadStatus>('idle')
  const current = ref<Rollout | null>(null)
  const history = ref<Rollout[]>([])
  const historyStatus = ref<LoadStatus>('idle')
  const error = ref<BridgeError | null>(null)
  /** a rollout being started, retried, finished or undone */
  const busy = ref(false)
  /** an apply being finished from the history: its id, the mappings chosen, what finishing would do */
  const finishing = ref<{ rolloutId: string; mappings: Record<string, NameMapping>; preview: ApplyPreview | null; status: LoadStatus } | null>(null)

  const items = computed<PickableItem[]>(() => (snapshot.value ? pickableItems(snapshot.value) : []))
  const chosenItems = computed(() => items.value.filter((item) => chosen.value.includes(itemId(item))).map(({ part, key }) => ({ part, key })))

  let timer: ReturnType<typeof setTimeout> | undefined
  let watching = false

  /** Keeps a failed answer's error; true when the answer failed (and narrows it for the caller). */
  function failed<T>(result: BridgeResult<T>): result is Extract<BridgeResult<T>, { ok: false }> {
    if (result.ok) return false
    error.value = result.error
    return true
  }

  /** Reads the source's items: a PBX's configuration now, or a snapshot file's. */
  async function loadSource(choice: SourceChoice): Promise<void> {
    source.value = choice
    snapshot.value = null
    preview.value = null
    chosen.value = []
    sourceStatus.value = 'loading'
    error.value = null
    const result =
      choice.kind === 'pbx'
        ? await callBridge(async () => {
            const taken = await window.pbx.takeSnapshot({ profileId: choice.profileId })
            return taken.ok ? { ok: true as const, value: taken.value.snapshot } : taken
          })
        : await callBridge(() => window.pbx.openSnapshot({ snapshotJson: choice.text }))
    if (failed(result)) {
      sourceStatus.value = 'error'
      return
    }
    snapshot.value = result.value
    sourceStatus.value = 'ready'
  }

  /** The request previewed; `skip`: the user chose to skip what some PBXs cannot take. */
  function request(skip = false): ApplyRequest | null {
    if (!source.value || chosenItems.value.length === 0 || targets.value.length === 0) return null
    return plain({ source: sourceOf(source.value), items: chosenItems.value, targets: targets.value, mappings: mappings.value, ...(skip ? { skipCannot: true } : {}) })
  }

  async function runPreview(): Promise<void> {
    const input = request()
    if (!input) return
    previewStatus.value = 'loading'
    error.value = null
    const result = await callBridge(() => window.pbx.previewApply(input))
    if (failed(result)) {
      previewStatus.value = 'error'
      return
    }
    preview.value = result.value
    previewStatus.value = 'ready'
  }

  /** Chooses what a target uses for a source's provider or holiday it has no namesake of (a holiday: null, left out). */
  function setMapping(profileId: string, kind: 'providers' | 'holidays', name: string, id: string | null): void {
    mappings.value = { ...mappings.value, [profileId]: withChoice(mappings.value[profileId], kind, name, id) }
  }

  /** One choice for every PBX of a preview that lacks the same provider or holiday (null: a holiday left out). */
  function mapGroup(group: MissingGroup, name: string | null): void {
    mappings.value = mappedForGroup(mappings.value, group, name)
  }

  function stopFollowing(): void {
    if (timer) clearTimeout(timer)
    timer = undefined
  }

  function follow(): void {
    stopFollowing()
    if (!watching || !current.value?.running) return
    const id = current.value.id
    timer = setTimeout(async () => {
      const result = await callBridge(() => window.pbx.getRollout({ rolloutId: id }))
      if (failed(result)) return
      if (current.value?.id === id) current.value = result.value
      if (!result.value.running) void loadHistory()
      follow()
    }, ROLLOUT_POLL_MS)
  }

  async function act(call: () => Promise<BridgeResult<Rollout>>): Promise<Rollout | null> {
    const result = await busyRequest(call, {
      busy,
      error,
      done: (rollout) => {
        current.value = rollout
        void loadHistory()
        follow()
      },
    })
    return result.ok ? result.value : null
  }

  /** Starts the rollout previewed; `skip`: what some PBXs cannot take is skipped, as the user chose. */
  async function start(skip = false): Promise<Rollout | null> {
    const input = request(skip)
    return input ? act(() => window.pbx.startApply(input)) : null
  }

  /** What finishing an apply would do, with the mappings chosen so far (none at first). */
  async function previewFinish(rolloutId: string): Promise<void> {
    const chosenSoFar = finishing.value?.rolloutId === rolloutId ? finishing.value.mappings : {}
    finishing.value = { rolloutId, mappings: chosenSoFar, preview: finishing.value?.rolloutId === rolloutId ? finishing.value.preview : null, status: 'loading' }
    error.value = null
    const result = await callBridge(() => window.pbx.previewFinish(plain({ rolloutId, mappings: chosenSoFar })))
    if (finishing.value?.rolloutId !== rolloutId) return
    if (failed(result)) {
      finishing.value.status = 'error'
      return
    }
    finishing.value = { ...finishing.value, preview: result.value, status: 'ready' }
  }

  /** One choice for every PBX being finished that lacks the same name; previewed again. */
  async function mapFinishGroup(group: MissingGroup, name: string | null): Promise<void> {
    if (!finishing.value) return
    finishing.value = { ...finishing.value, mappings: mappedForGroup(finishing.value.mappings, group, name) }
    await previewFinish(finishing.value.rolloutId)
  }

  /** One PBX's own choice while finishing; previewed again. */
  async function mapFinish(profileId: string, kind: 'providers' | 'holidays', name: string, id: string | null): Promise<void> {
    if (!finishing.value) return
    const had = finishing.value.mappings
    finishing.value = { ...finishing.value, mappings: { ...had, [profileId]: withChoice(had[profileId], kind, name, id) } }
    await previewFinish(finishing.value.rolloutId)
  }

  /** Finishes the apply with the mappings chosen; the finish panel closes. */
  async function finish(): Promise<Rollout | null> {
    const chosenNow = finishing.value
    if (!chosenNow) return null
    const rollout = await act(() => window.pbx.finishRollout(plain({ rolloutId: chosenNow.rolloutId, mappings: chosenNow.mappings })))
    if (rollout) finishing.value = null
    return rollout
  }
  const retry = (rolloutId: string) => act(() => window.pbx.retryRollout({ rolloutId }))
  const undo = (rolloutId: string) => act(() => window.pbx.undoRollout({ rolloutId }))

  async function loadHistory(): Promise<void> {
    if (historyStatus.value !== 'ready') historyStatus.value = 'loading'
    const result = await callBridge(() => window.pbx.listRollouts())
    if (failed(result)) {
      historyStatus.value = 'error'
      return
    }
    history.value = result.value
    historyStatus.value = 'ready'
  }

  /** A rollout screen opened: follow a rollout under way. */
  function open(): void {
    watching = true
    follow()
  }
  function close(): void {
    watching = false
    stopFollowing()
  }

  /** a rollout as it stands: the one being followed when it is this one, else as the history keeps it */
  function asItStands(rolloutId: string): Rollout | undefined {
    return current.value?.id === rolloutId ? current.value : history.value.find((rollout) => rollout.id === rolloutId)
  }

  return {
    source,
    snapshot,
    sourceStatus,
    chosen,
    targets,
    mappings,
    preview,
    previewStatus,
    current,
    history,
    historyStatus,
    error,
    busy,
    finishing,
    items,
    chosenItems,
    loadSource,
    runPreview,
    setMapping,
    mapGroup,
    start,
    previewFinish,
    mapFinishGroup,
    mapFinish,
    finish,
    retry,
    undo,
    loadHistory,
    open,
    close,
    asItStands,
  }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useRolloutsStore, import.meta.hot))
