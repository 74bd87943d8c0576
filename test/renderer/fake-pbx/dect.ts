// DECT push, QR codes, labels and the phones on a PBX (push panel, QR walk, labels, phones panel).
// `createFakePbx` takes its operations from `createDectFake` and exposes its helpers as
// `fake.dect`. The batches themselves (getBatch, ...) are the batch operations' (fake-batches.ts).
import { bridge, type PbxApi } from '@contract/bridge'
import type { PhoneQr, PushProgress } from '@contract/dect'
import type { DectPhone } from '@contract/pbx'
import { fail, ok } from './answers'
import { fakeQrSvg, withFakeState } from './dect-samples'

/** The operations this part answers. */
export const DECT_FAKE_OPERATIONS = [
  'startPush',
  'getPushProgress',
  'pausePush',
  'cancelPush',
  'retryFailedRows',
  'batchQrCodes',
  'exportLabelsPdf',
  'exportResultsCsv',
  'listDectPhones',
  'listBaseMembers',
  'updateDectPhone',
  'deleteDectPhone',
  'qrCode',
] as const satisfies readonly (keyof PbxApi)[]
type DectFakeOperation = (typeof DECT_FAKE_OPERATIONS)[number]

/** What this part keeps in memory. */
export type FakeDectState = {
  /** where the push of each batch stands (by batch id); a batch without one answers NOT_FOUND */
  pushes: Record<string, PushProgress>
  /** the pushed phones of each batch with their QR codes (by batch id) */
  qrCodes: Record<string, PhoneQr[]>
  /** the DECT phones on each PBX (by profile id) */
  phones: Record<string, DectPhone[]>
  /** PBXs that do not offer deleting phones (by profile id): delete answers NOT_SUPPORTED */
  noDelete: Record<string, boolean>
}

/** The helpers a test drives the fake push with. */
export type FakeDect = {
  state: FakeDectState
  /** rows of a running push (here, or `elsewhere`) reach the PBX: moved from pending; the push ends when none is left */
  advancePush: (batchId: string, rows: { created?: number; matched?: number; failed?: number; etaMs?: number | null }) => PushProgress
  /** the push stops by itself (network lost, signed out, ...), saying why */
  stopPush: (batchId: string, reason: string) => PushProgress
}

export const FAKE_PAUSED_REASON = 'Paused by you'
export const FAKE_CANCELLED_REASON = 'Cancelled by you'
export const FAKE_PUSHED_ELSEWHERE = 'The batch is being pushed by a command line or another window. Wait until that push ends (or pause it there), then try again.'
export const FAKE_NOT_SUPPORTED_DELETE = 'The PBX does not offer deleting DECT phones (405 on DELETE /api/dect_phones/{id}).'

/**
 * The fake's DECT part. `isSignedIn` says whether a saved PBX has a session (pushes and the
 * phones need one: NOT_SIGNED_IN otherwise).
 */
