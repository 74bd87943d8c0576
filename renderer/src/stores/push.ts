import { sendText, toSend } from '@contract/batch-state'
import type { OperationOutput } from '@contract/bridge'
import { PUSH_CONCURRENCY, type Batch, type BatchRow, type PushProgress } from '@contract/dect'
import type { HandsetRow } from '@contract/dect-handsets'
import type { BridgeError, BridgeResult } from '@contract/result'
import { acceptHMRUpdate, defineStore } from 'pinia'
import { computed, ref, watch } from 'vue'
import { callBridge, type LoadStatus } from './bridge-call'
import { busyRequest } from './request-state'
import { likelyTarget } from '@renderer/lib/batch-target'
import { useBatchesStore } from './batches'
import { useProfilesStore } from './profiles'
import { useSessionsStore } from './sessions'

/** How often the push panel asks main where a running push stands. */
export const PUSH_POLL_MS = 500
/**
 * How often it asks of a batch whose push is not under way (never begun, paused, stopped, done):
 * to notice a push another process begins (a command line, another window) without waiting for a
 * press of Resume to be refused.
 */
export const IDLE_POLL_MS = 3000

export type ResultsCsv = OperationOutput<'exportResultsCsv'>

/** What the user asked of a push, for the words of the panel while it is under way. */
export type PushAction = 'start' | 'pause' | 'cancel' | 'retry'

/**
 * The push of one DECT batch to a saved PBX (the batch the push panel shows): the target PBX and
 * the concurrency chosen, where the push stands (asked of main every PUSH_POLL_MS while it runs,
 * every IDLE_POLL_MS while it does not, while `watching`), the failed rows with the PBX's message, and the results as CSV.
 *
 * The push itself runs in main, which saves each row's outcome as it happens and renews the
 * PBX's token by itself. A push of another process (a command line, another window) is followed
 * the same way, its counts read from the batch as that process saves it (`elsewhere`). A target
 * PBX that is not signed in is opened through the sessions store first (the shell's sign-in
 * dialog asks for the password); the push starts once it is signed in, and is dropped when the
 * dialog is closed without signing in.
 */
