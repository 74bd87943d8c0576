import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { Batch } from '../../../electron/contract/dect'
import { createBatchStore } from '../../../electron/services/dect/batch-store'
import { makeRows } from '../dect/push-support'
import { jsonOf, runCli, tempDir } from './run-cli'

// `batch list` names the batch files that cannot be read (one line each on stderr, marked
// `damaged: true` in --json) rather than leaving them out; `batch delete <id>` moves one aside.
const dir = mkdtempSync(join(tmpdir(), 'pbx-cli-damaged-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('batch list with a damaged batch file', { timeout: 30_000 }, () => {
  it('lists it in a line and in --json, and `batch delete <id>` moves it aside', async () => {
    const store = createBatchStore(dir)
    await store.create({ name: 'Good', source: 'g.csv', rows: makeRows(2) })
    const broken = await store.create({ name: 'Broken', source: 'b.csv', rows: makeRows(2) })
    const file = join(dir, 'batches', `${broken.id}.json`)
    writeFileSync(file, JSON.stringify({ ...broken, version: 3 }))
    const cli = (args: string[]) => runCli(args, { dataDir: dir })

    const list = await cli(['batch', 'list'])
    expect(list.code, list.stderr).toBe(0)
    expect(list.stdout).toMatch(/^Good\s/m)
    expect(list.stdout).not.toMatch(/Broken/)
    expect(list.stderr).toContain(
      `Damaged: ${file} ("Broken"): it was written by a newer PBX Provisioner (batch file version 3; this one reads version 1): open it with that version, or update this one; 2 rows still read (\`pbx-provisioner batch export-results ${broken.id}\` exports them as CSV). \`pbx-provisioner batch delete ${broken.id}\` moves it aside.`,
    )

    const json = jsonOf<{ name?: string; damaged?: boolean; id: string; reason?: string }[]>(await cli(['batch', 'list', '--json']))
    expect(json.map((entry) => [entry.damaged ?? false, entry.name])).toEqual([
      [false, 'Good'],
      [true, 'Broken'],
    ])
    expect(json[1]).toMatchObject({ id: broken.id, path: file, part: 'file', readable: { rows: 2, handsets: 0 } })

    const deleted = await cli(['batch', 'delete', broken.id])
    expect(deleted.code, deleted.stderr).toBe(0)
    expect(deleted.stdout).toMatch(new RegExp(`^Moved the damaged batch file ${broken.id}\\.json aside to \\S+/batches/damaged/${broken.id}-\\S+\\.json\\.$`, 'm'))
    expect(existsSync(file)).toBe(false)
    expect((await cli(['batch', 'list'])).stderr).not.toMatch(/Damaged/)
  })
})

/** The kinds of damage issue 39 names: each leaves some rows that still read. */
const DAMAGE: Record<string, { spoil: (text: string, batch: Batch) => string; reason: RegExp; reads: number }> = {
  'a newer version': {
    spoil: (text) => JSON.stringify({ ...(JSON.parse(text) as object), version: 3 }),
    reason: /it was written by a newer PBX Provisioner \(batch file version 3; this one reads version 1\)/,
    reads: 3,
  },
  // line 0 holds the batch's fields, line 1 `"rows":[`, then a row a line: cut in the middle of row 3
  'a part that is not JSON': {
    spoil: (text) => {
      const lines = text.split('\n')
      return `${lines.slice(0, 4).join('\n')}\n${(lines[4] ?? '').slice(0, 30)}`
    },
    reason: /it is cut short: it ends after \d+ bytes/,
    reads: 2,
  },
  'a field the schema refuses': {
    spoil: (text) => {
      const data = JSON.parse(text) as { rows: { row: unknown }[] }
      data.rows[1]!.row = 'two'
      return JSON.stringify(data)
    },
    reason: /row 2 in the file, row: must be a whole number/,
    reads: 2,
  },
}

/** A data folder with the batch "Good" and a batch `name` of three rows whose file `spoil` damaged. */
async function folderWith(name: string, spoil: (text: string, batch: Batch) => string): Promise<{ dataDir: string; batch: Batch; file: string }> {
  const dataDir = tempDir('pbx-cli-damaged-')
  const store = createBatchStore(dataDir)
  await store.create({ name: 'Good', source: 'g.csv', rows: makeRows(2) })
  const batch = await store.create({ name, source: 'b.csv', rows: makeRows(3) })
  const file = join(dataDir, 'batches', `${batch.id}.json`)
  writeFileSync(file, spoil(readFileSync(file, 'utf8'), batch))
  return { dataDir, batch, file }
}

const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

