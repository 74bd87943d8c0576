import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BatchSchema, type Batch } from '../../../electron/contract/dect'
import { createBatchStore } from '../../../electron/services/dect/batch-store'
import { ServiceError } from '../../../electron/services/errors'
import { fuzzTempDir, fuzzTest } from './fuzz-settings'
import { damage, damaged, fieldChanged } from './file-damage'

/**
 * A batch file (batches/<id>.json, services/dect/batch-store.ts) damaged on disk: cut short,
 * bytes changed, a field given any JSON value, any JSON in its place. Reading it, one batch or
 * the list, answers a valid batch, or an error that names the file; the file's bytes are the
 * same after the read, and nothing else is thrown. (Only the public reading path: `get` and
 * `list`; how damaged files are listed is another matter.)
 */

let dataDir: string
let batch: Batch
let file: string
/** the batch file as the store writes it: rows with problems and outcomes, handsets, unicode */
let valid: Buffer

beforeAll(async () => {
  dataDir = fuzzTempDir('fuzz-batches-')
  const store = createBatchStore(dataDir, () => new Date('2026-11-25T10:00:00.000Z'))
  const created = await store.create({
    name: 'Zürich “Süd” 日本',
    source: 'site.csv',
    defaults: { vendor: 'Yealink', model: 'W80B' },
    rows: [
      { row: 1, values: { name: 'Empfang', mac: '001565000001', extension: '1001' }, problems: [] },
      { row: 2, values: { name: 'Lager', mac: '001565000002', codecs: ['G722', 'PCMA'], https: true }, problems: [{ field: 'extension', message: 'extension is missing', severity: 'warning' }] },
      { row: 3, values: { name: 'Büro\nzwei', mac: '00:15:65', rps: false }, problems: [{ field: 'mac', message: 'MAC 00:15:65 has 6 of 12 hex digits', severity: 'error' }] },
    ],
    handsets: [
      { row: 1, values: { base_mac: '001565000001', ipui: '00092263DD', extension: '1001', handset_index: '1', name: 'Anna' }, problems: [] },
      { row: 2, values: { ipui: '0E70000000', name: 'Ben' }, problems: [] },
    ],
  })
  batch = await store.update(created.id, (b) => {
    b.status = 'partly_failed'
    b.rows[0]!.outcome = { state: 'created', phoneId: '17', url: 'https://pbx.example/prov/001565000001', at: '2026-11-25T10:00:01.000Z' }
    b.rows[1]!.outcome = { state: 'failed', error: 'the PBX said: "MAC already in use"', at: '2026-11-25T10:00:02.000Z' }
    b.handsets[0]!.outcome = { state: 'enrolled', baseMac: '001565000001', handsetIndex: 1 }
  })
  file = store.fileOf(batch.id)
  valid = readFileSync(file)
})
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

// --- damage -----------------------------------------------------------------------------------

/** the valid file with one field (at any depth) replaced by any JSON value, or taken out */
const changedField = fieldChanged(() => valid, [2, 0, -1, 1.5, '1', null, 'other-id'])

const damagedFile = fc.oneof(
  { weight: 4, arbitrary: fc.array(damage, { minLength: 1, maxLength: 4 }).map((changes) => damaged(valid, changes)) },
  { weight: 3, arbitrary: changedField },
  // the version as text JSON.parse reads in its own way (1e400 is Infinity, 1.0 is 1)
  { weight: 1, arbitrary: fc.constantFrom('1e400', '-1e400', '2', '1.0', '1E0', '-0', '0.9999999999999999999', '"1"', 'null', '[1]').map((v) => Buffer.from(valid.toString('utf8').replace(/"version":\s*1/, `"version":${v}`))) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => Buffer.from(JSON.stringify(value) ?? '')) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)) },
)

// --- the property -----------------------------------------------------------------------------

/** the batches folder holds the one file, and nothing was written beside it */
const folderNames = () => readdirSync(join(dataDir, 'batches')).sort()

async function checkRead(bytes: Buffer): Promise<void> {
  writeFileSync(file, bytes)
  const store = createBatchStore(dataDir)
  let read: Batch | undefined
  try {
    read = await store.get(batch.id)
  } catch (error) {
    expect(error).toBeInstanceOf(ServiceError)
    expect((error as ServiceError).message).toContain(file)
  }
  if (read !== undefined) {
    expect(BatchSchema.safeParse(read).success).toBe(true)
    expect(read.id).toBe(batch.id)
  }
  expect(readFileSync(file).equals(bytes)).toBe(true)

  // the list (of another store: nothing read before) agrees: the batch is in it when it reads
  const listed = await createBatchStore(dataDir).list()
  expect(listed.map((summary) => summary.id)).toEqual(read === undefined ? [] : [batch.id])
  expect(readFileSync(file).equals(bytes)).toBe(true)
  expect(folderNames()).toEqual([`${batch.id}.json`])
}

describe('fuzz: a batch file', () => {
  // the fixture the damage starts from: if it did not read, every case below would be "damaged"
  it('the file as the store wrote it reads back, unchanged', async () => {
    await checkRead(valid)
    expect(await createBatchStore(dataDir).get(batch.id)).toEqual(batch)
  })

  fuzzTest('cut, bytes changed, a field of any value, any JSON: a valid batch or an error naming the file; the file unchanged', () =>
    fc.asyncProperty(damagedFile, checkRead), 5,
  )
})
