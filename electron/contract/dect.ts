import { z } from 'zod'
import { BATCH_STATUSES, batchStateOf, BatchStateSchema } from './batch-state'
import { HandsetRowSchema, isHandsetOnPbx } from './dect-handsets'
import { RetirementSchema, RetiringSchema } from './dect-retire'
import { DECT_INTERFACES, DECT_LANGUAGES, TRANSPORTS } from './pbx'
import { MAX_CSV_FILE_BYTES } from './plain-rules'
import { RowProblemSchema } from './row-problem'

/**
 * DECT batches: phones prepared from a spreadsheet or a barcode scanner, saved on disk as soon as
 * they exist, validated without a PBX, pushed to a PBX later (seed 2.7 and 4.6 for the fields).
 * Phone passwords (password, user_password, engineer_password) never go into a batch file: batch
 * defaults that carry them keep them in the OS keychain.
 */

/** The fields a batch row can hold: the DECT phone's create fields without passwords, plus the extension printed on labels. */
export const BATCH_FIELDS = [
  'name',
  'mac',
  'extension',
  'vendor',
  'model',
  'template',
  'language',
  'handset_language',
  'timezone',
  'region',
  'tone',
  'interface',
  'preferred_transport',
  'codecs',
  'rps',
  'https',
] as const
export type BatchField = (typeof BATCH_FIELDS)[number]

/**
 * A row's values: as entered (trimmed, MAC normalised), with empty cells filled from the batch
 * defaults at import. Checked, not trusted.
 */
export const BatchRowValuesSchema = z.object({
  name: z.string().optional(),
  mac: z.string().optional(),
  extension: z.string().optional(),
  vendor: z.string().optional(),
  model: z.string().optional(),
  template: z.string().optional(),
  language: z.string().optional(),
  handset_language: z.string().optional(),
  timezone: z.string().optional(),
  region: z.string().optional(),
  tone: z.string().optional(),
  interface: z.string().optional(),
  preferred_transport: z.string().optional(),
  /** codec names in priority order */
  codecs: z.array(z.string()).optional(),
  rps: z.boolean().optional(),
  https: z.boolean().optional(),
})
export type BatchRowValues = z.infer<typeof BatchRowValuesSchema>

/** Values every row of a batch gets where its own cell is empty. */
export const BatchDefaultsSchema = z.strictObject({
  vendor: z.string().optional(),
  model: z.string().optional(),
  template: z.string().optional(),
  language: z.enum(DECT_LANGUAGES).optional(),
  handset_language: z.enum(DECT_LANGUAGES).optional(),
  timezone: z.string().max(64).optional(),
  region: z.string().max(64).optional(),
  tone: z.string().max(64).optional(),
  interface: z.enum(DECT_INTERFACES).optional(),
  preferred_transport: z.enum(TRANSPORTS).optional(),
  codecs: z.array(z.string().min(1)).optional(),
  rps: z.boolean().optional(),
  https: z.boolean().optional(),
})
export type BatchDefaults = z.infer<typeof BatchDefaultsSchema>

export { RowProblemSchema, type RowProblem } from './row-problem'

/** `retired`: deleted on the PBX by a retire (dect-retire.ts): never pushed again */
export const ROW_STATES = ['pending', 'created', 'matched', 'failed', 'retired'] as const
export type RowState = (typeof ROW_STATES)[number]

/** What happened to a row on the PBX, saved as it happens. */
export const RowOutcomeSchema = z.object({
  state: z.enum(ROW_STATES),
  /** the phone's id on the PBX (created, or matched by MAC) */
  phoneId: z.string().optional(),
  /** the phone's auto-provisioning URL, read after the push */
  url: z.string().optional(),
  /** the PBX's error for a failed row */
  error: z.string().optional(),
  at: z.string().optional(),
})
export type RowOutcome = z.infer<typeof RowOutcomeSchema>

export const BatchRowSchema = z.object({
  /** stable id of the row inside the batch */
  id: z.string(),
  /** the data row of the source file (1 = the first row after the header, blank lines not counted), or the scan number */
  row: z.int().min(1),
  values: BatchRowValuesSchema,
  problems: z.array(RowProblemSchema),
  outcome: RowOutcomeSchema,
})
export type BatchRow = z.infer<typeof BatchRowSchema>

export { BATCH_STATUSES, type BatchStatus } from './batch-state'

