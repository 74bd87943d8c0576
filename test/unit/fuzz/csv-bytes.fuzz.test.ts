import { rm } from 'node:fs/promises'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bridge } from '../../../electron/contract/bridge'
import { BatchRowSchema, BatchRowValuesSchema, CSV_ENCODINGS, CsvPreviewSchema, rowHasErrors, type BatchRow } from '../../../electron/contract/dect'
import { HANDSET_FIELDS, HandsetRowSchema, type HandsetRow } from '../../../electron/contract/dect-handsets'
import type { Services } from '../../../electron/services'
import { dispatch } from '../../../electron/services/bridge/dispatch'
import { importCsv, previewCsv, PREVIEW_RECORDS } from '../../../electron/services/dect/csv-import'
import { decodeCsv, type DecodedCsv } from '../../../electron/services/dect/csv-parse'
import { parseMac } from '../../../electron/services/dect/mac'
import { ServiceError } from '../../../electron/services/errors'
import { testServices } from '../test-services'
import { fuzzTempDir, fuzzTest } from './fuzz-settings'

/**
 * The spreadsheet boundary (services/dect/csv-parse.ts, csv-import.ts and the previewCsv
 * operation): a spreadsheet saved in any encoding the import reads, then cut short, given NUL
 * bytes or changed byte by byte, or bytes of no spreadsheet at all. The answer is a preview (and
 * an import) whose rows are each valid or carry problems naming their field, or one INVALID_INPUT
 * error in words naming the file; never INTERNAL, never an exception of another kind. An
 * undamaged spreadsheet reads back as written.
 */

const FILE = 'site.csv'
/** the fields a problem may name: a base row's, a handset's */
const ROW_FIELDS = new Set<string>(Object.keys(BatchRowValuesSchema.shape))
/** 'row': a handset without a base MAC that no base has room for (handset-placement.ts) */
const HANDSET_FIELD_NAMES = new Set<string>([...HANDSET_FIELDS, 'row'])

// --- a spreadsheet --------------------------------------------------------------------------

const COLUMNS = {
  mac: ['MAC', 'MAC-Adresse', 'mac address', 'Base MAC'],
  name: ['Name', 'Anzeigename', 'Nom'],
  extension: ['Extension', 'Durchwahl', 'Nummer'],
  model: ['Model', 'Modell'],
  ipui: ['IPUI', 'IPEI'],
  note: ['Note', 'Bemerkung', 'Comment'],
} as const
type Column = keyof typeof COLUMNS

/** letters Windows-1252 has (Latin-1 and its 80-9F), and some it has not (written there as "?"); line breaks of every kind (Alt+Enter) */
const NAME_CHARACTERS = [...'abcXYZ 019-_.', 'é', 'ü', 'ß', 'Ø', '€', '“', '”', '„', '…', '–', 'Œ', 'Š', 'ž', 'Ÿ', '™', 'ł', 'Ω', '日', '😀', '"', ',', ';', '\t', '\n', '\r', '\r\n']

const macCell = fc.oneof(
  fc
    .tuple(fc.uint8Array({ minLength: 6, maxLength: 6 }), fc.constantFrom(':', '-', ''))
    .map(([bytes, separator]) => (Buffer.from(bytes).toString('hex').match(/../g) as string[]).join(separator)),
  fc.constantFrom('', '00:15:65', '001565AABBCCDD', 'FF:FF:FF:FF:FF:FF', '1.56512E+09', '00:15:65:АА:BB:CC', 'unknown'),
)
const cellOf: Record<Column, fc.Arbitrary<string>> = {
  mac: macCell,
  name: fc.string({ unit: fc.constantFrom(...NAME_CHARACTERS), minLength: 1, maxLength: 12 }).map((s) => `H ${s}`),
  extension: fc.oneof(fc.integer({ min: 100, max: 99_999 }).map(String), fc.constantFrom('', '12', 'abc', '+49 30 1234')),
  model: fc.constantFrom('', 'W70B', 'W80B', 'M700', 'Unknown 9'),
  ipui: fc.oneof(fc.stringMatching(/^0[0-9A-F]{9}$/), fc.constantFrom('', '00146 0156577 9', '0E70000000', 'junk')),
  note: fc.string({ unit: fc.constantFrom(...NAME_CHARACTERS), maxLength: 10 }),
}

