import Papa from 'papaparse'
import {
  PROFILE_LIST_ALIASES,
  PROFILE_LIST_COLUMNS,
  PROFILE_LIST_MAX_ROWS,
  PROFILE_LIST_REQUIRED,
  type ProfileListColumn,
  type ProfileListPreview,
} from '../../contract/profile-list'
import { ServiceError } from '../errors'

/**
 * A list of PBXs as text → its rows, cell by cell, with papaparse as the DECT import reads
 * spreadsheets (csv-parse.ts): the delimiter guessed from the header row among comma, semicolon and
 * tab, so CSV from any locale and a copy out of a spreadsheet (tabs) read alike; quoted cells;
 * blank rows skipped. The header row names the columns, in any order, by the names of
 * PROFILE_LIST_ALIASES. A list that cannot be read gets one INVALID_INPUT naming the row (or the
 * header) and the column.
 */

export interface ParsedProfileList {
  /** data rows (blank ones skipped), each with its number as the user counts it: 1 = the first row below the header */
  rows: { row: number; cells: Record<ProfileListColumn, string> }[]
  /** header cells that name no column */
  ignoredColumns: string[]
  delimiter: ProfileListPreview['delimiter']
}

const DELIMITERS = { ',': 'comma', ';': 'semicolon', '\t': 'tab' } as const
type Delimiter = keyof typeof DELIMITERS

const fail = (message: string, field: string): ServiceError => new ServiceError('INVALID_INPUT', message, { field })

/** "Base URL", "base_url", "baseUrl" → "baseurl" */
const nameKey = (name: string): string => name.toLowerCase().replace(/[\s_-]+/g, '')

const COLUMN_OF_NAME = new Map<string, ProfileListColumn>(
  PROFILE_LIST_COLUMNS.flatMap((column) => PROFILE_LIST_ALIASES[column].map((alias) => [nameKey(alias), column] as const)),
)

const count = (n: number): string => n.toLocaleString('en-US')

/** The header's columns by index; a column named twice, or a required one missing, is refused. */
function columnsOf(header: readonly string[]): { index: Partial<Record<ProfileListColumn, number>>; ignored: string[] } {
  const index: Partial<Record<ProfileListColumn, number>> = {}
  const ignored: string[] = []
  header.forEach((cell, i) => {
    const name = cell.trim()
    if (name === '') return
    const column = COLUMN_OF_NAME.get(nameKey(name))
    if (column === undefined) {
      ignored.push(name)
      return
    }
    const before = index[column]
    if (before !== undefined) {
      throw fail(
        `The header row names the ${column} twice (column ${before + 1}, “${(header[before] ?? '').trim()}”, and column ${i + 1}, “${name}”): keep one of them.`,
        column,
      )
    }
    index[column] = i
  })
  const missing = PROFILE_LIST_REQUIRED.filter((column) => index[column] === undefined)
  // a list pasted without its header: its first PBX would be read as column names
  if (Object.keys(index).length === 0) {
    throw fail(`The first row must name the columns, e.g. ${PROFILE_LIST_COLUMNS.join(', ')}; it names none of them. Add a header row above the PBXs.`, 'label')
  }
  if (missing.length > 0) {
    const names = missing.map((column) => `${column} column (or ${PROFILE_LIST_ALIASES[column].filter((alias) => alias !== column).slice(0, 2).join(' or ')})`)
    throw fail(`The header row has no ${names.join(' and no ')}: add ${missing.length === 1 ? 'it' : 'them'}, with a value in every row.`, missing[0] as string)
  }
  return { index, ignored }
}

export function parseProfileList(input: string): ParsedProfileList {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input
  if (text.trim() === '') throw fail('The list is empty: paste a header row (label, address, user, …) and one row per PBX below it.', 'text')

  // the header row decides the delimiter (its names hold no comma or semicolon; a tags cell below may)
  const guessed = Papa.parse<string[]>(text, { delimitersToGuess: Object.keys(DELIMITERS), skipEmptyLines: 'greedy', preview: 1 }).meta.delimiter
  const delimiter: Delimiter = guessed in DELIMITERS ? (guessed as Delimiter) : ','
  const result = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: 'greedy' })

  const quote = result.errors.find((error) => error.type === 'Quotes')
  if (quote) {
    const where = quote.row === undefined || quote.row === 0 ? 'The header row' : `Row ${quote.row}`
    throw fail(
      quote.code === 'InvalidQuotes'
        ? `${where} has a quoted cell with text after its closing quote (like "abc"def): put the whole cell in quotes and double the quotes inside it.`
        : `${where} has a quote (") that is never closed, so the rest of the list would be one cell: close or remove it.`,
      'text',
    )
  }

  const [header, ...data] = result.data
  if (!header) throw fail('The list is empty: paste a header row (label, address, user, …) and one row per PBX below it.', 'text')
  const { index, ignored } = columnsOf(header)
  if (data.length === 0) throw fail('The list has a header row but no PBX: add one row per PBX below it.', 'text')
  if (data.length > PROFILE_LIST_MAX_ROWS) {
    throw fail(
      `The list has ${count(data.length)} rows; at most ${count(PROFILE_LIST_MAX_ROWS)} PBXs are added at once, so row ${count(PROFILE_LIST_MAX_ROWS + 1)} on would be left out. Split the list into parts of at most ${count(PROFILE_LIST_MAX_ROWS)} rows and add each.`,
      'text',
    )
  }

  const rows = data.map((cells, i) => ({
    row: i + 1,
    cells: Object.fromEntries(
      PROFILE_LIST_COLUMNS.map((column) => {
        const at = index[column]
        return [column, at === undefined ? '' : (cells[at] ?? '').trim()]
      }),
    ) as Record<ProfileListColumn, string>,
  }))
  return { rows, ignoredColumns: ignored, delimiter: DELIMITERS[delimiter] }
}