export const PUSH_CONCURRENCY = { min: 1, max: 16, default: 4 } as const

export const BatchSchema = z.object({
  version: z.literal(1),
  id: z.string(),
  name: z.string().min(1).max(120),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** where the rows came from: a file name, or "scanned" */
  source: z.string(),
  /** the saved PBX chosen at push time; null while prepared offline */
  targetProfileId: z.string().nullable(),
  defaults: BatchDefaultsSchema,
  rows: z.array(BatchRowSchema),
  /** the handsets to enrol on the batch's bases (none in a batch of bases alone, or one written before handsets) */
  handsets: z.array(HandsetRowSchema).default([]),
  status: z.enum(BATCH_STATUSES),
  concurrency: z.int().min(PUSH_CONCURRENCY.min).max(PUSH_CONCURRENCY.max),
  /** a retire saved before its writes to the PBX, not finished yet (absent: none under way) */
  retiring: RetiringSchema.optional(),
  /** what retires took off the PBX, a base a step, oldest first (absent: nothing retired) */
  retirements: z.array(RetirementSchema).optional(),
})
export type Batch = z.infer<typeof BatchSchema>

/** A batch in the batches list. */
export const BatchSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  source: z.string(),
  status: z.enum(BATCH_STATUSES),
  targetProfileId: z.string().nullable(),
  updatedAt: z.string(),
  counts: z.object({
    rows: z.int(),
    withErrors: z.int(),
    created: z.int(),
    matched: z.int(),
    failed: z.int(),
    pending: z.int(),
    /** the batch's handsets, and how many of them are on the PBX (enrolled or matched) */
    handsets: z.int().optional(),
    handsetsOnPbx: z.int().optional(),
  }),
  /** where the batch stands, its rows and handsets by state (batch-state.ts): what the list shows */
  state: BatchStateSchema,
})
export type BatchSummary = z.infer<typeof BatchSummarySchema>

/**
 * A batch file in the batches folder that cannot be read (cut short, wrong types, damaged bytes, a
 * newer format): listed beside the batches, never dropped without a word, so the user can see it
 * in its folder, export what still reads, or delete it (it is moved aside, not erased).
 */
export const DamagedBatchSchema = z.object({
  /** the batch's id: its file's name without `.json` */
  id: z.string(),
  /** the file that cannot be read, its name and where it is on this computer */
  fileName: z.string(),
  path: z.string(),
  /** which file is damaged: the batch file, or the outcome journal beside it (its file reads) */
  part: z.enum(['file', 'journal']),
  /** what is wrong, in words ("it is cut short: …", "it was written by a newer PBX Provisioner …") */
  reason: z.string(),
  /** the batch's name, when that much can be read */
  name: z.string().optional(),
  /** the rows and handsets that still read (exportDamagedBatch writes them as CSV); both 0: nothing can be read */
  readable: z.object({ rows: z.int(), handsets: z.int() }),
  bytes: z.int(),
  /** when the file was last written (ISO 8601) */
  modifiedAt: z.string(),
})
export type DamagedBatch = z.infer<typeof DamagedBatchSchema>

/**
 * What still reads of a damaged batch file: what is wrong with it (as the list says it), and the
 * rows and handsets that pass the contract on their own (the ones its CSV export writes).
 */
export const DamagedBatchPartsSchema = z.object({
  damaged: DamagedBatchSchema,
  rows: z.array(BatchRowSchema),
  handsets: z.array(HandsetRowSchema),
})
export type DamagedBatchParts = z.infer<typeof DamagedBatchPartsSchema>

/** How the columns of a spreadsheet map to batch fields (a header → a field, or ignored). */
/**
 * What a column may fill: a base row's field, or a handset's (a spreadsheet with an IPUI column has
 * one row per handset: its MAC column is then the base's, its name and extension the handset's).
 */
export const HANDSET_COLUMNS = ['ipui', 'handset_index', 'base_name'] as const
export const MAPPING_FIELDS = [...BATCH_FIELDS, ...HANDSET_COLUMNS] as const
export type MappingField = (typeof MAPPING_FIELDS)[number]
export const ColumnMappingSchema = z.record(z.string(), z.enum([...MAPPING_FIELDS, 'ignore']))
export type ColumnMapping = z.infer<typeof ColumnMappingSchema>