interface Sheet {
  text: string
  rows: number
}

/** one cell as a spreadsheet writes it: quoted when it must be (or when the writer always quotes) */
const cellText = (cell: string, delimiter: string, quoteAll: boolean): string =>
  quoteAll || /["\r\n]/.test(cell) || cell.includes(delimiter) ? `"${cell.replaceAll('"', '""')}"` : cell

const sheet: fc.Arbitrary<Sheet> = fc
  .record({
    extra: fc.subarray(['extension', 'model', 'ipui', 'note'] as Column[]),
    headerPick: fc.nat(),
    delimiter: fc.constantFrom(',', ';', '\t'),
    newline: fc.constantFrom('\r\n', '\n', '\r'),
    quoteAll: fc.boolean(),
    trailingNewline: fc.boolean(),
    count: fc.integer({ min: 1, max: 12 }),
  })
  .chain((shape) => {
    const columns: Column[] = ['mac', 'name', ...shape.extra]
    const row = fc.tuple(...columns.map((c) => cellOf[c]))
    return fc.array(row, { minLength: shape.count, maxLength: shape.count }).map((rows): Sheet => {
      const headers = columns.map((c, i) => COLUMNS[c][(shape.headerPick + i) % COLUMNS[c].length] as string)
      const lines = [headers, ...rows].map((cells) => cells.map((cell) => cellText(cell, shape.delimiter, shape.quoteAll)).join(shape.delimiter))
      return { text: lines.join(shape.newline) + (shape.trailingNewline ? shape.newline : ''), rows: rows.length }
    })
  })

// --- its bytes ------------------------------------------------------------------------------

const ENCODINGS = ['utf-8', 'utf-8 with BOM', 'utf-16le', 'utf-16be', 'windows-1252'] as const
type Encoding = (typeof ENCODINGS)[number]

const WINDOWS_1252 = new Map<string, number>(
  [...'€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ'].map((ch, i) => [ch, 0x80 + i]),
)

/** the text as Windows-1252 can hold it (others become "?"), and its bytes */
function windows1252(text: string): { text: string; bytes: Uint8Array } {
  const kept: string[] = []
  const bytes: number[] = []
  for (const ch of text) {
    const code = ch.codePointAt(0) as number
    const byte = code < 0x80 || (code >= 0xa0 && code <= 0xff) ? code : WINDOWS_1252.get(ch)
    kept.push(byte === undefined ? '?' : ch)
    bytes.push(byte ?? 0x3f)
  }
  return { text: kept.join(''), bytes: Uint8Array.from(bytes) }
}

/** the text a spreadsheet program saves in `encoding`: the text it holds then, and its bytes */
function encode(text: string, encoding: Encoding): { text: string; bytes: Uint8Array } {
  switch (encoding) {
    case 'utf-8':
      return { text, bytes: Buffer.from(text, 'utf8') }
    case 'utf-8 with BOM':
      return { text, bytes: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]) }
    case 'utf-16le':
      return { text, bytes: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]) }
    case 'utf-16be':
      return { text, bytes: Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]) }
    case 'windows-1252':
      return windows1252(text)
  }
}

const isUtf8 = (bytes: Uint8Array): boolean => {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    return true
  } catch {
    return false
  }
}

/** what may happen to a file's bytes on the way: nothing, or damage of one kind or several */
type Damage =
  | { kind: 'cut'; at: number }
  | { kind: 'nul'; at: number; count: number }
  | { kind: 'flip'; at: number; mask: number }
  | { kind: 'set'; at: number; byte: number }
  | { kind: 'drop'; at: number; count: number }

