import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ServiceError } from '../../../electron/services/errors'
import {
  MAX_CSV_BYTES,
  MAX_CSV_ROWS,
  decodeCsv,
  decodeCsvBytes,
  parseCsv,
  uniqueHeaders,
} from '../../../electron/services/dect/csv-parse'
import { readCsvFile } from '../../../electron/services/dect/csv-import'

/** The ServiceError `f` throws (fails the test when it throws nothing or something else). */
function errorOf(f: () => unknown): ServiceError {
  try {
    f()
  } catch (e) {
    expect(e).toBeInstanceOf(ServiceError)
    return e as ServiceError
  }
  throw new Error('expected a ServiceError, nothing was thrown')
}

describe('parseCsv: what spreadsheets write', () => {
  it('detects comma, semicolon and tab', () => {
    expect(parseCsv('MAC,Name\n001565AABBCC,A\n', 'a.csv').delimiter).toBe(',')
    expect(parseCsv('MAC;Name\n001565AABBCC;A\n', 'a.csv').delimiter).toBe(';')
    expect(parseCsv('MAC\tName\n001565AABBCC\tA\n', 'a.tsv').delimiter).toBe('\t')
  })

  it('keeps commas inside cells of a semicolon file, and semicolons inside a comma file', () => {
    const semi = parseCsv('Name;MAC;Notes\n"Reception, front";001565AABBCC;a, b, c\nBack;001565AABBCD;x, y\n', 'a.csv')
    expect(semi.delimiter).toBe(';')
    expect(semi.records).toEqual([
      ['Reception, front', '001565AABBCC', 'a, b, c'],
      ['Back', '001565AABBCD', 'x, y'],
    ])
    const comma = parseCsv('Name,MAC,Codecs\nA,001565AABBCC,"PCMU;PCMA"\n', 'a.csv')
    expect(comma.delimiter).toBe(',')
    expect(comma.records).toEqual([['A', '001565AABBCC', 'PCMU;PCMA']])
  })

  it('strips a BOM, reads CRLF, LF and CR files alike', () => {
    for (const nl of ['\r\n', '\n', '\r']) {
      const parsed = parseCsv(`\uFEFFMAC;Name${nl}001565AABBCC;Zoë${nl}001565AABBCD;Øyvind${nl}`, 'a.csv')
      expect(parsed.headers).toEqual(['MAC', 'Name'])
      expect(parsed.records).toEqual([
        ['001565AABBCC', 'Zoë'],
        ['001565AABBCD', 'Øyvind'],
      ])
    }
  })

  it('skips blank lines and rows of empty cells, and numbers records by their line in the file', () => {
    const text = 'MAC,Name\n\n001565AABBCC,A\n   \n,,\n"001565AABBCD","two\nlines"\n001565AABBCE,C\n\n'
    const parsed = parseCsv(text, 'a.csv')
    expect(parsed.records).toEqual([
      ['001565AABBCC', 'A'],
      ['001565AABBCD', 'two\nlines'],
      ['001565AABBCE', 'C'],
    ])
    expect(parsed.lines).toEqual([3, 6, 8])
  })

  it('guesses the delimiter with blank lines not counted (a semicolon file with commas in its cells and blank lines between rows)', () => {
    // counted as rows of one cell, the blank lines would make ',' look the more regular
    const parsed = parseCsv('Name;MAC\n\n\n\nSmith, John;001565AABBCC\n\n\n\nDoe, Jane;001565AABBCD\n', 'a.csv')
    expect(parsed.delimiter).toBe(';')
    expect(parsed.records).toEqual([
      ['Smith, John', '001565AABBCC'],
      ['Doe, Jane', '001565AABBCD'],
    ])
    expect(parsed.lines).toEqual([5, 9])
  })

  it('numbers lines of a CRLF file the same way', () => {
    const parsed = parseCsv('MAC;Name\r\n\r\n001565AABBCC;A\r\n001565AABBCD;"B\r\nB"\r\n001565AABBCE;C', 'a.csv')
    expect(parsed.lines).toEqual([3, 4, 6])
  })

  it('reads a CR file (Excel\'s "CSV (Macintosh)") with LF and CRLF inside quoted cells (Alt+Enter) as one row per CR', () => {
    const text = '"Base\nMAC";Name;Note\r001565AABBCC;"Reception\nfront";a\r001565AABBCD;"two\r\nlines";b\r\r001565AABBCE;C;c\r'
    const parsed = parseCsv(text, 'mac.csv')
    expect(parsed.headers).toEqual(['Base\nMAC', 'Name', 'Note'])
    expect(parsed.records).toEqual([
      ['001565AABBCC', 'Reception\nfront', 'a'],
      ['001565AABBCD', 'two\r\nlines', 'b'],
      ['001565AABBCE', 'C', 'c'],
    ])
    // lines as an editor shows them: the header's LF, the cells' LF and CRLF each start one
    expect(parsed.lines).toEqual([3, 5, 8])
  })

  it('a quote inside an unquoted cell (an inch mark) opens no quoted cell when the line break is looked for', () => {
    const parsed = parseCsv('MAC,Screen 5"\r001565AABBCC,"a\nb"\r001565AABBCD,c\r', 'mac.csv')
    expect(parsed.headers).toEqual(['MAC', 'Screen 5"'])
    expect(parsed.records).toEqual([
      ['001565AABBCC', 'a\nb'],
      ['001565AABBCD', 'c'],
    ])
  })

  it('counts a LF inside a cell of a CRLF file (Excel on Windows) as a line, as an editor does', () => {
    const parsed = parseCsv('MAC,Name\r\n001565AABBCC,"a\nb"\r\n001565AABBCD,C\r\n', 'a.csv')
    expect(parsed.records).toEqual([
      ['001565AABBCC', 'a\nb'],
      ['001565AABBCD', 'C'],
    ])
    expect(parsed.lines).toEqual([2, 4])
  })

  it('names empty and repeated headers, and pads short rows', () => {
    const parsed = parseCsv('MAC,,Name,name,Name\n001565AABBCC,x\n', 'a.csv')
    expect(parsed.headers).toEqual(['MAC', 'Column 2', 'Name', 'name (2)', 'Name (3)'])
    expect(parsed.records).toEqual([['001565AABBCC', 'x', '', '', '']])
    expect(uniqueHeaders([' ', 'A', 'a'])).toEqual(['Column 1', 'A', 'a (2)'])
  })

  it('gives cells beyond the header a column of their own ("Column 4")', () => {
    const parsed = parseCsv('MAC,Name,Ext\n001565AABBCC,A,100,spare battery\n001565AABBCD,B,101,,\n', 'a.csv')
    expect(parsed.headers).toEqual(['MAC', 'Name', 'Ext', 'Column 4'])
    expect(parsed.records).toEqual([
      ['001565AABBCC', 'A', '100', 'spare battery'],
      ['001565AABBCD', 'B', '101', ''],
    ])
  })

  it('reads a file without a header row (the first row holds a MAC) as data', () => {
    const parsed = parseCsv('00:15:65:AA:BB:CC;Reception\n00:15:65:AA:BB:CD;Office\n', 'macs.csv')
    expect(parsed.hasHeader).toBe(false)
    expect(parsed.headers).toEqual(['Column 1', 'Column 2'])
    expect(parsed.records).toHaveLength(2)
    expect(parsed.lines).toEqual([1, 2])
  })

  it('reads a one-column file of MACs', () => {
    const parsed = parseCsv('MAC\n001565AABBCC\n001565AABBCD\n', 'a.csv')
    expect(parsed.headers).toEqual(['MAC'])
    expect(parsed.records).toEqual([['001565AABBCC'], ['001565AABBCD']])
  })
})