/** Where a push stands with the handsets: enrolled (written by the push), matched (members already), failed, pending. */
export const HandsetCountsSchema = z.object({
  total: z.int(),
  done: z.int(),
  enrolled: z.int(),
  matched: z.int(),
  failed: z.int(),
  pending: z.int(),
  withErrors: z.int(),
})
export type HandsetCounts = z.infer<typeof HandsetCountsSchema>

/** Where a push stands (the renderer asks for it while a push runs, for the progress bar). */
export const PushProgressSchema = z.object({
  batchId: z.string(),
  status: z.enum(BATCH_STATUSES),
  /** a push of this process is working on the batch (it may be stopping) */
  running: z.boolean(),
  /**
   * true: another process (a command line, another window) is pushing the batch. Then `status` is
   * `pushing` and `running` false (nothing here can pause, cancel or resume that push), the counts
   * are the batch as that push saved it so far, and `startedAt` and `etaMs` are null and `reason`
   * absent (they are that process's).
   */
  elsewhere: z.boolean().optional(),
  /** valid rows: the rows a push handles (rows with errors are not counted) */
  total: z.int(),
  /** created + matched + failed */
  done: z.int(),
  created: z.int(),
  matched: z.int(),
  failed: z.int(),
  /** valid rows still to send */
  pending: z.int(),
  /** rows kept back by an error of their own */
  withErrors: z.int(),
  /** when this push started (ISO), null when none has run in this app session */
  startedAt: z.string().nullable(),
  /** time left from the rate observed, null while unknown */
  etaMs: z.number().nullable(),
  /** why the push stopped by itself (network lost, signed out, ...) or was paused or cancelled */
  reason: z.string().optional(),
  /** the batch's handsets, enrolled as members of its bases after the bases (absent: a push of a version without handsets) */
  handsets: HandsetCountsSchema.optional(),
  /** where the batch stands, its rows and handsets by state (batch-state.ts): what the panel says and offers */
  state: BatchStateSchema,
})
export type PushProgress = z.infer<typeof PushProgressSchema>

/**
 * How a spreadsheet's bytes were read (services/dect/csv-parse.ts `decodeCsv`): UTF-8 with or
 * without a BOM, UTF-16 with its BOM, else Windows-1252 (bytes that are not valid UTF-8).
 */
export const CSV_ENCODINGS = ['utf-8', 'utf-8 with BOM', 'utf-16le', 'utf-16be', 'windows-1252'] as const
export type CsvEncoding = (typeof CSV_ENCODINGS)[number]

/** What a spreadsheet looks like, for the mapping step. */
export const CsvPreviewSchema = z.object({
  fileName: z.string(),
  /** how the file's bytes were read */
  encoding: z.enum(CSV_ENCODINGS),
  /** what the user should check before going on, e.g. "row 7, Name: contains � (U+FFFD): …" */
  warnings: z.array(z.string()),
  headers: z.array(z.string()),
  hasHeader: z.boolean(),
  delimiter: z.string(),
  /** the first rows, cell by cell */
  records: z.array(z.array(z.string())),
  /** guessed from the headers, the last mapping the user confirmed deciding the headers it names */
  mapping: ColumnMappingSchema,
  rowCount: z.int(),
})
export type CsvPreview = z.infer<typeof CsvPreviewSchema>

/** Label stock the sheet is laid out for. */
export const LABEL_SIZE_NAMES = ['a4-21', 'a4-14', 'letter-30', 'roll-89x36'] as const
export type LabelSizeName = (typeof LABEL_SIZE_NAMES)[number]

/**
 * The layout of each label stock, in mm: the page (width, height), the labels' grid, and the QR
 * code's side. The printed sheet (services/dect/labels/) and the preview on screen are drawn from
 * it, so the preview shows what prints. The QR leaves room beside it for a MAC (17 characters at
 * 8 pt).
 */
