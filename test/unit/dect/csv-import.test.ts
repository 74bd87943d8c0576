import { describe, expect, it } from 'vitest'
import { withDefaults } from '../../../electron/contract/dect'
import { ServiceError } from '../../../electron/services/errors'
import { PREVIEW_RECORDS, csvText, importCsv, previewCsv } from '../../../electron/services/dect/csv-import'
import { MAX_CSV_BYTES, decodeCsv } from '../../../electron/services/dect/csv-parse'
import { csvBytes } from '../../support/csv-bytes'

const macOf = (i: number): string => (0x001565000000 + i).toString(16).toUpperCase().padStart(12, '0')
const sheet = (rows: number): string =>
  `Handset MAC;Who;Nummer;Note\n${Array.from({ length: rows }, (_, i) => `${macOf(i)};Person ${i};${100 + i};n${i}`).join('\n')}\n`

function errorOf(f: () => unknown): ServiceError {
  try {
    f()
  } catch (e) {
    expect(e).toBeInstanceOf(ServiceError)
    return e as ServiceError
  }
  throw new Error('expected a ServiceError')
}

describe('previewCsv', () => {
  it('answers headers, delimiter, the first 20 records, a guessed mapping and the row count', () => {
    const preview = previewCsv('site.csv', sheet(45))
    expect(preview).toMatchObject({
      fileName: 'site.csv',
      headers: ['Handset MAC', 'Who', 'Nummer', 'Note'],
      hasHeader: true,
      delimiter: ';',
      mapping: { 'Handset MAC': 'mac', Who: 'ignore', Nummer: 'extension', Note: 'ignore' },
      rowCount: 45,
    })
    expect(preview.records).toHaveLength(PREVIEW_RECORDS)
    expect(preview.records[0]).toEqual(['001565000000', 'Person 0', '100', 'n0'])
  })

  it('lets the remembered mapping decide the headers it names', () => {
    const preview = previewCsv('site.csv', sheet(2), { Who: 'name', Note: 'ignore', Gone: 'mac' })
    expect(preview.mapping).toEqual({ 'Handset MAC': 'mac', Who: 'name', Nummer: 'extension', Note: 'ignore' })
  })

  it('throws the one clear error of a broken file', () => {
    expect(errorOf(() => previewCsv('h.csv', 'MAC,Name\n')).message).toBe('h.csv has a header but no rows: add one row per handset below it.')
  })
})

describe('csvText: a spreadsheet as the Bridge receives it', () => {
  it("decodes the file's bytes (base64) with decodeCsv and says how", () => {
    const bytes = Buffer.from('Name;MAC\r\nBüro Jürgen;001565AABBCC\r\n', 'latin1')
    expect(csvText({ fileName: 'w.csv', base64: bytes.toString('base64') })).toEqual({ text: 'Name;MAC\r\nBüro Jürgen;001565AABBCC\r\n', encoding: 'windows-1252' })
    expect(csvText({ fileName: 'u.csv', base64: csvBytes('Name\nZoë\n') })).toEqual({ text: 'Name\nZoë\n', encoding: 'utf-8' })
    // the BOM says the encoding and is not part of the text
    expect(csvText({ fileName: 'u.csv', base64: csvBytes('\uFEFFName\nZoë\n') })).toEqual({ text: 'Name\nZoë\n', encoding: 'utf-8 with BOM' })
  })

  it('refuses bytes over 20 MB from the length of their base64, before anything is decoded', () => {
    const base64 = 'A'.repeat(Math.ceil((MAX_CSV_BYTES + 3) / 3) * 4)
    const from = Buffer.from
    let decoded = false
    Buffer.from = ((...args: Parameters<typeof Buffer.from>) => {
      decoded = true
      return (from as (...a: unknown[]) => Buffer)(...args)
    }) as typeof Buffer.from
    try {
      expect(errorOf(() => csvText({ fileName: 'big.csv', base64 })).message).toBe('big.csv is 20.0 MB; a batch file may be at most 20.0 MB. Split it into smaller files.')
    } finally {
      Buffer.from = from
    }
    expect(decoded).toBe(false)
  })
})

