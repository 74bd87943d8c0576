import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { macForPeople, type Batch, type BatchRow } from '../../../electron/contract/dect'
import type { HandsetRow } from '../../../electron/contract/dect-handsets'
import { createBatchStore } from '../../../electron/services/dect/batch-store'
import { createDectService } from '../../../electron/services/dect/dect-service'
import { labelHandsets } from '../../../electron/contract/handset-labels'
import { qrPng, qrSvg } from '../../../electron/services/dect/qr-code'
import type { SessionManager } from '../../../electron/services/session/session-manager'
import { sheetLayout } from '../../../electron/services/dect/labels/label-layout'
import { linesOf, readPdf } from '../../support/pdf-read'

const dir = mkdtempSync(join(tmpdir(), 'pbx-qr-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Decodes a PNG with zbarimg (Debian's zbar-tools), a decoder independent of the library that drew it. */
function zbar(png: Buffer): string {
  const file = join(dir, `${Math.random().toString(16).slice(2)}.png`)
  writeFileSync(file, png)
  const run = spawnSync('zbarimg', ['-q', '--raw', file], { encoding: 'utf8' })
  expect(run.status, run.stderr).toBe(0)
  return run.stdout.trim()
}

describe('QR codes of provisioning URLs', () => {
  it.each([
    'https://pbx.demo.example/dect/demo.pbx.example/001565AABBCC.xml',
    'http://[2001:db8::10]/dect/demo.pbx.example/0015650000FF.xml',
    'https://sbc.pbx.demo.example/dect/t/AABBCCDDEEFF.xml?x=1&y=%C3%A9',
  ])('an independent decoder reads back exactly %s', async (url) => {
    expect(zbar(await qrPng(url))).toBe(url)
  })

  it('draws SVG for the screen and the sheet', async () => {
    const svg = await qrSvg('https://pbx.demo.example/x.xml')
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)
    expect(svg).not.toMatch(/<script/)
  })
})

describe('MACs on labels', () => {
  it('prints MACs in pairs, and leaves anything else as it is', () => {
    expect(macForPeople('001565AABBCC')).toBe('00:15:65:AA:BB:CC')
    expect(macForPeople('00-15-65-aa-bb-cc')).toBe('00:15:65:AA:BB:CC')
    expect(macForPeople('not-a-mac')).toBe('not-a-mac')
    expect(macForPeople(undefined)).toBe('')
  })
})

const BASE_A = '805EC0000001'
const BASE_B = '805EC0000002'
const url = (mac: string) => `https://pbx.demo.example/dect/demo.pbx.example/${mac}.xml`

const baseRow = (row: number, mac: string, name: string, pushed: boolean): BatchRow => ({
  id: `r${row}`,
  row,
  values: { mac, name, vendor: 'Yealink', model: 'W70B' },
  problems: [],
  outcome: pushed ? { state: 'created', phoneId: `dect-${row}`, url: url(mac) } : { state: 'pending' },
})
const handsetRow = (row: number, extension: string, outcome: HandsetRow['outcome'], base_mac?: string): HandsetRow => ({
  id: `h${row}`,
  row,
  values: { ipui: `00092263${(0xd0 + row).toString(16).toUpperCase()}`, extension, name: `Handset ${extension}`, ...(base_mac ? { base_mac } : {}) },
  problems: [],
  outcome,
})
/** bases B then A (the batch's order), handsets in every state, in no order */
const handsets = (): HandsetRow[] => [
  handsetRow(1, '1101', { state: 'enrolled', baseMac: BASE_A, handsetIndex: 2 }, BASE_A),
  handsetRow(2, '1102', { state: 'pending' }, BASE_A),
  handsetRow(3, '1103', { state: 'matched', baseMac: BASE_B, handsetIndex: 3 }),
  handsetRow(4, '1104', { state: 'failed', error: 'extension 1104 has no user on the PBX' }, BASE_B),
  handsetRow(5, '1105', { state: 'enrolled', baseMac: BASE_B, handsetIndex: 1 }),
  handsetRow(6, '1106', { state: 'enrolled', baseMac: BASE_A, handsetIndex: 1 }, BASE_A),
]

