// Benchmark (a script, not a test): parse + map + validate a 10,000-row DECT spreadsheet.
// Goal: under 300 ms. Run: npx tsx test/bench/csv-10k.ts
//
// Input: 10,000 data rows, 6 columns (MAC address, Handset name, Extension, Vendor, Model,
// Language), comma-separated, LF, MACs in four forms (plain, colons, dashes, Cisco dots), names
// with accents and quoted commas, all rows valid, batch defaults { https: true, interface:
// WEB_DOMAIN }. Measured: `importCsv` (papaparse, column mapping, row building with the
// contract's schema, duplicate check). One warm-up run, then the median of 5 runs is printed.
import { performance } from 'node:perf_hooks'
import { importCsv } from '../../electron/services/dect/csv-import'

const ROWS = 10_000
const VENDORS = [
  ['Yealink', 'W70B'],
  ['Snom', 'M400'],
  ['Gigaset', 'N670'],
] as const
const LANGUAGES = ['English', 'GERMAN', 'fr', 'Deutsch', 'SPANISH']

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

const text = generate()
const run = (): number => {
  const start = performance.now()
  const result = importCsv({ fileName: 'bench.csv', text, defaults: { https: true, interface: 'WEB_DOMAIN' } })
  const ms = performance.now() - start
  if (result.rows.length !== ROWS || result.counts.withErrors !== 0) {
    throw new Error(`bench input gave ${result.rows.length} rows, ${result.counts.withErrors} with errors`)
  }
  return ms
}

const cold = run()
const times = Array.from({ length: 5 }, run).sort((a, b) => a - b)
const median = times[2] as number
console.log(`csv_10k_cold_ms: ${cold.toFixed(1)} ms (first run, includes warm-up)`)
console.log(`csv_10k_ms: ${median.toFixed(1)} ms (10,000 rows, 6 columns, parse + map + validate)`)
