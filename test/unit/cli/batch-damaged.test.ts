import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createBatchStore } from '../../../electron/services/dect/batch-store'
import { makeRows } from '../dect/push-support'
import { jsonOf, runCli } from './run-cli'

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
      `Damaged: ${file} ("Broken"): it was written by a newer PBX Provisioner (batch file version 3; this one reads version 1): open it with that version, or update this one; 2 rows still read (the app exports them as CSV). \`pbx-provisioner batch delete ${broken.id}\` moves it aside.`,
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