const damage: fc.Arbitrary<Damage> = fc.oneof(
  fc.record({ kind: fc.constant('cut' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('nul' as const), at: fc.nat(), count: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('flip' as const), at: fc.nat(), mask: fc.integer({ min: 1, max: 255 }) }),
  fc.record({ kind: fc.constant('set' as const), at: fc.nat(), byte: fc.integer({ min: 0, max: 255 }) }),
  fc.record({ kind: fc.constant('drop' as const), at: fc.nat(), count: fc.integer({ min: 1, max: 4 }) }),
)

function damaged(bytes: Uint8Array, changes: readonly Damage[]): Uint8Array {
  let out = Uint8Array.from(bytes)
  for (const change of changes) {
    const at = out.length === 0 ? 0 : change.at % (out.length + 1)
    if (change.kind === 'cut') out = out.slice(0, at)
    else if (change.kind === 'nul') out = Uint8Array.from([...out.slice(0, at), ...new Array<number>(change.count).fill(0), ...out.slice(at)])
    else if (change.kind === 'drop') out = Uint8Array.from([...out.slice(0, at), ...out.slice(at + change.count)])
    else if (at < out.length) out[at] = change.kind === 'flip' ? (out[at] as number) ^ change.mask : change.byte
  }
  return out
}

interface CsvBytes {
  sheet: Sheet
  encoding: Encoding
  /** the text the undamaged bytes hold */
  text: string
  bytes: Uint8Array
  intact: boolean
}

const csvBytes: fc.Arbitrary<CsvBytes> = fc.oneof(
  // a spreadsheet, saved, then (mostly) damaged
  { weight: 6, arbitrary: fc
    .record({ sheet, encoding: fc.constantFrom(...ENCODINGS), changes: fc.array(damage, { maxLength: 4 }) })
    .map(({ sheet, encoding, changes }) => {
      const saved = encode(sheet.text, encoding)
      return { sheet, encoding, text: saved.text, bytes: damaged(saved.bytes, changes), intact: changes.length === 0 }
    }) },
  // bytes of no spreadsheet at all, with or without a byte-order mark
  { weight: 1, arbitrary: fc
    .tuple(fc.constantFrom([], [0xef, 0xbb, 0xbf], [0xff, 0xfe], [0xfe, 0xff]), fc.uint8Array({ maxLength: 300 }))
    .map(([bom, body]) => ({ sheet: { text: '', rows: 0 }, encoding: 'utf-8' as const, text: '', bytes: Uint8Array.from([...bom, ...body]), intact: false })) },
)

// --- the checks -----------------------------------------------------------------------------

/** runs `read`: its answer, or the INVALID_INPUT error it threw (anything else fails the case) */
function answerOf<T>(read: () => T): { ok: true; value: T } | { ok: false; error: ServiceError } {
  try {
    return { ok: true, value: read() }
  } catch (error) {
    expect(error).toBeInstanceOf(ServiceError)
    const failure = error as ServiceError
    expect(failure.code).toBe('INVALID_INPUT')
    expect(failure.message.trim()).not.toBe('')
    return { ok: false, error: failure }
  }
}

function checkPreview(preview: ReturnType<typeof previewCsv>): void {
  expect(CsvPreviewSchema.safeParse(preview).success).toBe(true)
  expect(preview.headers.length).toBeGreaterThan(0)
  expect(new Set(preview.headers.map((h) => h.toLowerCase())).size).toBe(preview.headers.length)
  for (const header of preview.headers) expect(header.trim()).not.toBe('')
  expect(preview.rowCount).toBeGreaterThan(0)
  expect(preview.records).toHaveLength(Math.min(preview.rowCount, PREVIEW_RECORDS))
  for (const record of preview.records) expect(record).toHaveLength(preview.headers.length)
  for (const header of Object.keys(preview.mapping)) expect(preview.headers).toContain(header)
}

/** a row (base or handset) is valid, or its problems each name a field of the batch and say what is wrong */
function checkRow(row: BatchRow | HandsetRow, count: number, fields: ReadonlySet<string>): void {
  expect(row.row).toBeGreaterThanOrEqual(1)
  expect(row.row).toBeLessThanOrEqual(count)
  for (const problem of row.problems) {
    expect(fields.has(problem.field), `problem field ${problem.field}`).toBe(true)
    expect(problem.message.trim()).not.toBe('')
  }
}

function checkImport(text: string, rowCount: number): void {
  const imported = answerOf(() => importCsv({ fileName: FILE, text, defaults: {} }))
  expect(imported.ok).toBe(true)
  if (!imported.ok) return
  const { rows, handsets, counts } = imported.value
  expect(counts).toMatchObject({ rows: rows.length, handsets: handsets.length })
  for (const row of rows) {
    expect(BatchRowSchema.safeParse(row).success).toBe(true)
    checkRow(row, rowCount, ROW_FIELDS)
    // a row without errors has a MAC a phone can have
    if (!rowHasErrors(row)) expect(parseMac(row.values.mac ?? '').ok).toBe(true)
  }
  for (const handset of handsets) {
    expect(HandsetRowSchema.safeParse(handset).success).toBe(true)
    checkRow(handset, rowCount, HANDSET_FIELD_NAMES)
  }
  // one row a record, or (with an IPUI column) one handset a record and a row a base
  if (handsets.length === 0) expect(rows).toHaveLength(rowCount)
  else expect(handsets).toHaveLength(rowCount)
}

/** decode, preview and import the bytes, as the app does, in memory */
function checkBytes(input: CsvBytes): void {
  const decoded = answerOf(() => decodeCsv(input.bytes, FILE))
  if (input.intact) expect(decoded.ok).toBe(true)
  if (!decoded.ok) {
    expect(decoded.error.message).toContain(FILE)
    return
  }
  const { text, encoding } = decoded.value as DecodedCsv
  expect(CSV_ENCODINGS).toContain(encoding)
  if (input.intact) {
    // read back as written, in the encoding it was written in; but Windows-1252 bytes that are
    // valid UTF-8 as well (plain ASCII, or "Ø“" = D8 93 = U+0613) are read as UTF-8, as the rule
    // says: the bytes cannot tell the two apart
    const readAsUtf8 = input.encoding === 'windows-1252' && isUtf8(input.bytes)
    expect(text).toBe(readAsUtf8 ? new TextDecoder('utf-8').decode(input.bytes) : input.text)
    expect(encoding).toBe(readAsUtf8 ? 'utf-8' : input.encoding)
  }
  const preview = answerOf(() => previewCsv(FILE, decoded.value))
  if (input.intact) expect(preview.ok).toBe(true)
  if (!preview.ok) {
    expect(preview.error.message).toContain(FILE)
    return
  }
  checkPreview(preview.value)
  if (input.intact) expect(preview.value.rowCount).toBe(input.sheet.rows)
  checkImport(text, preview.value.rowCount)
}

describe('fuzz: spreadsheet bytes', () => {
  it('CR line ends (Excel\'s "CSV (Macintosh)") with a LF inside a quoted cell (Alt+Enter): one row per CR', () => {
    expect(previewCsv(FILE, 'MAC,Name\r001565000001,"a\nb"').rowCount).toBe(1)
  })

  fuzzTest('bytes of a spreadsheet in any encoding, cut, with NULs, flipped: a preview and import of valid or flagged rows, or INVALID_INPUT naming the file', () =>
    fc.property(csvBytes, checkBytes),
  )

  let dir: string
  let services: Services
  beforeAll(async () => {
    dir = fuzzTempDir('fuzz-csv-')
    services = testServices(dir)
  })
  afterAll(async () => {
    await services.dispose()
    await rm(dir, { recursive: true, force: true })
  })

  fuzzTest('the previewCsv operation: a preview, or INVALID_INPUT in words; never INTERNAL', () =>
    fc.asyncProperty(csvBytes, async (input) => {
      const bugs: unknown[] = []
      const result = await dispatch(services.handlers, 'previewCsv', { fileName: FILE, base64: Buffer.from(input.bytes).toString('base64') }, (bug) => bugs.push(bug))
      expect(bugs).toEqual([])
      if (result.ok) {
        expect(bridge.previewCsv.result.safeParse(result.value).success).toBe(true)
        checkPreview(result.value as ReturnType<typeof previewCsv>)
        if (input.intact) expect((result.value as ReturnType<typeof previewCsv>).rowCount).toBe(input.sheet.rows)
      } else {
        expect(result.error.code).toBe('INVALID_INPUT')
        expect(result.error.message.trim()).not.toBe('')
        expect(input.intact).toBe(false)
      }
    }),
  )
})