describe('parseCsv: one clear error for a file that is no batch', () => {
  it.each([
    ['', 'empty.csv is empty: there is nothing to import.'],
    ['\uFEFF', 'empty.csv is empty: there is nothing to import.'],
    ['\r\n\r\n  \n', 'empty.csv is empty: there is nothing to import.'],
    [';;;\r\n;;;\r\n', 'empty.csv is empty: there is nothing to import.'],
  ])('empty: %j', (text, message) => {
    const error = errorOf(() => parseCsv(text, 'empty.csv'))
    expect(error.code).toBe('INVALID_INPUT')
    expect(error.message).toBe(message)
  })

  it('header only', () => {
    expect(errorOf(() => parseCsv('MAC;Name;Extension\r\n\r\n', 'h.csv')).message).toBe(
      'h.csv has a header but no rows: add one row per handset below it.',
    )
  })

  it('binary: NUL bytes, or control characters in the text', () => {
    const message = 'x.csv is not a text file (it looks like a binary file, e.g. an .xlsx or an image). Save the spreadsheet as CSV and import that.'
    expect(errorOf(() => parseCsv('PK\u0003\u0004\u0014\u0000\u0006\u0000', 'x.csv')).message).toBe(message)
    const noisy = Array.from({ length: 400 }, (_, i) => String.fromCharCode(i % 31 === 9 ? 1 : (i * 7) % 31 || 2)).join('')
    expect(errorOf(() => parseCsv(noisy, 'x.csv')).message).toBe(message)
  })

  it('unbalanced quotes name the row and line', () => {
    const error = errorOf(() => parseCsv('Name,MAC\nA,001565AABBCC\n"B,001565AABBCD\nC,001565AABBCE\n', 'q.csv'))
    expect(error.message).toBe(
      'q.csv: row 2 (line 3) has a quote (") that is never closed, so the rest of the file would be read as one cell. Close or remove that quote, then import again.',
    )
  })

  it('an unclosed quote in a CR file with LF inside cells names its row and the line an editor shows', () => {
    const error = errorOf(() => parseCsv('Name,MAC\r"A\nx",001565AABBCC\r"B,001565AABBCD\rC,001565AABBCE\r', 'q.csv'))
    expect(error.message).toMatch(/^q\.csv: row 2 \(line 4\) has a quote \("\) that is never closed/)
  })

  it('text after a closing quote is refused too', () => {
    const error = errorOf(() => parseCsv('Name,MAC\n"A"x,001565AABBCC\n', 'q.csv'))
    expect(error.message).toBe(
      'q.csv: row 1 (line 2) has a quoted cell with text after its closing quote (like "abc"def). Put the whole cell in quotes and double the quotes inside it ("abc""def"), then import again.',
    )
  })

  it(`too many rows: more than ${MAX_CSV_ROWS.toLocaleString('en-US')}`, () => {
    const rows = Array.from({ length: MAX_CSV_ROWS + 1 }, (_, i) => `${(0x1565000000 + i).toString(16).padStart(12, '0')},P${i}`)
    const error = errorOf(() => parseCsv(`MAC,Name\n${rows.join('\n')}\n`, 'big.csv'))
    expect(error.message).toBe('big.csv has 20,001 rows; a batch takes at most 20,000. Split it into smaller files.')
    // exactly the limit is fine
    expect(parseCsv(`MAC,Name\n${rows.slice(1).join('\n')}\n`, 'ok.csv').records).toHaveLength(MAX_CSV_ROWS)
  })
})

describe('a 50 MB file', () => {
  let dir: string
  let path: string
  let text: string

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dect-csv-'))
    path = join(dir, 'huge.csv')
    const row = '00:15:65:AA:BB:CC;Reception, front desk;100;Yealink;W70B\n'
    text = `MAC;Name;Extension;Vendor;Model\n${row.repeat(Math.ceil((50 * 1024 * 1024) / row.length))}`
    await writeFile(path, text)
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('is refused from its size on disk, before it is read', async () => {
    const error = await readCsvFile(path).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(ServiceError)
    expect((error as ServiceError).message).toBe('huge.csv is 50.0 MB; a batch file may be at most 20.0 MB. Split it into smaller files.')
  })

  it('is refused from its size, before it is parsed, when it comes as text', () => {
    expect(errorOf(() => parseCsv(text, 'huge.csv')).message).toBe(
      'huge.csv is 50.0 MB; a batch file may be at most 20.0 MB. Split it into smaller files.',
    )
    expect(errorOf(() => decodeCsvBytes(new Uint8Array(MAX_CSV_BYTES + 1), 'huge.csv')).message).toMatch(/^huge\.csv is 20\.0 MB; a batch file may be at most 20\.0 MB/)
  })
})

describe('decodeCsvBytes', () => {
  it('reads UTF-8 with and without BOM', () => {
    const utf8 = new TextEncoder().encode('Name\nZoë\n')
    expect(decodeCsvBytes(utf8, 'a.csv')).toBe('Name\nZoë\n')
    expect(decodeCsvBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]), 'a.csv')).toBe('Name\nZoë\n')
  })

  it('reads UTF-16 LE with BOM (Excel "Unicode text")', () => {
    const text = 'MAC\tName\n001565AABBCC\tŁukasz\n'
    const bytes = new Uint8Array([0xff, 0xfe, ...Buffer.from(text, 'utf16le')])
    expect(decodeCsvBytes(bytes, 'u.txt')).toBe(text)
  })

  it('reads a file that is not UTF-8 as Windows-1252 (Excel "CSV" on Western Windows)', () => {
    // "Müller;Gruß" in Windows-1252
    const bytes = new Uint8Array([0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72, 0x3b, 0x47, 0x72, 0x75, 0xdf])
    expect(decodeCsvBytes(bytes, 'w.csv')).toBe('Müller;Gruß')
  })

  it('refuses NUL bytes', () => {
    expect(errorOf(() => decodeCsvBytes(new Uint8Array([0x50, 0x4b, 3, 4, 0, 0]), 'x.csv')).message).toMatch(/^x\.csv is not a text file/)
  })
})

