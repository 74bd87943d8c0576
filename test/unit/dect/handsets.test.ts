import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { HandsetRow } from '../../../electron/contract/dect-handsets'
import { importCsv, previewCsv } from '../../../electron/services/dect/csv-import'
import { linesFromModels } from '../../../electron/services/dect/handsets/handset-import'
import { checkHandsets, placeHandsets, type BaseSlot } from '../../../electron/services/dect/handsets/handset-placement'
import { buildHandsetRow } from '../../../electron/services/dect/handsets/handset-rows'

const messages = (row: Pick<HandsetRow, 'problems'>, field?: string): string[] =>
  row.problems.filter((p) => field === undefined || p.field === field).map((p) => p.message)

const handset = (row: number, values: Parameters<typeof buildHandsetRow>[0]): HandsetRow => buildHandsetRow(values, row, `h${row}`)

describe('a handset row', () => {
  it('keeps the IPUI as IPUI-N whichever form was typed: 10 hex digits, or the 13-digit IPEI of the box', () => {
    expect(handset(1, { ipui: '00092263dd', extension: '1001' }).values.ipui).toBe('00092263DD')
    const fromIpei = handset(2, { ipui: ' 00146 0156577 9 ', extension: '1002' })
    expect(fromIpei.problems).toEqual([])
    expect(fromIpei.values.ipui).toMatch(/^0[0-9A-F]{9}$/)
    expect(fromIpei.values.ipui).toBe(handset(3, { ipui: '0014601565779', extension: '1003' }).values.ipui)
  })

  it('a base MAC no phone has is refused with why; a name with U+FFFD is a warning naming it', () => {
    expect(messages(handset(4, { ipui: '00092263dd', extension: '1001', base_mac: '01:00:5E:00:00:01' }), 'base_mac')).toEqual([
      "base MAC 01:00:5E:00:00:01 is a multicast address (its first octet 01 is odd); no phone has one: check it against the phone's label",
    ])
    const garbled = handset(5, { ipui: '00092263dd', extension: '1001', name: 'J\uFFFDrgen' })
    expect(garbled.problems).toEqual([
      { field: 'name', severity: 'warning', message: "name 'J\uFFFDrgen' contains \uFFFD (U+FFFD): the file's encoding was not recognised; check the name" },
    ])
  })

  it('names the field and the value of what is wrong, and keeps what was typed', () => {
    const bad = handset(7, { ipui: '00146 0156577 7', extension: '12', handset_index: 'zero', base_mac: '80:5E:C0', name: 'x'.repeat(65) })
    expect(messages(bad, 'ipui')).toEqual(['IPEI 00146 0156577 7: check digit should be 9'])
    expect(bad.values.ipui).toBe('00146 0156577 7')
    expect(messages(bad, 'extension')).toEqual(["extension '12' must be 3 to 64 digits"])
    expect(messages(bad, 'handset_index')[0]).toContain("handset index 'zero'")
    expect(messages(bad, 'base_mac')[0]).toBe('base MAC 80:5E:C0 has 6 of 12 hex digits')
    expect(messages(bad, 'name')[0]).toContain('longer than 64')
  })

  it('needs an IPUI and an extension; the base MAC, the index and the name may be empty', () => {
    const empty = handset(1, { name: ' ', handset_index: '' })
    expect(messages(empty, 'ipui')[0]).toMatch(/^IPUI is missing/)
    expect(messages(empty, 'extension')[0]).toMatch(/^extension is missing/)
    expect(empty.values).toEqual({})
    expect(handset(2, { ipui: '00092263DD', extension: '201', handset_index: '007' }).values.handset_index).toBe('7')
  })
})