describe('previewCsv: encoding and U+FFFD', () => {
  it('says which encoding the file was read in', () => {
    const text = 'Name;MAC\nBüro Jürgen;001565AABBCC\n'
    for (const [bytes, encoding] of [
      [Buffer.from(text, 'utf8'), 'utf-8'],
      [Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]), 'utf-8 with BOM'],
      [Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]), 'utf-16le'],
      [Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]), 'utf-16be'],
      [Buffer.from(text, 'latin1'), 'windows-1252'],
    ] as const) {
      const preview = previewCsv('b.csv', decodeCsv(bytes, 'b.csv'))
      expect(preview.encoding).toBe(encoding)
      expect(preview.records).toEqual([['Büro Jürgen', '001565AABBCC']])
      expect(preview.warnings).toEqual([])
    }
  })

  it('names each row with U+FFFD in a cell, and its column: the first five, then how many more', () => {
    const rows = Array.from({ length: 8 }, (_, i) => `${i % 2 === 0 ? 'B\uFFFDro' : 'Empfang'} ${i};${macOf(i)}`)
    const preview = previewCsv('r.csv', `Name;MAC\n${rows.join('\n')}\n`)
    expect(preview.warnings).toEqual([
      "row 1, Name: contains \uFFFD (U+FFFD): the file's encoding was not recognised; check the Name",
      "row 3, Name: contains \uFFFD (U+FFFD): the file's encoding was not recognised; check the Name",
      "row 5, Name: contains \uFFFD (U+FFFD): the file's encoding was not recognised; check the Name",
      "row 7, Name: contains \uFFFD (U+FFFD): the file's encoding was not recognised; check the Name",
    ])
    const many = previewCsv('m.csv', `Name;MAC\n${Array.from({ length: 9 }, (_, i) => `X\uFFFD;${macOf(i)}`).join('\n')}\n`)
    expect(many.warnings).toHaveLength(6)
    expect(many.warnings[5]).toBe('4 more rows contain \uFFFD (U+FFFD)')
  })
})

describe('importCsv', () => {
  it('uses the mapping it is given; headers it does not name are ignored', () => {
    const result = importCsv({
      fileName: 'site.csv',
      text: sheet(3),
      mapping: { 'Handset MAC': 'mac', Who: 'name', Note: 'template' },
      defaults: { vendor: 'Snom', model: 'M400' },
    })
    expect(result.mapping).toEqual({ 'Handset MAC': 'mac', Who: 'name', Nummer: 'ignore', Note: 'template' })
    expect(result.rows.map((r) => withDefaults(r.values, { vendor: 'Snom', model: 'M400' }))).toEqual([0, 1, 2].map((i) => ({
      mac: macOf(i), name: `Person ${i}`, vendor: 'Snom', model: 'M400', template: `n${i}`,
    })))
    expect(result.rows.map((r) => r.row)).toEqual([1, 2, 3])
    expect(result.counts).toEqual({ rows: 3, withErrors: 0, handsets: 0, handsetsWithErrors: 0 })
  })

  it('counts rows with errors (duplicates included: the first of a MAC is a warning, the later ones errors)', () => {
    const text = 'MAC,Name\n001565AABBCC,A\n00:15:65:aa:bb:cc,B\n001565AABB01,\n001565AABB02,D\n'
    const result = importCsv({ fileName: 'd.csv', text, defaults: { vendor: 'Snom', model: 'M400' } })
    expect(result.rows.map((r) => r.problems.map((p) => `${p.severity}: ${p.message}`))).toEqual([
      ['warning: MAC 00:15:65:AA:BB:CC is also in row 2, which is left out of the push'],
      ['error: MAC 00:15:65:AA:BB:CC is also in row 1: this row is left out of the push; remove it or correct its MAC'],
      ['error: name is missing'],
      [],
    ])
    expect(result.counts).toEqual({ rows: 4, withErrors: 2, handsets: 0, handsetsWithErrors: 0 })
  })

  it('refuses a mapping that sends two columns to one field', () => {
    const error = errorOf(() =>
      importCsv({ fileName: 's.csv', text: sheet(1), mapping: { 'Handset MAC': 'mac', Nummer: 'mac' }, defaults: {} }),
    )
    expect(error.code).toBe('INVALID_INPUT')
    expect(error.message).toBe("Columns 'Handset MAC' and 'Nummer' are both mapped to mac; map one of them to another field or ignore it.")
  })

  it('refuses defaults and mappings the contract refuses', () => {
    const bad = errorOf(() => importCsv({ fileName: 's.csv', text: sheet(1), defaults: { language: 'KLINGON' } as never }))
    expect(bad.code).toBe('INVALID_INPUT')
    expect(bad.field).toBe('language')
    expect(bad.message).toMatch(/^language: must be one of ENGLISH, /)
    const mapping = errorOf(() => importCsv({ fileName: 's.csv', text: sheet(1), mapping: { 'Handset MAC': 'serial' } as never, defaults: {} }))
    expect(mapping.code).toBe('INVALID_INPUT')
  })

  it('a CR file with LF and CRLF inside quoted cells: one batch row per CR, problems on the right row', () => {
    const text = 'MAC,Name,Extension\r001565AABB01,"Reception\nfront",100\r001565AABB02,"Ward\r\nnorth",abc\r001565AABB03,Office,102\r'
    const result = importCsv({ fileName: 'mac.csv', text, defaults: { vendor: 'Snom', model: 'M400' } })
    expect(result.rows.map((r) => [r.row, r.values.mac, r.values.name])).toEqual([
      [1, '001565AABB01', 'Reception\nfront'],
      [2, '001565AABB02', 'Ward\r\nnorth'],
      [3, '001565AABB03', 'Office'],
    ])
    expect(result.rows.map((r) => r.problems.map((p) => p.field))).toEqual([[], ['extension'], []])
  })

  it('a broken file gives no rows at all', () => {
    const error = errorOf(() => importCsv({ fileName: 'q.csv', text: 'MAC,Name\n001565AABBCC,"A\n001565AABBCD,B\n', defaults: {} }))
    expect(error.message).toMatch(/^q\.csv: row 1 \(line 2\) has a quote/)
  })
})

