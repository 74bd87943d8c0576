import { batchStateOf } from '@contract/batch-state'
import type { PbxApi } from '@contract/bridge'
import type { Batch, BatchDefaults, BatchField, BatchRow, BatchRowValues, ColumnMapping, CsvEncoding, RowProblem } from '@contract/dect'
import { nextExtension } from '@contract/dect-scan'
import { DECT_LANGUAGES } from '@contract/pbx'
import type { BridgeError, BridgeResult } from '@contract/result'

/**
 * The DECT batch operations of the renderer tests' fake `window.pbx`: batches in memory, a crude
 * CSV reader (lines split on `;`, tab or `,`, no quotes), and a crude row check (MAC digits, MACs
 * twice, extensions, languages). It only has to serve the UI tests; main's real import and
 * validation are tested in test/unit/dect.
 */
export type BatchOperation =
  | 'previewCsv'
  | 'createBatchFromCsv'
  | 'createEmptyBatch'
  | 'listBatches'
  | 'getBatch'
  | 'updateBatch'
  | 'editBatchRows'
  | 'scanMac'
  | 'duplicateBatch'
  | 'deleteBatch'
  | 'exportBatch'
  | 'importBatch'
  | 'checkBatchOnPbx'

export type BatchFakeState = {
  /** newest first, as main lists them */
  batches: Batch[]
  /** the last mapping a batch was created with, by header: the guess of the next preview */
  lastMapping: ColumnMapping
  /** the MACs already on each saved PBX (by profile id), 12 upper-case hex digits */
  pbxMacs: Record<string, string[]>
}

/** A spreadsheet's text as main reads it, crudely: its bytes (base64) as UTF-8, else Windows-1252. */
function textOf(base64: string): { text: string; encoding: CsvEncoding } {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' }
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' }
  }
}

const ok = <T>(value: T): BridgeResult<T> => ({ ok: true, value })
const fail = (code: BridgeError['code'], message: string, more: Partial<BridgeError> = {}): BridgeResult<never> => ({
  ok: false,
  error: { code, message, ...more },
})

const GUESSES: Record<string, BatchField> = {
  mac: 'mac',
  macaddress: 'mac',
  macadresse: 'mac',
  name: 'name',
  handset: 'name',
  displayname: 'name',
  extension: 'extension',
  ext: 'extension',
  durchwahl: 'extension',
  vendor: 'vendor',
  manufacturer: 'vendor',
  model: 'model',
  language: 'language',
  template: 'template',
}
const key = (header: string): string => header.toLowerCase().replace(/[^a-z0-9]/g, '')

/** A new batch row as a sample for tests: values as given, no problems, pending. */
export function sampleRow(row: number, values: BatchRowValues, problems: RowProblem[] = []): BatchRow {
  return { id: `r${row}`, row, values, problems, outcome: { state: 'pending' } }
}

/** A batch with every field filled; pass what differs. */
export function sampleBatch(more: Partial<Batch> & Pick<Batch, 'id' | 'name'>): Batch {
  return {
    version: 1,
    createdAt: '2025-03-01T08:00:00.000Z',
    updatedAt: '2025-03-01T08:00:00.000Z',
    source: 'handsets.csv',
    targetProfileId: null,
    defaults: {},
    rows: [],
    handsets: [],
    status: 'draft',
    concurrency: 4,
    ...more,
  }
}