describe('placing handsets on the batch\'s bases', () => {
  const bases: BaseSlot[] = [
    { mac: 'A00000000001', name: 'Hall', lines: 2 },
    { mac: 'A00000000002', name: 'Yard', lines: 3 },
  ]
  const ok = (n: number, more: Parameters<typeof buildHandsetRow>[0] = {}) =>
    handset(n, { ipui: `0009200${String(n).padStart(3, '0')}`, extension: String(1000 + n), ...more })

  it('a handset that names its base goes there; the others fill the bases in order up to each model\'s lines', () => {
    const rows = [ok(1), ok(2, { base_mac: 'A00000000001' }), ok(3), ok(4), ok(5), ok(6)]
    const places = placeHandsets(rows, bases)
    expect(rows.map((h) => { const p = places.get(h.id); return p?.ok ? p.baseMac.slice(-1) : p?.message })).toEqual(['1', '1', '2', '2', '2', "the batch's bases are full (they take 5 handsets)"])
  })

  it('a base MAC that is no base of the batch, and a base over its lines, are said', () => {
    const rows = [ok(1, { base_mac: 'B00000000009' }), ok(2, { base_mac: 'A00000000001' }), ok(3, { base_mac: 'A00000000001' }), ok(4, { base_mac: 'A00000000001' })]
    const places = placeHandsets(rows, bases)
    expect(places.get('h1')).toEqual({ ok: false, message: 'base MAC B0:00:00:00:00:09 is not a base of this batch: add the base as a row, or leave the cell empty' })
    expect(places.get('h4')).toEqual({ ok: false, message: 'base Hall (A0:00:00:00:00:01) takes 2 handsets; this one is over' })
  })

  it('bases whose lines are not known yet take any number (the push places them for good)', () => {
    const unknown: BaseSlot[] = [{ mac: 'A00000000001', name: 'Hall', lines: undefined }]
    const places = placeHandsets([ok(1), ok(2), ok(3)], unknown)
    expect([...places.values()].every((p) => p.ok && p.baseMac === 'A00000000001')).toBe(true)
    expect(placeHandsets([ok(1)], []).get('h1')).toEqual({ ok: false, message: 'the batch has no base to put this handset on: add the bases first' })
  })

  it('checks across the batch: an IPUI twice (as IPUI and as IPEI), an extension twice, an index twice on a base or past its lines', () => {
    const same = handset(2, { ipui: '0014601565779', extension: '1002' }).values.ipui as string
    const rows = checkHandsets(
      [
        ok(1, { ipui: same }),
        handset(2, { ipui: '00146 0156577 9', extension: '1002' }),
        ok(3, { extension: '1002' }),
        ok(4, { base_mac: 'A00000000002', handset_index: '3' }),
        ok(5, { base_mac: 'A00000000002', handset_index: '3' }),
        ok(6, { base_mac: 'A00000000001', handset_index: '4' }),
      ],
      bases,
    )
    expect(messages(rows[0]!, 'ipui')).toEqual([`IPUI ${same} is also in row 2`])
    expect(messages(rows[1]!, 'extension')).toEqual(['extension 1002 is also in row 3'])
    expect(messages(rows[3]!, 'handset_index')).toEqual(['handset index 3 is also given to row 5 on the same base'])
    expect(messages(rows[5]!, 'handset_index')).toEqual(["handset index 4 is past base Hall's 2 handsets"])
    // checking again adds nothing twice
    expect(checkHandsets(rows, bases).map((r) => r.problems)).toEqual(rows.map((r) => r.problems))
  })

  it('checking again keeps what happened to a handset: its swaps and moves, and a change stopped half-way', () => {
    const history = {
      outcome: { state: 'enrolled' as const, baseMac: 'A00000000002', handsetIndex: 1 },
      swaps: [{ from: '0009200099', to: '0009200001', at: '2026-12-03T10:00:00.000Z' }],
      moves: [{ from: 'A00000000001', to: 'A00000000002', at: '2026-12-03T11:00:00.000Z' }],
      moving: { to: 'A00000000001', at: '2026-12-03T12:00:00.000Z', left: true },
    }
    const [checked] = checkHandsets([{ ...ok(1, { base_mac: 'A00000000002' }), ...history }], bases)
    expect(checked).toMatchObject(history)
  })
})

describe('a spreadsheet of handsets', () => {
  const text = readFileSync(new URL('../../fixtures/csv/handsets-per-row-de.csv', import.meta.url), 'utf8')

  it('guesses the German headers: Basis-MAC, Basisname, Mobilteil-IPUI, Durchwahl, Mobilteil-Nr.', () => {
    expect(previewCsv('handsets.csv', text).mapping).toEqual({
      'Basis-MAC': 'mac',
      Basisname: 'base_name',
      'Mobilteil-IPUI': 'ipui',
      Durchwahl: 'extension',
      'Mobilteil-Nr.': 'handset_index',
      Name: 'name',
      Hersteller: 'vendor',
      Modell: 'model',
    })
  })

  it('makes one base row per base MAC and one handset a row; a bad IPEI names row, field and the right check digit', () => {
    const models = [{ filename: 'yealink_w70b.xml', model: 'W70B', lines: 10, display_name: 'Yealink W70B' }]
    const result = importCsv({ fileName: 'handsets.csv', text, defaults: {}, models })
    expect(result.rows.map((r) => [r.row, r.values.mac, r.values.name, r.values.model])).toEqual([
      [1, '805EC0000001', 'Empfang', 'W70B'],
      [3, '805EC0000002', 'Lager', 'W70B'],
    ])
    expect(result.rows.every((r) => r.problems.length === 0)).toBe(true)
    expect(result.handsets.map((h) => [h.row, h.values.base_mac, h.values.extension, h.values.name])).toEqual([
      [1, '805EC0000001', '1101', 'Anna Becker'],
      [2, '805EC0000001', '1102', 'Ben Becker'],
      [3, '805EC0000002', '1103', 'Clara Becker'],
      [4, undefined, '1104', 'David Becker'],
    ])
    expect(result.handsets[0]!.values).toMatchObject({ ipui: '00092263DD', handset_index: '1' })
    expect(messages(result.handsets[2]!)).toEqual(['IPEI 0014601565781: check digit should be *'])
    expect(result.counts).toEqual({ rows: 2, withErrors: 0, handsets: 4, handsetsWithErrors: 1 })
  })

  it('knows a base\'s lines from the PBX\'s model list, by model and vendor', () => {
    const linesOf = linesFromModels([
      { filename: 'a.xml', model: 'M900', lines: 200, display_name: 'Snom M900' },
      { filename: 'b.xml', model: 'M900', lines: 7, display_name: 'Other M900' },
    ])
    expect(linesOf({ model: 'm900', vendor: 'snom' })).toBe(200)
    expect(linesOf({ model: 'M900', vendor: 'Other' })).toBe(7)
    expect(linesOf({ model: 'W70B' })).toBeUndefined()
    expect(linesFromModels(undefined)({ model: 'M900' })).toBeUndefined()
  })
})
