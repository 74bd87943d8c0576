import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { macForPeople, type Batch, type BatchRow } from '../../../electron/contract/dect'
import type { HandsetRow } from '../../../electron/contract/dect-handsets'
import { createBatchStore } from '../../../electron/services/dect/batch-store'
import { createDectService } from '../../../electron/services/dect/dect-service'
import { labelHandsets, type LabelHandset } from '../../../electron/contract/handset-labels'
import { labelSheetHtml } from '../../../electron/services/dect/label-sheet'
import { qrPng, qrSvg } from '../../../electron/services/dect/qr-code'
import type { SessionManager } from '../../../electron/services/session/session-manager'

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

describe('the label sheet', () => {
  it('has one label per phone with QR, name, MAC and extension, text escaped', async () => {
    const html = await labelSheetHtml(
      {
        bases: [
          { name: 'Reception <front>', mac: '001565AABBCC', extension: '201', url: 'https://pbx.demo.example/dect/a/001565AABBCC.xml' },
          { name: 'Lager & Versand', mac: '001565AABBCD', url: 'https://pbx.demo.example/dect/a/001565AABBCD.xml' },
        ],
        handsets: [],
      },
      'a4-21',
    )
    expect(html.match(/class="label"/g)).toHaveLength(2)
    expect(html).not.toContain('class="label handset"')
    expect(html).toContain('Reception &lt;front&gt;')
    expect(html).toContain('Lager &amp; Versand')
    expect(html).toContain('00:15:65:AA:BB:CC')
    expect(html).toContain('Ext. 201')
    expect(html.match(/<svg/g)).toHaveLength(2)
    expect(html).toContain("default-src 'none'")
    expect(html).toContain('size: A4')
  })

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

describe('handset labels', () => {
  const anna: LabelHandset = { extension: '1101', name: 'Anna Becker', ipui: '00092263DD', baseMac: BASE_A, baseName: 'Empfang', handsetIndex: 1 }
  const ben: LabelHandset = { extension: '1102', name: 'Ben <b>& "Co"</b>', ipui: '00092263DF', baseMac: BASE_B, handsetIndex: 2 }
  const sheet = () => labelSheetHtml({ bases: [{ name: 'Empfang', mac: BASE_A, extension: '100', url: url(BASE_A) }], handsets: [anna, ben] }, 'letter-30')

  it('follow the bases on the same sheet, one a handset, without a QR code', async () => {
    const html = await sheet()
    expect(html.match(/class="label"/g)).toHaveLength(1)
    expect(html.match(/class="label handset"/g)).toHaveLength(2)
    expect(html.match(/<svg/g)).toHaveLength(1)
    expect(html.indexOf('class="label handset"')).toBeGreaterThan(html.indexOf('class="label"'))
    expect(html.indexOf('Ext. 1101')).toBeLessThan(html.indexOf('Ext. 1102'))
    // the same stock as the bases' labels
    expect(html).toContain('size: Letter')
    expect(html).toContain('width: 66.7mm; height: 25.4mm')
  })

  it('show the extension, the name, the IPUI and its IPEI, and the base (its name, else its MAC) with the index', async () => {
    const html = await sheet()
    const labels = html.split('class="label handset"').slice(1)
    expect(labels[0]).toContain('<div class="h-ext">Ext. 1101</div>')
    expect(labels[0]).toContain('<div class="h-name">Anna Becker</div>')
    expect(labels[0]).toContain('IPUI 00092263DD')
    expect(labels[0]).toContain('IPEI 00146 0156637 8')
    expect(labels[0]).toContain('Base Empfang · handset 1')
    expect(labels[1]).toContain('IPEI 00146 0156639 *')
    expect(labels[1]).toContain('Base 80:5E:C0:00:00:02 · handset 2')
  })

  it('escape every text', async () => {
    const html = await labelSheetHtml(
      { bases: [], handsets: [{ ...ben, extension: '<i>9</i>', ipui: '<x>', baseName: 'Hall & <Lager>' }] },
      'a4-21',
    )
    expect(html).toContain('Ben &lt;b&gt;&amp; &quot;Co&quot;&lt;/b&gt;')
    expect(html).toContain('Ext. &lt;i&gt;9&lt;/i&gt;')
    expect(html).toContain('IPUI &lt;x&gt;')
    expect(html).toContain('Base Hall &amp; &lt;Lager&gt;')
    expect(html).not.toMatch(/<b>|<i>|<x>|<Lager>/)
    // no IPEI for what is no IPUI-N
    expect(html).not.toContain('IPEI')
  })
})

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
    const printed: string[] = []
    const service = () =>
      createDectService({
        dataDir: dir,
        sessions: { callerOf: () => Promise.reject(new Error('no PBX in this test')) } as unknown as SessionManager,
        printToPdf: async (html) => {
          printed.push(html)
          return Buffer.from('%PDF-1.7 test')
        },
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

    it('the sheet and its PDF label the pushed bases, then the enrolled and matched handsets', async () => {
      const batchId = await batchWith(true, handsets())
      const { html } = await service().labelSheet({ batchId, size: 'a4-14' })
      expect(html.match(/class="label"/g)).toHaveLength(2)
      expect([...html.matchAll(/Ext\. (\d+)<\/div>/g)].map((m) => m[1])).toEqual(['1105', '1103', '1106', '1101'])
      expect(html).not.toContain('1102')
      expect(html).not.toContain('1104')
      await service().exportLabelsPdf({ batchId, size: 'a4-14' })
      expect(printed.at(-1)).toBe(html)
    })

    it('refuses a PDF with nothing on the PBX yet', async () => {
      const batchId = await batchWith(false, [handsetRow(1, '1101', { state: 'pending' }), handsetRow(2, '1102', { state: 'failed', error: 'x' })])
      const error = await service()
        .exportLabelsPdf({ batchId, size: 'a4-21' })
        .then(() => undefined, (e: unknown) => e)
      expect(error).toMatchObject({ code: 'INVALID_INPUT', message: expect.stringMatching(/push the batch first/) })
      expect((await service().labelSheet({ batchId, size: 'a4-21' })).html).not.toMatch(/class="label/)
    })
  })
})
