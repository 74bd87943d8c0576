import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { withDefaults, type BatchRow, type BatchRowValues } from '../../../electron/contract/dect'
import { ServiceError } from '../../../electron/services/errors'
import { importCsv, readCsvFile, type CsvImport } from '../../../electron/services/dect/csv-import'

/** The fixtures of test/fixtures/csv (see its README), read as the app reads a dropped file. */
const fixture = (name: string): string => fileURLToPath(new URL(`../../fixtures/csv/${name}`, import.meta.url))

/** The import, and each row as it would be pushed: its own cells, the batch defaults in the empty ones. */
async function importFixture(name: string, defaults = {}): Promise<CsvImport & { effective: BatchRowValues[] }> {
  const { fileName, text } = await readCsvFile(fixture(name))
  const result = importCsv({ fileName, text, defaults })
  return { ...result, effective: result.rows.map((r) => withDefaults(r.values, defaults)) }
}

async function errorOf(name: string): Promise<ServiceError> {
  const result = await importFixture(name).then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(result).toBeInstanceOf(ServiceError)
  expect((result as ServiceError).code).toBe('INVALID_INPUT')
  return result as ServiceError
}

const messages = (row: BatchRow): string[] => row.problems.map((p) => `${p.severity}: ${p.message}`)

describe('real-world spreadsheets', () => {
  it('windows-1252-excel.csv: Excel "CSV" on a German Windows (Windows-1252, ;, CRLF, no BOM): Büro Jürgen, € and „“ – read right', async () => {
    const read = await readCsvFile(fixture('windows-1252-excel.csv'))
    expect(read.encoding).toBe('windows-1252')
    const result = await importFixture('windows-1252-excel.csv', { vendor: 'Gigaset', model: 'N670' })
    expect(result.rows.map((r) => r.values.name)).toEqual(['Büro Jürgen', 'Küche', 'Lager „Süd“ – Tor 2', 'Kasse (€)'])
    expect(result.counts).toEqual({ rows: 4, withErrors: 0, handsets: 0, handsetsWithErrors: 0 })
    expect(result.rows.flatMap((r) => r.problems)).toEqual([])
  })

  it.each([
    ['utf-16le-unicode-text.txt', 'utf-16le', ['Büro Jürgen', 'Øyvind Åsen', '山田 太郎']],
    ['utf-16be-bom.csv', 'utf-16be', ['Büro Jürgen', 'Łukasz Żółć']],
  ] as const)('%s: UTF-16 with its BOM', async (name, encoding, names) => {
    expect((await readCsvFile(fixture(name))).encoding).toBe(encoding)
    const result = await importFixture(name, { vendor: 'Gigaset', model: 'N670' })
    expect(result.rows.map((r) => r.values.name)).toEqual(names)
    expect(result.counts.withErrors).toBe(0)
  })

  it('replacement-characters.csv: a name holding U+FFFD (a file once read in the wrong encoding) is pushable, with a warning naming it', async () => {
    const result = await importFixture('replacement-characters.csv', { vendor: 'Gigaset', model: 'N670' })
    expect(result.rows.map(messages)).toEqual([
      [],
      ["warning: name 'B\uFFFDro J\uFFFDrgen' contains \uFFFD (U+FFFD): the file's encoding was not recognised; check the name"],
    ])
    expect(result.counts.withErrors).toBe(0)
  })

  it('excel-semicolon-bom.csv: BOM, semicolons, CRLF, German headers and words', async () => {
    const result = await importFixture('excel-semicolon-bom.csv', { vendor: 'Gigaset', model: 'N670', language: 'ENGLISH' })
    expect(result.delimiter).toBe(';')
    expect(result.headers).toEqual(['MAC-Adresse', 'Name', 'Durchwahl', 'Hersteller', 'Modell', 'Sprache', 'HTTPS'])
    expect(result.mapping).toEqual({
      'MAC-Adresse': 'mac',
      Name: 'name',
      Durchwahl: 'extension',
      Hersteller: 'vendor',
      Modell: 'model',
      Sprache: 'language',
      HTTPS: 'https',
    })
    expect(result.counts).toEqual({ rows: 4, withErrors: 0, handsets: 0, handsetsWithErrors: 0 })
    expect(result.effective).toEqual([
      { mac: '001565A1B201', name: 'Empfang', extension: '100', vendor: 'Yealink', model: 'W70B', language: 'GERMAN', https: true },
      { mac: '001565A1B202', name: 'Büro Müller', extension: '101', vendor: 'Yealink', model: 'W70B', language: 'ENGLISH', https: false },
      { mac: '001565A1B203', name: 'Lager Süd', extension: '102', vendor: 'Yealink', model: 'W80B', language: 'ENGLISH' },
      // empty vendor and model cells: the batch defaults
      { mac: '001565A1B204', name: 'Besprechungsraum „Groß“', extension: '103', vendor: 'Gigaset', model: 'N670', language: 'FRENCH', https: true },
    ])
    expect(result.rows.map((r) => r.row)).toEqual([1, 2, 3, 4])
    for (const row of result.rows) {
      expect(row.outcome).toEqual({ state: 'pending' })
      expect(row.problems).toEqual([])
    }
    expect(new Set(result.rows.map((r) => r.id)).size).toBe(4)
  })

  it('site-a-excel.csv (the end-to-end sheet): three MAC forms read, the cut-short one explained', async () => {
    const result = await importFixture('site-a-excel.csv')
    expect(result.delimiter).toBe(';')
    expect(result.rows.map((r) => r.values.mac)).toEqual(['001565A1B201', '001565A1B202', '00:15:65', '001565A1B204'])
    expect(result.rows.map((r) => r.values.name)).toEqual(['Empfang', 'Büro Müller', 'Lager Süd', 'Besprechung'])
    expect(result.rows.map(messages)).toEqual([[], [], ['error: MAC 00:15:65 has 6 of 12 hex digits'], []])
  })

  it('mixed-mac-forms.csv: every common MAC form normalised, the broken ones explained', async () => {
    const result = await importFixture('mixed-mac-forms.csv', { vendor: 'Yealink' })
    expect(result.rows.map((r) => r.values.mac)).toEqual([
      '001565AABB01',
      '001565AABB02',
      '001565AABB03',
      '001565AABB04',
      '001565AABB05',
      '00:15:65',
      '00:15:65:GG:BB:07',
    ])
    expect(result.rows.slice(0, 5).every((r) => r.problems.length === 0)).toBe(true)
    expect(messages(result.rows[5] as BatchRow)).toEqual(['error: MAC 00:15:65 has 6 of 12 hex digits'])
    expect(messages(result.rows[6] as BatchRow)).toEqual(['error: MAC 00:15:65:GG:BB:07 has a character that is not a hex digit (G)'])
    expect(result.counts).toEqual({ rows: 7, withErrors: 2, handsets: 0, handsetsWithErrors: 0 })
    expect(result.effective[4]).toEqual({ mac: '001565AABB05', name: 'Spaces around', extension: '205', vendor: 'Yealink', model: 'W70B' })
  })

  it('non-ascii-names.csv: names in several scripts come through intact', async () => {
    const result = await importFixture('non-ascii-names.csv', { vendor: 'Snom', model: 'M400' })
    expect(result.rows.map((r) => [r.values.name, r.values.mac, r.values.extension])).toEqual([
      ['Zoë Müller', '001565000001', '301'],
      ['Øyvind Ås', '001565000002', '302'],
      ['山田 太郎', '001565000003', '303'],
      ['Łukasz Żółć', '001565000004', '304'],
      ['Ελένη Παπαδοπούλου', '001565000005', '305'],
      ['Владимир', '001565000006', '306'],
    ])
    expect(result.counts.withErrors).toBe(0)
    expect(result.effective[0]?.vendor).toBe('Snom')
  })

  it('extra-columns.csv: columns the import does not use are ignored', async () => {
    const result = await importFixture('extra-columns.csv')
    expect(result.mapping).toEqual({
      Room: 'ignore',
      MAC: 'mac',
      Name: 'name',
      Floor: 'ignore',
      Extension: 'extension',
      Notes: 'ignore',
      Vendor: 'vendor',
      Model: 'model',
      'Serial number': 'ignore',
    })
    expect(result.effective).toEqual([
      { mac: '7C2F80102001', name: 'Meeting room 1', extension: '401', vendor: 'Gigaset', model: 'N670' },
      { mac: '7C2F80102002', name: 'Meeting room 2', extension: '402', vendor: 'Gigaset', model: 'N670' },
      { mac: '7C2F80102003', name: 'Kitchen', extension: '403', vendor: 'Gigaset', model: 'N870' },
    ])
    expect(result.counts.withErrors).toBe(0)
  })

  it('quoted-commas.csv: commas, doubled quotes and line breaks inside quoted cells', async () => {
    const result = await importFixture('quoted-commas.csv', { vendor: 'Snom', model: 'M400' })
    expect(result.delimiter).toBe(',')
    expect(result.rows.map((r) => [r.values.name, r.values.mac, r.values.extension])).toEqual([
      ['Reception, front desk', '000413AA0001', '500'],
      ['Sales "East"', '000413AA0002', '501'],
      ['Warehouse', '000413AA0003', '502'],
    ])
    expect(result.counts.withErrors).toBe(0)
  })

  it('tab-separated.tsv: tabs, codec lists and friendly enum values', async () => {
    const result = await importFixture('tab-separated.tsv', { https: true })
    expect(result.delimiter).toBe('\t')
    expect(result.effective).toEqual([
      {
        mac: '000413BB0001', name: 'Lab bench 1', extension: '601', vendor: 'Snom', model: 'M400',
        codecs: ['PCMU', 'PCMA'], preferred_transport: 'UDP', interface: 'WEB_DOMAIN', rps: true, https: true,
      },
      {
        mac: '000413BB0002', name: 'Lab bench 2', extension: '602', vendor: 'Snom', model: 'M400',
        codecs: ['G722', 'PCMU'], preferred_transport: 'TLS', interface: 'PUBLIC_IPV4', rps: false, https: true,
      },
      { mac: '000413BB0003', name: 'Lab, spare', extension: '603', vendor: 'Snom', model: 'M900', preferred_transport: 'TCP', https: true },
    ])
    expect(result.counts.withErrors).toBe(0)
  })
})

describe('broken files: one clear error, no rows', () => {
  it.each([
    ['empty.csv', 'empty.csv is empty: there is nothing to import.'],
    ['header-only.csv', 'header-only.csv has a header but no rows: add one row per handset below it.'],
    [
      'binary.csv',
      'binary.csv is not a text file (it looks like a binary file, e.g. an .xlsx or an image). Save the spreadsheet as CSV and import that.',
    ],
    [
      'unbalanced-quotes.csv',
      'unbalanced-quotes.csv: row 3 (line 4) has a quote (") that is never closed, so the rest of the file would be read as one cell. Close or remove that quote, then import again.',
    ],
  ])('%s', async (name, message) => {
    expect((await errorOf(name)).message).toBe(message)
  })

  it('a file that does not exist', async () => {
    expect((await errorOf('missing.csv')).message).toBe('missing.csv could not be opened; check that it still exists.')
  })
})