export function createBatchFakes(initial: Partial<BatchFakeState> = {}): { state: BatchFakeState; operations: Pick<PbxApi, BatchOperation> } {
  const state: BatchFakeState = {
    batches: structuredClone(initial.batches ?? []),
    lastMapping: { ...initial.lastMapping },
    pbxMacs: { ...initial.pbxMacs },
  }
  let nextId = 1
  const now = () => new Date().toISOString()
  const find = (batchId: string) => state.batches.find((batch) => batch.id === batchId)
  const notFound = () => fail('NOT_FOUND', 'This batch no longer exists on this computer. Reload the list.')
  const copy = (batch: Batch) => ok(structuredClone(batch))

  function parse(text: string): { headers: string[]; records: string[][]; hasHeader: boolean; delimiter: string } | BridgeResult<never> {
    if (text.trim() === '') return fail('INVALID_INPUT', 'The file is empty: there is no row to import.', { field: 'text' })
    if (text.includes('\u0000')) return fail('INVALID_INPUT', 'The file is not a spreadsheet saved as text (it holds binary data).', { field: 'text' })
    const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/).filter((line) => line.trim() !== '')
    const first = lines[0] ?? ''
    const delimiter = first.includes(';') ? ';' : first.includes('\t') ? '\t' : ','
    const cells = lines.map((line) => line.split(delimiter).map((cell) => cell.trim()))
    const hasHeader = !(cells[0] ?? []).some((cell) => /^[0-9A-Fa-f]{2}([:-]?[0-9A-Fa-f]{2}){5}$/.test(cell))
    const width = Math.max(...cells.map((row) => row.length))
    const headers = hasHeader ? (cells[0] ?? []) : Array.from({ length: width }, (_, i) => `Column ${i + 1}`)
    return { headers, records: hasHeader ? cells.slice(1) : cells, hasHeader, delimiter }
  }

  function guess(headers: string[]): ColumnMapping {
    const mapping: ColumnMapping = {}
    const taken = new Set<string>()
    for (const header of headers) {
      const field = state.lastMapping[header] ?? GUESSES[key(header)] ?? 'ignore'
      mapping[header] = field !== 'ignore' && taken.has(field) ? 'ignore' : field
      taken.add(field)
    }
    return mapping
  }

  /** The values of a row, empty cells filled from the defaults, the MAC normalised when it is one. */
  function fill(values: BatchRowValues, defaults: BatchDefaults): BatchRowValues {
    const filled: BatchRowValues = { ...values }
    for (const [field, value] of Object.entries(defaults) as [keyof BatchDefaults, never][]) {
      const current = filled[field]
      if (current === undefined || current === '') filled[field] = value
    }
    const mac = filled.mac?.trim() ?? ''
    if (/^[0-9A-Fa-f]{2}([:-]?[0-9A-Fa-f]{2}){5}$/.test(mac)) filled.mac = mac.replace(/[:-]/g, '').toUpperCase()
    return filled
  }

  function problemsOf(values: BatchRowValues): RowProblem[] {
    const problems: RowProblem[] = []
    const mac = values.mac?.trim() ?? ''
    if (mac === '') problems.push({ field: 'mac', message: 'MAC is missing', severity: 'error' })
    else if (!/^[0-9A-F]{12}$/.test(mac)) {
      const digits = mac.replace(/[^0-9A-Fa-f]/g, '').length
      problems.push({ field: 'mac', message: `MAC ${mac} has ${digits} of 12 hex digits`, severity: 'error' })
    }
    if (values.extension && !/^[0-9*#+]+$/.test(values.extension)) {
      problems.push({ field: 'extension', message: `extension '${values.extension}' is not a phone extension (digits, * # and + only); it is printed on the label as it is`, severity: 'warning' })
    }
    if (values.language && !(DECT_LANGUAGES as readonly string[]).includes(values.language)) {
      problems.push({ field: 'language', message: `language '${values.language}' is not one of the PBX's languages`, severity: 'error' })
    }
    return problems
  }

  /** Every row checked again, then MACs in more than one row flagged; the PBX's MACs when given. */
  function check(rows: BatchRow[], defaults: BatchDefaults, onPbx: readonly string[] = []): BatchRow[] {
    const checked = rows.map((row) => {
      const values = fill(row.values, defaults)
      return { ...row, values, problems: problemsOf(values) }
    })
    const byMac = new Map<string, number[]>()
    for (const row of checked) if (row.values.mac && /^[0-9A-F]{12}$/.test(row.values.mac)) byMac.set(row.values.mac, [...(byMac.get(row.values.mac) ?? []), row.row])
    for (const row of checked) {
      const mac = row.values.mac ?? ''
      const others = (byMac.get(mac) ?? []).filter((n) => n !== row.row)
      if (others.length > 0) {
        row.problems.push({ field: 'mac', message: `MAC ${mac} is also in row${others.length > 1 ? 's' : ''} ${others.join(', ')}`, severity: 'error' })
      }
      if (onPbx.includes(mac)) {
        row.problems.push({ field: 'mac', message: `MAC ${mac} is already on the PBX: the push will match it, not create it`, severity: 'warning' })
      }
    }
    return checked
  }

  function save(batch: Batch): BridgeResult<Batch> {
    batch.updatedAt = now()
    state.batches = [batch, ...state.batches.filter((other) => other.id !== batch.id)]
    return copy(batch)
  }

  function newBatch(name: string, source: string, defaults: BatchDefaults, rows: BatchRow[]): Batch {
    return sampleBatch({ id: `b-new-${nextId++}`, name: name.trim(), source, defaults, rows: check(rows, defaults), createdAt: now(), updatedAt: now() })
  }

  const operations: Pick<PbxApi, BatchOperation> = {
    previewCsv: async ({ fileName, base64 }) => {
      const { text, encoding } = textOf(base64)
      const parsed = parse(text)
      if ('ok' in parsed) return parsed
      return ok({
        fileName,
        encoding,
        warnings: [],
        headers: parsed.headers,
        hasHeader: parsed.hasHeader,
        delimiter: parsed.delimiter,
        records: parsed.records.slice(0, 20),
        mapping: guess(parsed.headers),
        rowCount: parsed.records.length,
      })
    },
    createBatchFromCsv: async ({ name, fileName, base64, mapping, defaults }) => {
      const parsed = parse(textOf(base64).text)
      if ('ok' in parsed) return parsed
      const rows = parsed.records.map((record, index) => {
        const values: Record<string, string> = {}
        parsed.headers.forEach((header, column) => {
          const field = mapping[header]
          if (field && field !== 'ignore' && record[column]) values[field] = record[column]
        })
        return sampleRow(index + 1, values as BatchRowValues)
      })
      state.lastMapping = { ...state.lastMapping, ...mapping }
      return save(newBatch(name, fileName, defaults, rows))
    },
    createEmptyBatch: async ({ name, defaults }) => save(newBatch(name, 'scanned', defaults, [])),
    listBatches: async () =>
      ok(
        state.batches.map((batch) => {
          const counts = { rows: batch.rows.length, withErrors: 0, created: 0, matched: 0, failed: 0, pending: 0 }
          for (const row of batch.rows) {
            if (row.problems.some((p) => p.severity === 'error')) counts.withErrors++
            if (row.outcome.state !== 'retired') counts[row.outcome.state]++
          }
          const { id, name, source, status, targetProfileId, updatedAt } = batch
          return { id, name, source, status, targetProfileId, updatedAt, counts, state: batchStateOf(batch) }
        }),
      ),
    getBatch: async ({ batchId }) => {
      const batch = find(batchId)
      return batch ? copy(batch) : notFound()
    },
    updateBatch: async ({ batchId, name, defaults, concurrency }) => {
      const batch = find(batchId)
      if (!batch) return notFound()
      if (name !== undefined) {
        if (name.trim() === '') return fail('INVALID_INPUT', 'name: enter a name for the batch', { field: 'name' })
        batch.name = name.trim()
      }
      if (concurrency !== undefined) batch.concurrency = concurrency
      if (defaults !== undefined) {
        batch.defaults = defaults
        batch.rows = check(batch.rows, defaults)
      }
      return save(batch)
    },
    editBatchRows: async ({ batchId, edits = [], add = [], remove = [] }) => {
      const batch = find(batchId)
      if (!batch) return notFound()
      const changes = new Map(edits.map((edit) => [edit.rowId, edit.values]))
      let next = 1 + batch.rows.reduce((max, row) => Math.max(max, row.row), 0)
      const rows = batch.rows
        .filter((row) => !remove.includes(row.id))
        .map((row) => (changes.has(row.id) ? { ...row, values: { ...row.values, ...changes.get(row.id) } } : row))
        .concat(add.map((values) => sampleRow(next++, values)))
      batch.rows = check(rows, batch.defaults)
      return save(batch)
    },
    scanMac: async ({ batchId, mac, namePattern = 'Handset {n}', model, extensionStart }) => {
      const batch = find(batchId)
      if (!batch) return notFound()
      const digits = mac.replace(/[:\-. ]/g, '')
      if (!/^[0-9A-Fa-f]{12}$/.test(digits)) {
        const count = digits.replace(/[^0-9A-Fa-f]/g, '').length
        return fail('INVALID_INPUT', `mac: MAC ${mac.trim()} has ${count} of 12 hex digits`, { field: 'mac' })
      }
      const normal = digits.toUpperCase()
      const number = 1 + batch.rows.reduce((max, row) => Math.max(max, row.row), 0)
      const duplicateOfRow = batch.rows.find((row) => row.values.mac === normal)?.row
      const cells: BatchRowValues = { mac: normal, name: namePattern.replaceAll('{n}', String(number)), ...model }
      if (extensionStart !== undefined) cells.extension = nextExtension(extensionStart, batch.rows.map((row) => row.values.extension))
      const row = sampleRow(number, cells)
      batch.rows = check([...batch.rows, row], batch.defaults)
      const saved = save(batch)
      if (!saved.ok) return saved
      return ok(duplicateOfRow === undefined ? { batch: saved.value, rowId: row.id } : { batch: saved.value, rowId: row.id, duplicateOfRow })
    },
    duplicateBatch: async ({ batchId }) => {
      const batch = find(batchId)
      if (!batch) return notFound()
      const twin: Batch = { ...structuredClone(batch), id: `b-copy-${nextId++}`, name: `${batch.name} (copy)`, status: 'draft', targetProfileId: null }
      twin.rows = twin.rows.map((row) => ({ ...row, outcome: { state: 'pending' } }))
      return save(twin)
    },
    deleteBatch: async ({ batchId }) => {
      if (!find(batchId)) return notFound()
      state.batches = state.batches.filter((batch) => batch.id !== batchId)
      return ok({ deleted: true as const })
    },
    exportBatch: async ({ batchId }) => {
      const batch = find(batchId)
      if (!batch) return notFound()
      const fileName = `${batch.name.replace(/[^\w.-]+/g, '-')}.batch.json`
      return ok({ fileName, json: JSON.stringify({ ...batch, targetProfileId: null }, null, 2) })
    },
    importBatch: async ({ json }) => {
      let document: Batch
      try {
        document = JSON.parse(json) as Batch
      } catch {
        return fail('INVALID_INPUT', 'The file is not JSON: choose a batch file exported from PBX Provisioner.', { field: 'json' })
      }
      if (document?.version !== 1 || !Array.isArray(document.rows)) {
        return fail('INVALID_INPUT', 'The file is not a batch exported from PBX Provisioner.', { field: 'json' })
      }
      return save({ ...document, id: `b-imported-${nextId++}`, targetProfileId: null, status: 'draft' })
    },
    checkBatchOnPbx: async ({ batchId, profileId }) => {
      const batch = find(batchId)
      if (!batch) return notFound()
      batch.rows = check(batch.rows, batch.defaults, state.pbxMacs[profileId] ?? [])
      return save(batch)
    },
  }
  return { state, operations }
}