describe('a MAC column found by its cells', () => {
  it('a file without a header row', () => {
    const text = '00:15:65:AA:BB:01;Reception;100\n00:15:65:AA:BB:02;Office;101\n'
    const preview = previewCsv('macs.csv', text)
    expect(preview.hasHeader).toBe(false)
    expect(preview.mapping).toEqual({ 'Column 1': 'mac', 'Column 2': 'ignore', 'Column 3': 'ignore' })
    const result = importCsv({
      fileName: 'macs.csv',
      text,
      mapping: { 'Column 1': 'mac', 'Column 2': 'name', 'Column 3': 'extension' },
      defaults: { vendor: 'Snom', model: 'M400' },
    })
    // each row keeps its own cells; the defaults stand in for the empty ones when checked and pushed
    expect(result.rows.map((r) => r.values)).toEqual([
      { mac: '001565AABB01', name: 'Reception', extension: '100' },
      { mac: '001565AABB02', name: 'Office', extension: '101' },
    ])
    expect(result.rows.map((r) => withDefaults(r.values, { vendor: 'Snom', model: 'M400' }))).toEqual([
      { mac: '001565AABB01', name: 'Reception', extension: '100', vendor: 'Snom', model: 'M400' },
      { mac: '001565AABB02', name: 'Office', extension: '101', vendor: 'Snom', model: 'M400' },
    ])
  })

  it('a header the synonyms do not know, unless the user chose otherwise', () => {
    const text = 'Geräte-ID,Name\n0015.65aa.bb01,A\n0015.65aa.bb02,B\n'
    expect(previewCsv('g.csv', text).mapping).toEqual({ 'Geräte-ID': 'mac', Name: 'name' })
    expect(previewCsv('g.csv', text, { 'Geräte-ID': 'ignore' }).mapping).toEqual({ 'Geräte-ID': 'ignore', Name: 'name' })
    expect(importCsv({ fileName: 'g.csv', text, defaults: { vendor: 'Snom', model: 'M400' } }).rows[0]?.values.mac).toBe('001565AABB01')
  })

  it("handset IPUIs or IPEIs, and the PBX's model names, under headers the synonyms do not know", () => {
    const models = [
      { filename: 'yealink_w70b.xml', model: 'W70B', lines: 10, display_name: 'Yealink W70B' },
      { filename: 'snom_m400.xml', model: 'M400', lines: 20, display_name: 'Snom M400' },
    ]
    const text = 'Gerät;Kennung;Typ 2;Telefon\n001565AABB01;00092263DD;w70b;4930123456789\n001565AABB01;00146 0156639 *;W70B;4930123456780\n'
    // a 13-digit phone number is no IPEI (its check digit fails); the model column is known only with a list
    expect(previewCsv('s.csv', text, {}, models).mapping).toEqual({ Gerät: 'mac', Kennung: 'ipui', 'Typ 2': 'model', Telefon: 'ignore' })
    expect(previewCsv('s.csv', text).mapping).toEqual({ Gerät: 'mac', Kennung: 'ipui', 'Typ 2': 'ignore', Telefon: 'ignore' })
    // a remembered choice stands
    expect(previewCsv('s.csv', text, { 'Typ 2': 'ignore' }, models).mapping['Typ 2']).toBe('ignore')
    const imported = importCsv({ fileName: 's.csv', text, defaults: { vendor: 'Yealink' }, models })
    expect(imported.handsets.map((h) => h.values.ipui)).toEqual(['00092263DD', '00092263DF'])
    expect(imported.rows.map((r) => r.values.model)).toEqual(['w70b'])
  })
})
