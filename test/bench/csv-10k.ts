// Benchmark (a script, not a test): a 10,000-row DECT spreadsheet imported as the app imports it,
// against its libraries alone on the same input, in the same process.
// Goal: `csv_10k_ms` under 300 ms, and at most 2× `csv_10k_bare_ms`. Run: npx tsx test/bench/csv-10k.ts
//
// Input: 10,000 data rows, 6 columns (MAC address, Handset name, Extension, Vendor, Model,
// Language), comma-separated, LF, UTF-8 without BOM, sent as base64 (as the window sends a
// dropped file); MACs in four forms (plain, colons, dashes, Cisco dots), names with accents and
// quoted commas, all rows valid; batch defaults { https: true, interface: WEB_DOMAIN }; the mapping
// the preview guessed (as the user confirms it); the PBX's model list known (3 models, the ones
// the rows name).
//
// - `csv_10k_ms`: what the user waits for in `createBatchFromCsv` before the batch is saved:
//   `csvText` (base64 → bytes → `decodeCsv`) then `importCsv` (papaparse, column mapping, row
//   building against the contract's schema, MAC checks, duplicates, model checks).
// - `csv_10k_bare_ms`: the libraries alone on the same base64: `Buffer.from` + `toString`,
//   papaparse with `header: true` (the headers renamed to the contract's field names once), and
//   the contract's `BatchRowValuesSchema.safeParse` on every row.
// - `csv_10k_ratio`: the first over the second.
// Five warm-up runs of each, then 21 runs of each, interleaved (ours, bare, ours, ...); medians.
import { performance } from 'node:perf_hooks'
import Papa from 'papaparse'
import { BatchRowValuesSchema } from '../../electron/contract/dect'
import type { DectModel } from '../../electron/contract/pbx'
import { csvText, importCsv, previewCsv } from '../../electron/services/dect/csv-import'

const ROWS = 10_000
const WARM_UP = 5
const RUNS = 21
const VENDORS = [
  ['Yealink', 'W70B'],
  ['Snom', 'M400'],
  ['Gigaset', 'N670'],
] as const
const LANGUAGES = ['English', 'GERMAN', 'fr', 'Deutsch', 'SPANISH']
const MODELS: DectModel[] = VENDORS.map(([vendor, model]) => ({ filename: `${model.toLowerCase()}.xml`, model, lines: 20, display_name: `${vendor} ${model}` }))
const DEFAULTS = { https: true, interface: 'WEB_DOMAIN' } as const
const FIELD_OF: Record<string, string> = {
  'MAC address': 'mac',
  'Handset name': 'name',
  Extension: 'extension',
  Vendor: 'vendor',
  Model: 'model',
  Language: 'language',
}

function macOf(i: number): string {
  const hex = (0x001565000000 + i).toString(16).toUpperCase().padStart(12, '0')
  const pairs = hex.match(/../g) as string[]
  switch (i % 4) {
    case 0:
      return hex
    case 1:
      return pairs.join(':').toLowerCase()
    case 2:
      return pairs.join('-')
    default:
      return `${hex.slice(0, 4)}.${hex.slice(4, 8)}.${hex.slice(8)}`.toLowerCase()
  }
}

function generate(): string {
  const lines = ['MAC address,Handset name,Extension,Vendor,Model,Language']
  for (let i = 0; i < ROWS; i++) {
    const [vendor, model] = VENDORS[i % VENDORS.length] as (typeof VENDORS)[number]
    const name = i % 10 === 0 ? `"Room ${i}, Zoë's desk"` : `Handset ${i} Łukasz`
    lines.push([macOf(i), name, String(1000 + i), vendor, model, LANGUAGES[i % LANGUAGES.length]].join(','))
  }
  return `${lines.join('\n')}\n`
}

const fileName = 'bench.csv'
const base64 = Buffer.from(generate(), 'utf8').toString('base64')
const { mapping } = previewCsv(fileName, csvText({ fileName, base64 }), {}, MODELS)

/** ours: as `createBatchFromCsv` does it */
const ours = (): number => {
  const start = performance.now()
  const decoded = csvText({ fileName, base64 })
  const result = importCsv({ fileName, text: decoded.text, mapping, defaults: DEFAULTS, models: MODELS })
  const ms = performance.now() - start
  const warned = result.rows.filter((row) => row.problems.length > 0).length
  if (result.rows.length !== ROWS || warned !== 0) throw new Error(`bench input gave ${result.rows.length} rows, ${warned} with problems`)
  return ms
}

/** the libraries alone */
const bare = (): number => {
  const start = performance.now()
  const text = Buffer.from(base64, 'base64').toString('utf8')
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true, transformHeader: (h) => FIELD_OF[h] ?? h })
  let valid = 0
  for (const row of parsed.data) if (BatchRowValuesSchema.safeParse(row).success) valid++
  const ms = performance.now() - start
  if (valid !== ROWS) throw new Error(`bare pipeline gave ${valid} valid rows`)
  return ms
}

const median = (times: number[]): number => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] as number

const cold = ours()
bare()
for (let i = 1; i < WARM_UP; i++) {
  ours()
  bare()
}
const oursTimes: number[] = []
const bareTimes: number[] = []
for (let i = 0; i < RUNS; i++) {
  oursTimes.push(ours())
  bareTimes.push(bare())
}
const oursMs = median(oursTimes)
const bareMs = median(bareTimes)
console.log(`csv_10k_cold_ms: ${cold.toFixed(1)} ms (first run, includes warm-up)`)
console.log(`csv_10k_ms: ${oursMs.toFixed(1)} ms (10,000 rows, 6 columns: base64 → decode → parse → map → validate)`)
console.log(`csv_10k_bare_ms: ${bareMs.toFixed(1)} ms (the same base64: Buffer decode, papaparse with header, zod safeParse per row)`)
console.log(`csv_10k_ratio: ${(oursMs / bareMs).toFixed(2)} (goal ≤ 2.00)`)