describe('the handsets a sheet labels', () => {
  it('are those on the PBX (enrolled or matched), by base in the batch order, then by index', () => {
    const batch = {
      version: 1,
      id: 'b1',
      name: 'Site',
      createdAt: '2025-01-01T00:00:00Z',
      updatedAt: '2025-01-01T00:00:00Z',
      source: 'site.csv',
      targetProfileId: null,
      defaults: {},
      rows: [baseRow(1, BASE_B, 'Lager', true), baseRow(2, BASE_A, 'Empfang', true)],
      handsets: handsets(),
      status: 'partly_failed',
      concurrency: 4,
    } satisfies Batch
    const labelled = labelHandsets(batch)
    expect(labelled.map((h) => [h.extension, h.baseName, h.handsetIndex])).toEqual([
      ['1105', 'Lager', 1],
      ['1103', 'Lager', 3],
      ['1106', 'Empfang', 1],
      ['1101', 'Empfang', 2],
    ])
    expect(labelled[0]).toEqual({ extension: '1105', name: 'Handset 1105', ipui: '00092263D5', baseMac: BASE_B, baseName: 'Lager', handsetIndex: 1 })
  })

  describe('through the service', () => {
    let dir: string
    const service = () =>
      createDectService({
        dataDir: dir,
        sessions: { callerOf: () => Promise.reject(new Error('no PBX in this test')) } as unknown as SessionManager,
      }).handlers
    async function batchWith(pushed: boolean, withHandsets: HandsetRow[]): Promise<string> {
      const store = createBatchStore(dir)
      const rows = [baseRow(1, BASE_B, 'Lager', pushed), baseRow(2, BASE_A, 'Empfang', pushed)]
      const batch = await store.create({ name: 'Site', source: 'site.csv', rows, handsets: withHandsets })
      await store.update(batch.id, (b) => {
        b.rows.forEach((row, i) => (row.outcome = rows[i]!.outcome))
        b.handsets.forEach((handset, i) => (handset.outcome = withHandsets[i]!.outcome))
      })
      return batch.id
    }
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'pbx-labels-'))
    })
    afterEach(() => rmSync(dir, { recursive: true, force: true }))

    it('the PDF labels the pushed bases, then the enrolled and matched handsets', async () => {
      const batchId = await batchWith(true, handsets())
      const result = await service().exportLabelsPdf({ batchId, size: 'a4-14' })
      expect(result).toMatchObject({ fileName: 'Site-labels-a4-14.pdf', labels: 6, pages: 1, warnings: [] })
      const [page] = (await readPdf(Buffer.from(result.base64, 'base64'))).pages
      const labels = sheetLayout('a4-14').cells.map((cell) => linesOf(page!, cell))
      expect(labels.slice(0, 2).map((lines) => lines[0])).toEqual(['Lager', 'Empfang'])
      expect(labels.slice(2, 6).map((lines) => lines[0])).toEqual(['Ext. 1105', 'Ext. 1103', 'Ext. 1106', 'Ext. 1101'])
      expect(labels.slice(6).flat()).toEqual([])
    })

    it('refuses a PDF with nothing on the PBX yet', async () => {
      const batchId = await batchWith(false, [handsetRow(1, '1101', { state: 'pending' }), handsetRow(2, '1102', { state: 'failed', error: 'x' })])
      const error = await service()
        .exportLabelsPdf({ batchId, size: 'a4-21' })
        .then(() => undefined, (e: unknown) => e)
      expect(error).toMatchObject({ code: 'INVALID_INPUT', message: expect.stringMatching(/push the batch first/) })
    })
  })
})
