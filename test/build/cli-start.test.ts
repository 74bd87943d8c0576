import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { BUILT_CLI, OUT, runNode } from './built'

// Issue 39, a start in 150 ms: the command line loads only what the command it runs uses. Each
// run here records the module files node loaded (record-modules.mjs) and checks them by name,
// not by time: a static import of the configurations' diff or the labels' PDF library into the
// start would slow every run, and fails here on any machine.
const dir = mkdtempSync(join(tmpdir(), 'pbx-cli-start-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const RECORDER = fileURLToPath(new URL('./record-modules.mjs', import.meta.url))

/** The files `node out/main/cli.js <args>` loaded, relative to out/ (node_modules as `node_modules/<package>`). */
async function loadedBy(args: string[]): Promise<string[]> {
  const record = join(dir, `modules-${args.join('-')}.txt`)
  writeFileSync(record, '')
  const run = await runNode(['--import', RECORDER, BUILT_CLI, ...args], { env: { RECORD_MODULES: record, PBX_PROVISIONER_DATA_DIR: dir } })
  expect(run.code, run.stderr).toBe(0)
  const files = readFileSync(record, 'utf8').trim().split('\n').map((url) => fileURLToPath(url))
  return files.filter((file) => file !== RECORDER).map((file) => (file.startsWith(OUT) ? file.slice(OUT.length + 1) : file.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, 'node_modules/$1')))
}

/** Whether a built file holds the source of a package (the bundler marks each module it puts in). */
const holds = (file: string, pkg: string) => file.startsWith('main/') && readFileSync(join(OUT, file), 'utf8').includes(`// node_modules/${pkg}/`)

describe('what the command line loads to start', { timeout: 30_000 }, () => {
  it('--help: the parser only, bundled; no area, no contract, no library from node_modules', async () => {
    const files = await loadedBy(['--help'])
    expect(files).toContain('main/cli.js')
    expect(files.filter((file) => file.startsWith('node_modules/'))).toEqual([])
    expect(files.filter((file) => holds(file, 'zod'))).toEqual([])
    expect(files.some((file) => holds(file, 'yargs'))).toBe(true)
  })

  it('pbx list: nothing from node_modules (its libraries are bundled), and no label, QR code or configuration diff', async () => {
    const files = await loadedBy(['pbx', 'list'])
    expect(files.filter((file) => file.startsWith('node_modules/'))).toEqual([])
    for (const pkg of ['diff', 'microdiff', 'papaparse', 'cli-progress']) expect(files.filter((file) => holds(file, pkg)), pkg).toEqual([])
    expect(files.filter((file) => /label-pdf|qr-code/.test(file))).toEqual([])
  })

  it("pbx list: the saved PBXs' schemas, not the PBX API's, and no file lock to read them", async () => {
    const files = await loadedBy(['pbx', 'list'])
    expect(files.some((file) => holds(file, 'zod'))).toBe(true)
    for (const pkg of ['proper-lockfile', 'graceful-fs']) expect(files.filter((file) => holds(file, pkg)), pkg).toEqual([])
    const contract = files.filter((file) => /\/(pbx-[\w-]+|profiles)-[\w-]{8}\.js$/.test(file)).map((file) => file.replace(/^main\/chunks\/|-[\w-]{8}\.js$/g, ''))
    expect(contract.sort()).toEqual(['pbx-address', 'pbx-auth', 'pbx-common', 'profiles'])
  })
})