describe('decodeCsv: the text and the encoding it was read in', () => {
  const text = 'Name;MAC\r\nBüro Jürgen;00:15:65:AA:BB:CC\r\n'

  it.each([
    ['UTF-8 without BOM', Buffer.from(text, 'utf8'), 'utf-8'],
    ['UTF-8 with BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]), 'utf-8 with BOM'],
    ['UTF-16 LE with BOM', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]), 'utf-16le'],
    ['UTF-16 BE with BOM', Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]), 'utf-16be'],
    ['Windows-1252 (not valid UTF-8)', Buffer.from(text, 'latin1'), 'windows-1252'],
  ] as const)('%s', (_, bytes, encoding) => {
    expect(decodeCsv(bytes, 'a.csv')).toEqual({ text, encoding })
  })

  it('reads the bytes 80-9F as Windows-1252 has them (€ „ “ –), not as Latin-1 control characters', () => {
    const bytes = Buffer.from([0x4b, 0x61, 0x73, 0x73, 0x65, 0x20, 0x80, 0x20, 0x84, 0x53, 0xfc, 0x64, 0x93, 0x20, 0x96])
    expect(decodeCsv(bytes, 'w.csv')).toEqual({ text: 'Kasse € „Süd“ –', encoding: 'windows-1252' })
  })

  it('the whole of 80-9F, as the WHATWG Encoding Standard maps it (not as Node 20.18.3+/22.13+ TextDecoder does, nodejs/node#60888)', () => {
    const bytes = Buffer.from(Array.from({ length: 32 }, (_, i) => 0x80 + i))
    expect(decodeCsv(bytes, 'w.csv').text).toBe('€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ')
  })

  it('a UTF-8 BOM says UTF-8: a byte that is not UTF-8 after it becomes U+FFFD (the rows then say so), not Windows-1252', () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Name\nBüro\n', 'latin1')])
    expect(decodeCsv(bytes, 'b.csv')).toEqual({ text: 'Name\nB\uFFFDro\n', encoding: 'utf-8 with BOM' })
  })

  it('checks the size before decoding', () => {
    expect(errorOf(() => decodeCsv(new Uint8Array(MAX_CSV_BYTES + 1), 'huge.csv')).message).toMatch(/^huge\.csv is 20\.0 MB; a batch file may be at most 20\.0 MB/)
  })
})