// issue 39: every name `batch list` prints reaches its batch; `show`, `export-results` and `delete`
// work on a damaged one (what still reads, the damage said on stderr, exit 3 for an incomplete answer)
describe('a damaged batch, by the name `batch list` shows', { timeout: 60_000 }, () => {
  for (const [kind, { spoil, reason, reads }] of Object.entries(DAMAGE)) {
    it(`\`batch show\` by its name shows what still reads of a file with ${kind}, says the damage and exits 3`, async () => {
      const { dataDir, batch, file } = await folderWith('Broken', spoil)
      const listed = await runCli(['batch', 'list'], { dataDir })
      expect(listed.stderr).toContain(`${file} ("Broken")`)

      const shown = await runCli(['batch', 'show', 'Broken'], { dataDir })
      expect(shown.code, shown.stderr).toBe(3)
      expect(shown.stderr).toMatch(new RegExp(`^Warning: ${escaped(file)} \\("Broken"\\) is damaged: ${reason.source}.*; only what still reads is shown \\(${reads} rows\\)\\.$`, 'm'))
      expect(shown.stdout).toContain(`Batch "Broken" (id ${batch.id}) is damaged: ${reads} rows still read.`)
      expect(shown.stdout).toMatch(/^\s*1\s+Handset 1\s+00:15:65:00:00:00\s+1000\s+ready/m)
      expect(shown.stdout.match(/Handset \d/g)).toHaveLength(reads)
    })
  }

  it('`batch show --json` is exact JSON: the list entry, marked damaged, with the rows and handsets that still read', async () => {
    const { dataDir, batch, file } = await folderWith('Broken', DAMAGE['a part that is not JSON']!.spoil)
    const run = await runCli(['batch', 'show', 'broken', '--json'], { dataDir })
    expect(run.code, run.stderr).toBe(3)
    expect(run.stderr).toMatch(/is damaged: it is cut short/)
    const json = jsonOf<{ damaged: boolean; id: string; path: string; rows: Batch['rows']; handsets: unknown[] }>(run)
    expect(json).toMatchObject({ damaged: true, id: batch.id, name: 'Broken', path: file, part: 'file', readable: { rows: 2, handsets: 0 }, handsets: [] })
    expect(json.rows.map((row) => [row.row, row.values.name, row.outcome.state])).toEqual([
      [1, 'Handset 1', 'pending'],
      [2, 'Handset 2', 'pending'],
    ])
  })

  it('`batch export-results` by its name writes the CSV of what still reads (the app\'s export), says the damage and exits 3', async () => {
    const { dataDir, batch, file } = await folderWith('Broken', DAMAGE['a newer version']!.spoil)
    const piped = await runCli(['batch', 'export-results', 'Broken'], { dataDir })
    expect(piped.code, piped.stderr).toBe(3)
    expect(piped.stderr).toContain(`Warning: ${file} ("Broken") is damaged: it was written by a newer PBX Provisioner`)
    expect(piped.stderr).toContain('only what still reads is exported (3 rows)')
    const lines = piped.stdout.trim().split('\r\n')
    expect(lines[0]).toBe('kind,row,mac,name,extension,id,url,state,outcome,error,ipui,base_mac,handset_index')
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 4).join(','))).toEqual(['base,1,001565000000,Handset 1', 'base,2,001565000001,Handset 2', 'base,3,001565000002,Handset 3'])

    const out = join(dataDir, 'results.csv')
    const written = await runCli(['batch', 'export-results', batch.id, out], { dataDir })
    expect(written.code, written.stderr).toBe(3)
    expect(readFileSync(out, 'utf8')).toBe(piped.stdout)
    expect(written.stderr).toContain(`Wrote what still reads of "Broken" (3 rows) to ${out}.`)
  })

  it('`batch export-results` of a file nothing of which reads fails (exit 1), saying why', async () => {
    const { dataDir, batch } = await folderWith('Broken', () => 'this is not a batch\n')
    // no name reads: `batch list` names it by its id
    const run = await runCli(['batch', 'export-results', batch.id], { dataDir })
    expect(run.code, run.stderr).toBe(1)
    expect(run.stderr).toMatch(new RegExp(`Nothing in ${batch.id}\\.json can be read: it is not valid JSON`))
    expect(run.stdout).toBe('')
  })

  it('`batch delete` by its name moves it aside', async () => {
    const { dataDir, batch, file } = await folderWith('Broken', DAMAGE['a field the schema refuses']!.spoil)
    const run = await runCli(['batch', 'delete', 'Broken'], { dataDir })
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toMatch(new RegExp(`^Moved the damaged batch file ${batch.id}\\.json aside to \\S+/batches/damaged/${batch.id}-\\S+\\.json\\.$`, 'm'))
    expect(existsSync(file)).toBe(false)
  })

  it('a command that needs the whole batch says it is damaged (exit 1), not that no batch has its name', async () => {
    const { dataDir, file } = await folderWith('Broken', DAMAGE['a newer version']!.spoil)
    const run = await runCli(['batch', 'labels', 'Broken', join(dataDir, 'labels.pdf')], { dataDir })
    expect(run.code, run.stderr).toBe(1)
    expect(run.stderr).not.toMatch(/No batch is named/)
    expect(run.stderr).toContain(`The batch "Broken" cannot be read: ${file} is damaged: it was written by a newer PBX Provisioner`)
  })

  it('`batch import` leaves a damaged file\'s name to it: another name is chosen, --name with it is refused (exit 2)', async () => {
    const { dataDir, batch } = await folderWith('Broken', DAMAGE['a newer version']!.spoil)
    const csv = join(dataDir, 'broken.csv')
    writeFileSync(csv, 'MAC,Name\r\n00:15:65:10:00:01,Hall\r\n')
    const named = await runCli(['batch', 'import', csv, '--name', 'Broken', '--vendor', 'Yealink', '--model', 'W70B'], { dataDir })
    expect(named.code, named.stderr).toBe(2)
    expect(named.stderr).toContain(`A batch named "Broken" exists already (id ${batch.id}, damaged): choose another --name, or delete it with`)
    const chosen = await runCli(['batch', 'import', csv, '--vendor', 'Yealink', '--model', 'W70B'], { dataDir })
    expect(chosen.code, chosen.stderr).toBe(0)
    expect(chosen.stdout).toMatch(/^Saved batch "broken 2"/m)
  })

  it('a name a damaged file and a batch share is ambiguous (exit 2), naming both ids', async () => {
    const { dataDir, batch } = await folderWith('Good', DAMAGE['a newer version']!.spoil)
    const run = await runCli(['batch', 'show', 'Good'], { dataDir })
    expect(run.code, run.stderr).toBe(2)
    expect(run.stderr).toMatch(new RegExp(`"Good" names 2 batches: "Good" \\(id [\\w-]+, 2 rows, draft\\), "Good" \\(id ${batch.id}, damaged\\)\\. Name one by its id\\.`))
  })
})