export const usePushStore = defineStore('push', () => {
  const sessions = useSessionsStore()
  const profiles = useProfilesStore()
  const batches = useBatchesStore()

  /** the batch shown, and what main answered of it (its target PBX, its rows' outcomes) */
  const batchId = ref<string | null>(null)
  const batch = ref<Batch | null>(null)
  const progress = ref<PushProgress | null>(null)
  const status = ref<LoadStatus>('idle')
  /** why the batch or its progress could not be read */
  const error = ref<BridgeError | null>(null)

  /** the saved PBX to push to, and how many phones go at once */
  const targetProfileId = ref<string | null>(null)
  const concurrency = ref<number>(PUSH_CONCURRENCY.default)

  /** the request being made (start, pause, cancel, retry), null when none */
  const busy = ref<PushAction | null>(null)
  /** what the last start, pause, cancel or retry answered, when it failed */
  const actionError = ref<BridgeError | null>(null)
  /** the user paused or cancelled this push (so a stop is not the push's own doing) */
  const stoppedBy = ref<'pause' | 'cancel' | null>(null)
  /** a start or retry that waits for the target PBX's sign-in */
  const waitingForSignIn = ref<{ profileId: string; action: 'start' | 'retry' } | null>(null)

  const exporting = ref(false)
  const exportError = ref<BridgeError | null>(null)

  const running = computed(() => progress.value?.running === true)
  /** another process (a command line, another window) pushes the batch: its counts show, nothing here acts on it */
  const elsewhere = computed(() => progress.value?.elsewhere === true)
  /** a push works on the batch, in main or in another process: its counts move */
  const isUnderWay = (p: PushProgress | null): boolean => p !== null && (p.running || p.elsewhere === true)
  const underWay = computed(() => isUnderWay(progress.value))
  /** the rows and handsets a push would send now (ready, or pending in a stopped push): "Push 12 bases and 150 handsets" */
  const toSendCount = computed(() => {
    const p = progress.value
    if (!p) return 0
    const { rows, handsets } = toSend(p.state)
    return rows + handsets
  })
  const toSendText = computed(() => (progress.value ? sendText(progress.value.state) : 'nothing'))
  /** a push stopped part-way (paused by the user or by itself, or cancelled): "Resume" */
  const stopped = computed(() => {
    const p = progress.value
    return p !== null && !isUnderWay(p) && p.status === 'paused' && toSendCount.value > 0
  })
  /** a push ran to its end; rows or handsets added since are ready to push */
  const finished = computed(() => {
    const p = progress.value
    return p !== null && !isUnderWay(p) && (p.status === 'done' || p.status === 'partly_failed')
  })
  /** the rows and the handsets the PBX refused, with its message */
  const failedRows = computed<BatchRow[]>(() => batch.value?.rows.filter((row) => row.outcome.state === 'failed') ?? [])
  const failedHandsets = computed<HandsetRow[]>(() => batch.value?.handsets.filter((handset) => handset.outcome.state === 'failed') ?? [])
  const percentage = computed(() => {
    const p = progress.value
    if (!p || p.total === 0) return 0
    return Math.min(100, Math.round((p.done / p.total) * 100))
  })

  // --- reading ------------------------------------------------------------------------------

  /** counts loads, so the answer of a batch no longer shown is dropped */
  let latestLoad = 0

  /**
   * Shows the push of `id`: reads the batch and where its push stands (and keeps asking while it
   * runs). The target PBX is the batch's own, else the active PBX.
   */
  async function load(id: string): Promise<void> {
    const request = ++latestLoad
    if (batchId.value !== id) {
      // another batch: stop asking about the one before (the panel still watches)
      clearTimeout(pollTimer)
      pollTimer = undefined
      batchId.value = id
      batch.value = null
      progress.value = null
      actionError.value = null
      exportError.value = null
      stoppedBy.value = null
      waitingForSignIn.value = null
      targetProfileId.value = null
    }
    status.value = 'loading'
    if (profiles.status === 'idle') void profiles.load()
    if (sessions.status === 'idle') void sessions.load()
    const [batchResult, progressResult] = await Promise.all([
      callBridge(() => window.pbx.getBatch({ batchId: id })),
      callBridge(() => window.pbx.getPushProgress({ batchId: id })),
    ])
    if (request !== latestLoad || batchId.value !== id) return
    const failure = !batchResult.ok ? batchResult.error : !progressResult.ok ? progressResult.error : null
    if (failure) {
      error.value = failure
      status.value = 'error'
      return
    }
    if (batchResult.ok) {
      batch.value = batchResult.value
      concurrency.value = batchResult.value.concurrency
      targetProfileId.value ??= likelyTarget(
        { pushedTo: batchResult.value.targetProfileId, checkedOn: batches.checkedOn[id] },
        sessions.activeProfileId,
        profiles.profiles.map((profile) => profile.id),
      )
    }
    if (progressResult.ok) show(progressResult.value)
    error.value = null
    status.value = 'ready'
  }

  /** Reads the batch again, for its rows' outcomes (the failed rows and their messages). */
  async function reloadBatch(): Promise<void> {
    const id = batchId.value
    if (id === null) return
    const result = await callBridge(() => window.pbx.getBatch({ batchId: id }))
    if (result.ok && batchId.value === id) batch.value = result.value
  }

  /** Shows where the push stands; when it just ended, reads the rows' outcomes again. */
  function show(next: PushProgress): void {
    const wasUnderWay = underWay.value
    progress.value = next
    if (wasUnderWay && !isUnderWay(next)) void reloadBatch()
    schedulePoll()
  }

  // --- polling while the push runs -----------------------------------------------------------

  /** whether a panel shows the push (polling stops when it goes) */
  const watching = ref(false)
  let pollTimer: ReturnType<typeof setTimeout> | undefined

  function schedulePoll(): void {
    clearTimeout(pollTimer)
    pollTimer = undefined
    if (!watching.value || progress.value === null) return
    pollTimer = setTimeout(() => void poll(), underWay.value ? PUSH_POLL_MS : IDLE_POLL_MS)
  }

  async function poll(): Promise<void> {
    pollTimer = undefined
    const id = batchId.value
    if (id === null || !watching.value) return
    const result = await callBridge(() => window.pbx.getPushProgress({ batchId: id }))
    if (batchId.value !== id || !watching.value) return
    if (result.ok) {
      error.value = null
      show(result.value)
    } else {
      // keep the last progress on screen and ask again
      error.value = result.error
      schedulePoll()
    }
  }

  /** A panel shows the push: ask main every PUSH_POLL_MS while it runs, every IDLE_POLL_MS while not. */
  function startPolling(): void {
    watching.value = true
    schedulePoll()
  }

  /** The panel went: stop asking (the push goes on in main). */
  function stopPolling(): void {
    watching.value = false
    clearTimeout(pollTimer)
    pollTimer = undefined
  }

  // --- start, pause, cancel, retry -----------------------------------------------------------

  /** Runs one request about the push: busy meanwhile, its answer shown, its error kept. */
  async function act(action: PushAction, call: () => Promise<BridgeResult<PushProgress>>): Promise<boolean> {
    const id = batchId.value
    const result = await busyRequest(call, {
      busy: [busy, action],
      error: actionError,
      current: () => batchId.value === id,
      done: show,
      failed: (failure) => {
        // refused because another process pushes the batch (begun since it was read): show that push
        if (failure.code === 'BUSY') void poll()
      },
    })
    return result?.ok === true
  }

  /**
   * Runs `action` once the target PBX is signed in: at once when it is; else opens it (with its
   * remembered password, or through the sign-in dialog, after which the action runs).
   */
  async function whenSignedIn(action: 'start' | 'retry'): Promise<boolean> {
    const profileId = targetProfileId.value
    if (profileId === null) {
      actionError.value = { code: 'INVALID_INPUT', message: 'Choose the PBX to push to first.', field: 'profileId' }
      return false
    }
    if (!sessions.isSignedIn(profileId)) {
      waitingForSignIn.value = null
      actionError.value = null
      busy.value = action
      const outcome = await sessions.open(profileId).finally(() => (busy.value = null))
      if (outcome === 'sign-in') {
        waitingForSignIn.value = { profileId, action }
        return false
      }
      if (outcome === 'failed') {
        const label = profiles.byId(profileId)?.label ?? 'the PBX'
        const reason = sessions.openError?.message ?? 'it did not answer'
        actionError.value = { code: sessions.openError?.code ?? 'INTERNAL', message: `Could not open ${label}: ${reason}` }
        return false
      }
    }
    return run(action, profileId)
  }

  function run(action: 'start' | 'retry', profileId: string): Promise<boolean> {
    const id = batchId.value
    if (id === null) return Promise.resolve(false)
    stoppedBy.value = null
    if (action === 'retry') return act('retry', () => window.pbx.retryFailedRows({ batchId: id, profileId }))
    return act('start', () => window.pbx.startPush({ batchId: id, profileId, concurrency: concurrency.value }))
  }

  // the sign-in dialog asked for by a push: push once signed in, forget it when the dialog closes
  watch(
    () => {
      const waiting = waitingForSignIn.value
      return waiting ? { waiting, signedIn: sessions.isSignedIn(waiting.profileId), dialog: sessions.signInProfileId } : null
    },
    (state) => {
      if (!state) return
      if (state.signedIn) {
        waitingForSignIn.value = null
        if (targetProfileId.value === state.waiting.profileId) void run(state.waiting.action, state.waiting.profileId)
      } else if (state.dialog !== state.waiting.profileId) {
        waitingForSignIn.value = null
      }
    },
  )

  /** Pushes the pending rows to the target PBX (also resumes a stopped push where it stopped). */
  function start(): Promise<boolean> {
    return whenSignedIn('start')
  }

  /** Sends the failed rows again, and only those. */
  function retryFailed(): Promise<boolean> {
    return whenSignedIn('retry')
  }

  /** Finishes the rows in flight, then stops; "Resume" goes on. */
  function pause(): Promise<boolean> {
    const id = batchId.value
    if (id === null) return Promise.resolve(false)
    stoppedBy.value = 'pause'
    return act('pause', () => window.pbx.pausePush({ batchId: id }))
  }

  /** Stops at once; the rest stays pending. */
  function cancel(): Promise<boolean> {
    const id = batchId.value
    if (id === null) return Promise.resolve(false)
    stoppedBy.value = 'cancel'
    return act('cancel', () => window.pbx.cancelPush({ batchId: id }))
  }

  // --- results ------------------------------------------------------------------------------

  /** Row, MAC, name, id, url and outcome of every row of `id` as CSV, or null (see `exportError`). */
  async function exportResults(id: string): Promise<ResultsCsv | null> {
    const result = await busyRequest(() => window.pbx.exportResultsCsv({ batchId: id }), { busy: exporting, error: exportError })
    return result.ok ? result.value : null
  }

  return {
    batchId,
    batch,
    progress,
    status,
    error,
    targetProfileId,
    concurrency,
    busy,
    actionError,
    stoppedBy,
    waitingForSignIn,
    exporting,
    exportError,
    running,
    elsewhere,
    underWay,
    toSendCount,
    toSendText,
    stopped,
    finished,
    failedRows,
    failedHandsets,
    percentage,
    watching,
    load,
    startPolling,
    stopPolling,
    start,
    retryFailed,
    pause,
    cancel,
    exportResults,
  }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(usePushStore, import.meta.hot))
