// DECT pushes, pushed phones and batches as the tests set them up: a push's progress, the QR codes
// of pushed phones, the DECT phones on a PBX, a batch for the push panel.
import { batchStateOfTallies } from '@contract/batch-state'
import type { Batch, PhoneQr, PushProgress } from '@contract/dect'
import type { DectPhone } from '@contract/pbx'

/** The progress with the state main derives from its counts and status (contract/batch-state.ts). */
export function withFakeState(progress: Omit<PushProgress, 'state'>): PushProgress {
  const handsets = progress.handsets ?? { enrolled: 0, matched: 0, failed: 0, pending: 0, withErrors: 0 }
  return { ...progress, state: batchStateOfTallies(progress.status, progress, handsets) }
}

/** A push that has not run yet: `total` valid rows, all pending; pass what differs. */
export function fakePushProgress(batchId: string, more: Omit<Partial<PushProgress>, 'state'> = {}): PushProgress {
  const total = more.total ?? 150
  return withFakeState({
    batchId,
    status: 'draft',
    running: false,
    total,
    done: 0,
    created: 0,
    matched: 0,
    failed: 0,
    pending: total,
    withErrors: 0,
    startedAt: null,
    etaMs: null,
    ...more,
  })
}

/** A tiny SVG standing for the QR code of `text`. */
export const fakeQrSvg = (text: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2" data-text="${encodeURIComponent(text)}"><rect width="1" height="1"/></svg>`

const fakeMac = (n: number): string => `001565${n.toString(16).toUpperCase().padStart(6, '0')}`

/** `count` pushed phones: "Handset n", MAC 001565000001…, extension 100+n, each with its QR code. */
export function fakePhoneQrs(count: number): PhoneQr[] {
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1
    const url = `https://pbx.acme.example/provisioning/${fakeMac(n)}.xml`
    return { rowId: `row-${n}`, row: n, name: `Handset ${n}`, mac: fakeMac(n), extension: String(100 + n), url, svg: fakeQrSvg(url) }
  })
}

/** `count` DECT phones as a PBX answers them: "Handset n" of Gigaset N670 IP PRO, every second one a Yealink W80B. */
export function fakeDectPhones(count: number): DectPhone[] {
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1
    const yealink = n % 2 === 0
    return {
      id: `ph-${n}`,
      name: `Handset ${n}`,
      mac: fakeMac(n),
      template: yealink ? 'yealink-w80b.xml' : 'gigaset-n670.xml',
      vendor: yealink ? 'Yealink' : 'Gigaset',
      model: yealink ? 'W80B' : 'N670 IP PRO',
      timezone: 'Europe/Berlin',
      region: 'Germany',
      language: 'GERMAN',
      handset_language: 'GERMAN',
      tone: 'Germany',
      rps: false,
      https: true,
      codecs: ['G722', 'PCMA'],
      lines: 8,
      interface: 'WEB_DOMAIN',
      preferred_transport: 'UDP',
      url: `https://pbx.acme.example/provisioning/${fakeMac(n)}.xml`,
    }
  })
}

/**
 * A batch as getBatch answers it, for the push panel: `rows` valid rows, the first `failed` of
 * them failed with the PBX's message, the next `done` created; the rest pending.
 */
export function fakePushBatch(
  id: string,
  options: { rows?: number; failed?: number; done?: number; targetProfileId?: string | null; concurrency?: number } = {},
): Batch {
  const { rows = 150, failed = 0, done = 0, targetProfileId = null, concurrency = 4 } = options
  return {
    version: 1,
    id,
    name: `Batch ${id}`,
    createdAt: '2025-03-01T08:00:00.000Z',
    updatedAt: '2025-03-01T08:00:00.000Z',
    source: 'handsets.csv',
    targetProfileId,
    defaults: {},
    handsets: [],
    status: failed > 0 ? 'partly_failed' : 'draft',
    concurrency,
    rows: Array.from({ length: rows }, (_, i) => {
      const n = i + 1
      const state = n <= failed ? 'failed' : n <= failed + done ? 'created' : 'pending'
      return {
        id: `row-${n}`,
        row: n,
        values: { name: `Handset ${n}`, mac: fakeMac(n), extension: String(100 + n) },
        problems: [],
        outcome:
          state === 'failed'
            ? { state, error: `The PBX refused the phone: mac ${fakeMac(n)} already exists (409)` }
            : state === 'created'
              ? { state, phoneId: `ph-${n}` }
              : { state },
      }
    }),
  }
}