export function createDectFake(isSignedIn: (profileId: string) => boolean): {
  operations: Pick<PbxApi, DectFakeOperation>
  helpers: FakeDect
} {
  const state: FakeDectState = { pushes: {}, qrCodes: {}, phones: {}, noDelete: {} }
  const notSignedIn = () => fail('NOT_SIGNED_IN', 'Sign in to the PBX first.')
  const noPush = (batchId: string) => fail('NOT_FOUND', `There is no batch ${batchId} on this computer.`)
  const answer = (progress: PushProgress) => ok(withFakeState(structuredClone(progress)))
  // as main refuses a push of a batch another process pushes (services/dect/batch-sharing.ts)
  const pushedElsewhere = () => fail('BUSY', FAKE_PUSHED_ELSEWHERE)

  const operations: Pick<PbxApi, DectFakeOperation> = {
    startPush: async ({ batchId, profileId }) => {
      const push = state.pushes[batchId]
      if (!push) return noPush(batchId)
      if (!isSignedIn(profileId)) return notSignedIn()
      if (push.elsewhere) return pushedElsewhere()
      // rows, or handsets added after the bases' push
      if (push.pending > 0 || (push.handsets?.pending ?? 0) > 0) {
        Object.assign(push, { running: true, status: 'pushing', startedAt: new Date().toISOString(), etaMs: null })
        delete push.reason
      }
      return answer(push)
    },
    getPushProgress: async ({ batchId }) => (state.pushes[batchId] ? answer(state.pushes[batchId]) : noPush(batchId)),
    pausePush: async ({ batchId }) => {
      const push = state.pushes[batchId]
      if (!push) return noPush(batchId)
      if (push.running) Object.assign(push, { running: false, status: 'paused', etaMs: null, reason: FAKE_PAUSED_REASON })
      return answer(push)
    },
    cancelPush: async ({ batchId }) => {
      const push = state.pushes[batchId]
      if (!push) return noPush(batchId)
      if (push.running) Object.assign(push, { running: false, status: 'paused', etaMs: null, reason: FAKE_CANCELLED_REASON })
      return answer(push)
    },
    retryFailedRows: async ({ batchId, profileId }) => {
      const push = state.pushes[batchId]
      if (!push) return noPush(batchId)
      if (!isSignedIn(profileId)) return notSignedIn()
      if (push.elsewhere) return pushedElsewhere()
      if (push.failed > 0) {
        Object.assign(push, { running: true, status: 'pushing', pending: push.pending + push.failed, done: push.done - push.failed, failed: 0, etaMs: null })
        delete push.reason
      }
      return answer(push)
    },
    batchQrCodes: async ({ batchId }) => ok(structuredClone(state.qrCodes[batchId] ?? [])),
    exportLabelsPdf: async ({ batchId, size }) => {
      const labels = state.qrCodes[batchId]?.length ?? 0
      const perPage = { 'a4-21': 21, 'a4-14': 14, 'letter-30': 30, 'roll-89x36': 1 }[size]
      return ok({ fileName: `${batchId}-labels-${size}.pdf`, base64: btoa(`%PDF-1.7 labels ${size}`), labels, pages: Math.ceil(labels / perPage), warnings: [] })
    },
    exportResultsCsv: async ({ batchId }) => {
      const lines = (state.qrCodes[batchId] ?? []).map((code) => `base,${code.row},${code.mac},${code.name},,ph-${code.row},${code.url},done,created,,,,`)
      return ok({ fileName: `${batchId}-results.csv`, csv: ['kind,row,mac,name,extension,id,url,state,outcome,error,ipui,base_mac,handset_index', ...lines].join('\n') + '\n' })
    },
    listDectPhones: async ({ profileId }) => (isSignedIn(profileId) ? ok(structuredClone(state.phones[profileId] ?? [])) : notSignedIn()),
    // the fake's bases have no handsets yet; a base's lines are its model's (the phone's `lines`)
    listBaseMembers: async ({ profileId, phoneId }) => {
      if (!isSignedIn(profileId)) return notSignedIn()
      const phone = state.phones[profileId]?.find((p) => p.id === phoneId)
      if (!phone) return fail('NOT_FOUND', 'The PBX has no such DECT phone.', { status: 404 })
      return ok({ members: [], ...(phone.lines === undefined ? {} : { lines: phone.lines }) })
    },
    updateDectPhone: async (input) => {
      const checked = bridge.updateDectPhone.input.safeParse(input)
      if (!checked.success) {
        const problem = checked.error.issues[0]
        const field = String(problem?.path.at(-1) ?? '')
        return fail('INVALID_INPUT', `${field}: ${problem?.message}`, { field })
      }
      const { profileId, phoneId, changes } = checked.data
      if (!isSignedIn(profileId)) return notSignedIn()
      const phone = state.phones[profileId]?.find((p) => p.id === phoneId)
      if (!phone) return fail('PBX_ERROR', 'The PBX has no such DECT phone (404).', { status: 404 })
      const { password: _p, user_password: _u, engineer_password: _e, id: _id, ...fields } = changes
      Object.assign(phone, fields)
      return ok(structuredClone(phone))
    },
    deleteDectPhone: async ({ profileId, phoneId }) => {
      if (!isSignedIn(profileId)) return notSignedIn()
      if (state.noDelete[profileId]) return fail('NOT_SUPPORTED', FAKE_NOT_SUPPORTED_DELETE)
      const phones = state.phones[profileId] ?? []
      if (!phones.some((p) => p.id === phoneId)) return fail('PBX_ERROR', 'The PBX has no such DECT phone (404).', { status: 404 })
      state.phones[profileId] = phones.filter((p) => p.id !== phoneId)
      return ok({ deleted: true as const })
    },
    qrCode: async ({ text }) => ok({ svg: fakeQrSvg(text) }),
  }

  const pushOf = (batchId: string): PushProgress => {
    const push = state.pushes[batchId]
    if (!push) throw new Error(`no fake push for batch ${batchId}: set fake.dect.state.pushes first`)
    return push
  }

  const helpers: FakeDect = {
    state,
    advancePush: (batchId, { created = 0, matched = 0, failed = 0, etaMs }) => {
      const push = pushOf(batchId)
      const moved = Math.min(push.pending, created + matched + failed)
      push.created += created
      push.matched += matched
      push.failed += failed
      push.done += moved
      push.pending -= moved
      if (etaMs !== undefined) push.etaMs = etaMs
      if (push.pending === 0) {
        Object.assign(push, { running: false, status: push.failed > 0 ? 'partly_failed' : 'done', etaMs: null })
        delete push.elsewhere
      }
      return withFakeState(structuredClone(push))
    },
    stopPush: (batchId, reason) => {
      const push = pushOf(batchId)
      Object.assign(push, { running: false, status: 'paused', etaMs: null, reason })
      return withFakeState(structuredClone(push))
    },
  }

  return { operations, helpers }
}
