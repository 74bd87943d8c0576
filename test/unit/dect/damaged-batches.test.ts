import { existsSync, readdirSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Batch } from '../../../electron/contract/dect'
import { createBatchStore } from '../../../electron/services/dect/batch-store'
import type { Services } from '../../../electron/services'
import { failure, invoker } from '../invoke'
import { testServices } from '../test-services'
import { makeRows, tempDir } from './push-support'

let dir: string
let cleanup: () => Promise<void>
let services: Services | undefined
beforeEach(async () => {
  ;({ dir, cleanup } = await tempDir())
})
afterEach(async () => {
  await services?.dispose()
  services = undefined
  await cleanup()
})

const batchesDir = () => join(dir, 'batches')
const fileOf = (id: string) => join(batchesDir(), `${id}.json`)

/** a batch of five rows written by the store, as the app writes them (one row a line) */
async function written(name: string): Promise<Batch> {
  return createBatchStore(dir).create({ name, source: `${name}.csv`, rows: makeRows(5) })
}

function open(more: Parameters<typeof testServices>[1] = {}) {
  services = testServices(dir, more)
  return invoker(services.handlers)
}

describe('a batch file that cannot be read', () => {
  it('is listed as damaged, in words, with what still reads, for every kind of damage', async () => {
    const good = await written('Good')
    const cut = await written('Cut short')
    const typed = await written('Wrong types')
    const flipped = await written('Byte flip')
    const newer = await written('Newer')
    const junk = await written('Junk')

    // cut short in the middle of the 4th row (a crash while it was written)
    const cutText = await readFile(fileOf(cut.id), 'utf8')
    const fourth = cutText.split('\n').slice(0, 5).join('\n').length + 20
    await writeFile(fileOf(cut.id), cutText.slice(0, fourth))
    // the JSON reads, one field has the wrong type
    const typedData = JSON.parse(await readFile(fileOf(typed.id), 'utf8')) as { rows: { row: unknown }[] }
    typedData.rows[1]!.row = 'two'
    await writeFile(fileOf(typed.id), JSON.stringify(typedData))
    // the first byte of the 2nd row's line (line 4) changed on the disk into one that is not UTF-8
    const bytes = await readFile(fileOf(flipped.id))
    const first = bytes.indexOf('{"id":"', bytes.indexOf('"rows":['))
    const second = bytes.indexOf('\n{', first) + 1
    bytes[second] = 0xff
    await writeFile(fileOf(flipped.id), bytes)
    // written by a newer version
    const newerData = JSON.parse(await readFile(fileOf(newer.id), 'utf8')) as Record<string, unknown>
    await writeFile(fileOf(newer.id), JSON.stringify({ ...newerData, version: 2 }))
    await writeFile(fileOf(junk.id), 'this is not a batch\n')

    const call = open()
    expect((await call('listBatches')).map((b) => b.id)).toEqual([good.id])
    const damaged = await call('listDamagedBatches')
    const byId = new Map(damaged.map((d) => [d.id, d]))
    expect(damaged).toHaveLength(5)

    expect(byId.get(cut.id)).toMatchObject({
      fileName: `${cut.id}.json`,
      path: fileOf(cut.id),
      part: 'file',
      name: 'Cut short',
      reason: expect.stringMatching(/^it is cut short: it ends after \d+ bytes, in the middle of the batch/),
      readable: { rows: 3, handsets: 0 },
    })
    expect(byId.get(typed.id)).toMatchObject({ reason: 'row 2 in the file, row: must be a whole number', readable: { rows: 4 } })
    expect(byId.get(flipped.id)).toMatchObject({
      reason: expect.stringMatching(/^it is not valid JSON at line 4, column 1: U\+FFFD REPLACEMENT CHARACTER \(bytes that are not UTF-8 text\) was not expected there/),
      readable: { rows: 4 },
    })
    expect(byId.get(newer.id)).toMatchObject({
      reason: 'it was written by a newer PBX Provisioner (batch file version 2; this one reads version 1): open it with that version, or update this one',
      readable: { rows: 5 },
    })
    expect(byId.get(junk.id)).toMatchObject({ reason: expect.stringMatching(/^it is not valid JSON/), readable: { rows: 0, handsets: 0 } })
    expect(byId.get(junk.id)?.name).toBeUndefined()

    // opening one says the same, naming the file
    expect((await failure(call('getBatch', { batchId: cut.id }))).message).toContain(`The batch file ${fileOf(cut.id)} cannot be read (it is cut short`)
  })

  it('exports the rows that still read as CSV, or says nothing can be read', async () => {
    const cut = await written('Site A')
    const junk = await written('Junk')
    const text = await readFile(fileOf(cut.id), 'utf8')
    await writeFile(fileOf(cut.id), text.slice(0, text.split('\n').slice(0, 4).join('\n').length + 10))
    await writeFile(fileOf(junk.id), '\u0000\u0000\u0000')
    const call = open()

    const exported = await call('exportDamagedBatch', { batchId: cut.id })
    expect(exported).toMatchObject({ fileName: 'Site A-readable-rows.csv', rows: 2, handsets: 0 })
    const lines = exported.csv.trim().split('\r\n')
    expect(lines[0]).toBe('kind,row,mac,name,extension,id,url,state,outcome,error,ipui,base_mac,handset_index')
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 4).join(','))).toEqual(['base,1,001565000000,Handset 1', 'base,2,001565000001,Handset 2'])

    const nothing = await failure(call('exportDamagedBatch', { batchId: junk.id }))
    expect(nothing.code).toBe('INVALID_INPUT')
    expect(nothing.message).toMatch(new RegExp(`^Nothing in ${junk.id}\\.json can be read: it is not valid JSON`))
    // a batch that reads is not exported this way
    const good = await written('Good')
    expect((await failure(call('exportDamagedBatch', { batchId: good.id }))).message).toMatch(/not damaged/)

    // the same rows, as they read, with what is wrong as the list says it (the command line's `batch show`)
    const read = await call('readDamagedBatch', { batchId: cut.id })
    expect(read.damaged).toEqual((await call('listDamagedBatches')).find((d) => d.id === cut.id))
    expect(read.rows.map((row) => [row.row, row.values.name])).toEqual([
      [1, 'Handset 1'],
      [2, 'Handset 2'],
    ])
    expect(read.handsets).toEqual([])
    expect((await call('readDamagedBatch', { batchId: junk.id })).rows).toEqual([])
    expect((await failure(call('readDamagedBatch', { batchId: good.id }))).message).toMatch(/not damaged/)
  })

  it('deleting it moves it (and its journal) aside to batches/damaged/, never erases it; a good batch is still deleted', async () => {
    const store = createBatchStore(dir)
    const batch = await store.create({ name: 'Journal', source: 'j.csv', rows: makeRows(3) })
    await store.saveOutcomes(batch.id, { [batch.rows[0]!.id]: { state: 'created', phoneId: 'p1' } })
    const broken = await written('Broken')
    await writeFile(fileOf(broken.id), '{"version":1,')
    const journal = join(batchesDir(), `${batch.id}.outcomes.ndjson`)
    const lines = (await readFile(journal, 'utf8')).split('\n')
    await writeFile(journal, [lines[0], 'garbage', ...lines.slice(1)].join('\n'))
    const good = await written('Good')

    const call = open()
    const damaged = await call('listDamagedBatches')
    expect(damaged.find((d) => d.id === batch.id)).toMatchObject({
      part: 'journal',
      fileName: `${batch.id}.outcomes.ndjson`,
      name: 'Journal',
      reason: expect.stringMatching(/^the outcome journal beside the batch file cannot be read \(line 2: it is not JSON\)/),
      readable: { rows: 3, handsets: 0 },
    })

    const moved = await call('deleteBatch', { batchId: broken.id })
    expect(moved.movedTo).toEqual([expect.stringMatching(new RegExp(`/batches/damaged/${broken.id}-\\d{4}-\\d\\d-\\d\\dT[\\d-]+Z\\.json$`))])
    expect(await readFile(moved.movedTo![0]!, 'utf8')).toBe('{"version":1,')
    expect(existsSync(fileOf(broken.id))).toBe(false)

    const both = await call('deleteBatch', { batchId: batch.id })
    expect(both.movedTo).toHaveLength(2)
    expect(both.movedTo![1]).toMatch(/\.outcomes\.ndjson$/)
    expect(existsSync(journal)).toBe(false)
    expect(await call('listDamagedBatches')).toEqual([])

    expect(await call('deleteBatch', { batchId: good.id })).toEqual({ deleted: true })
    expect(readdirSync(join(batchesDir(), 'damaged')).filter((name) => name.startsWith(good.id))).toEqual([])
    expect(await call('listBatches')).toEqual([])
  })

  it('is shown in its folder by the desktop app; elsewhere the answer names where it is', async () => {
    const broken = await written('Broken')
    await writeFile(fileOf(broken.id), '')
    const shown: string[] = []
    const call = open({ showItemInFolder: (path) => void shown.push(path) })
    expect(await call('showBatchFile', { batchId: broken.id })).toEqual({ shown: true })
    expect(shown).toEqual([fileOf(broken.id)])
    await services!.dispose()

    const plain = open()
    const refused = await failure(plain('showBatchFile', { batchId: broken.id }))
    expect(refused).toMatchObject({ code: 'NOT_SUPPORTED', message: `This build cannot open folders. The file is ${fileOf(broken.id)}.` })
    expect((await plain('listDamagedBatches'))[0]?.reason).toBe('it is empty: nothing was written in it (a crash or a full disk while it was saved?)')
    // no path escapes the batches folder
    expect((await failure(plain('showBatchFile', { batchId: '../profiles' }))).code).toBe('NOT_FOUND')
  })
})