export const LABEL_LAYOUTS = {
  /** Avery L7160 / 3x7 on A4: 63.5 × 38.1 mm */
  'a4-21': { pageMm: [210, 297], columns: 3, width: 63.5, height: 38.1, marginTop: 15.1, marginLeft: 7.2, gapX: 2.5, gapY: 0, qr: 26 },
  /** Avery L7163 / 2x7 on A4: 99.1 × 38.1 mm */
  'a4-14': { pageMm: [210, 297], columns: 2, width: 99.1, height: 38.1, marginTop: 15.1, marginLeft: 4.7, gapX: 2.5, gapY: 0, qr: 32 },
  /** Avery 5160 / 3x10 on US Letter: 66.7 × 25.4 mm */
  'letter-30': { pageMm: [215.9, 279.4], columns: 3, width: 66.7, height: 25.4, marginTop: 12.7, marginLeft: 4.8, gapX: 3.2, gapY: 0, qr: 22 },
  /** one label per page, 89 × 36 mm (label printer rolls such as DYMO 99012) */
  'roll-89x36': { pageMm: [89, 36], columns: 1, width: 89, height: 36, marginTop: 0, marginLeft: 0, gapX: 0, gapY: 0, qr: 32 },
} as const satisfies Record<LabelSizeName, { pageMm: readonly [number, number]; columns: number; width: number; height: number; marginTop: number; marginLeft: number; gapX: number; gapY: number; qr: number }>

/** The label's text and spacing (pt for type, mm for the rest), the same in print and preview. */
export const LABEL_TEXT = { namePt: 10, detailPt: 8, paddingMm: 1.5, gapMm: 2 } as const

/** One phone's QR code for the site walk and the labels. */
export const PhoneQrSchema = z.object({
  rowId: z.string(),
  row: z.int(),
  name: z.string(),
  mac: z.string(),
  extension: z.string().optional(),
  url: z.string(),
  /** the QR code of `url`, as an SVG document */
  svg: z.string(),
})
export type PhoneQr = z.infer<typeof PhoneQrSchema>

/** The most a CSV may weigh when it crosses to main (the import refuses more than 20 MB itself). */
export const MAX_CSV_TEXT = 25_000_000

// the limit itself is in plain-rules.ts, where the renderer's first screen takes it without zod
export { MAX_CSV_FILE_BYTES }
/** The base64 of a file of `MAX_CSV_FILE_BYTES`: the most a spreadsheet's bytes may be when they cross to main. */
export const MAX_CSV_BASE64 = Math.ceil(MAX_CSV_FILE_BYTES / 3) * 4

/** An error-severity problem keeps a row out of the push. */
/** Empty in a row: no value, a blank text, or an empty codec list (the batch default then applies). */
export const isEmptyValue = (v: unknown): boolean => v === undefined || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0)

/**
 * What a row stands for once the batch defaults fill its empty cells. A row keeps only its own
 * cells, so a default changed later applies to every row that left that cell empty; the check
 * and the push both use this.
 */
export function withDefaults(values: BatchRowValues, defaults: BatchDefaults): BatchRowValues {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(values)) if (!isEmptyValue(value)) out[key] = value
  for (const [key, value] of Object.entries(defaults)) if (out[key] === undefined && !isEmptyValue(value)) out[key] = Array.isArray(value) ? [...value] : value
  return out as BatchRowValues
}

export const rowHasErrors = (row: Pick<BatchRow, 'problems'>): boolean => row.problems.some((p) => p.severity === 'error')
export const rowHasWarnings = (row: Pick<BatchRow, 'problems'>): boolean => row.problems.some((p) => p.severity === 'warning')

/** A MAC as people read it on a handset's sticker: AA:BB:CC:DD:EE:FF (other text is left as typed). */
export function macForPeople(mac: string | undefined): string {
  if (!mac) return ''
  const hex = mac.replace(/[:-]/g, '').toUpperCase()
  return /^[0-9A-F]{12}$/.test(hex) ? (hex.match(/../g) ?? []).join(':') : mac
}

/** A batch's line in the batches list. `pending` counts rows a push would still send; rows with errors are `withErrors`. */
export function summaryOf(batch: Batch): BatchSummary {
  const handsetsOnPbx = batch.handsets.filter(isHandsetOnPbx).length
  const counts = { rows: batch.rows.length, withErrors: 0, created: 0, matched: 0, failed: 0, pending: 0, ...(batch.handsets.length > 0 ? { handsets: batch.handsets.length, handsetsOnPbx } : {}) }
  for (const row of batch.rows) {
    const state = row.outcome.state
    if (state === 'pending') {
      if (rowHasErrors(row)) counts.withErrors++
      else counts.pending++
    } else if (state !== 'retired') counts[state]++
  }
  return {
    id: batch.id,
    name: batch.name,
    source: batch.source,
    status: batch.status,
    targetProfileId: batch.targetProfileId,
    updatedAt: batch.updatedAt,
    counts,
    state: batchStateOf(batch),
  }
}
