import { chmodSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { internalErrorText } from '../../../electron/cli/context'
import { dataDirProblem } from '../../../electron/cli/data-dir'
import { CliError } from '../../../electron/cli/exit-codes'
import { readInputFile } from '../../../electron/cli/input-file'
import { checkOutputFile, writeOutputFile } from '../../../electron/cli/output-file'
import { pathUsageError, type PathUse } from '../../../electron/cli/path-problem'
import { runCli, tempDir } from './run-cli'

/**
 * Bad paths are bad usage (issue 39): a data folder that is a file, or under one, a file to write
 * or to read that is a folder, under a file, in a missing folder, one this user may not use, or on a
 * full disk, ends in exit 2 naming the option or argument and the path, with no stack trace and
 * nothing left half-written; an internal error shows its stack only with --debug.
 */
describe('the data folder', () => {
  it('a file, a path under a file, or a folder that is fine', async () => {
    const dir = tempDir('pbx-cli-paths-')
    const file = join(dir, 'a-file')
    writeFileSync(file, 'x')
    expect(await dataDirProblem(file, '--data-dir')).toBe(`--data-dir: ${file} is a file, not a folder: name a folder (it is made if it does not exist)`)
    expect(await dataDirProblem(join(file, 'below'), '--data-dir')).toBe(`--data-dir: ${join(file, 'below')} cannot be used as the data folder (a part of the path is a file)`)
    mkdirSync(join(dir, 'fine'))
    expect(await dataDirProblem(join(dir, 'fine'), '--data-dir')).toBeUndefined()
    expect(await dataDirProblem(join(dir, 'new', 'deeper'), '--data-dir')).toBeUndefined() // made
  })

  it('--data-dir naming a file: exit 2 naming the option, no stack trace, nothing on stdout', { timeout: 30_000 }, async () => {
    const dir = tempDir('pbx-cli-paths-')
    const file = join(dir, 'passwd')
    writeFileSync(file, 'root:x:0:0')
    const run = await runCli(['pbx', 'list', '--data-dir', file], { dataDir: dir })
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr).toBe(`pbx-provisioner: --data-dir: ${file} is a file, not a folder: name a folder (it is made if it does not exist)\n`)
  })
})

describe('an internal error', () => {
  it('is one line without --debug, its stack with it', () => {
    const bug = new TypeError('reading x of undefined')
    expect(internalErrorText(bug, false)).toBe('internal error: reading x of undefined (run again with --debug to see where it happened)')
    expect(internalErrorText(bug, true)).toContain('at ')
  })
})

describe('a file-system error on a path the user gave', () => {
  const where = (use: PathUse['use'], more: Partial<PathUse> = {}): PathUse => ({ name: '--out', path: '/x/y.csv', use, ...more })
  const fsError = (code: string) => Object.assign(new Error(`${code}: from the system`), { code })

  it.each([
    ['ENOENT', 'read', 'it does not exist'],
    ['ENOENT', 'write', 'its folder does not exist'],
    ['EISDIR', 'read', 'it is a folder, not a file'],
    ['ENOTDIR', 'write', 'a part of the path is a file'],
    ['EACCES', 'read', 'this user may not read it'],
    ['EPERM', 'write', 'this user may not write there'],
    ['ENOSPC', 'write', 'the disk is full'],
    ['EROFS', 'write', 'the disk is read-only'],
    ['EMFILE', 'read', 'too many files are open: try again with fewer programs running'],
    ['ENAMETOOLONG', 'write', 'the name is too long'],
    ['EWHATEVER', 'read', 'EWHATEVER'],
  ] as const)('%s on %s: bad usage naming the option, the path and why', (code, use, why) => {
    const error = pathUsageError(where(use), fsError(code))
    expect(error).toBeInstanceOf(CliError)
    expect((error as CliError).exitCode).toBe(2)
    expect((error as CliError).message).toBe(`--out: /x/y.csv cannot be ${use === 'read' ? 'read' : 'written'} (${why})`)
  })

  it('says what to do instead, and what the path was to be', () => {
    expect((pathUsageError(where('read', { name: '<file>', hint: 'name a CSV file' }), fsError('EISDIR')) as Error).message).toBe(
      '<file>: /x/y.csv cannot be read (it is a folder, not a file): name a CSV file',
    )
    expect((pathUsageError(where('read and write', { as: 'used as the data folder' }), fsError('EACCES')) as Error).message).toBe(
      '--out: /x/y.csv cannot be used as the data folder (this user may not read and write there)',
    )
  })

  it('passes a bug, and a usage error made already, through as they are', () => {
    const bug = new TypeError('reading x of undefined')
    const usage = new CliError(2, 'said already')
    expect(pathUsageError(where('read'), bug)).toBe(bug)
    expect(pathUsageError(where('read'), usage)).toBe(usage)
  })
})

describe('files the command line writes and reads', () => {
  const messageOf = async (work: Promise<unknown>): Promise<string> => {
    const error = (await work.then(() => undefined, (e: unknown) => e)) as Error | undefined
    expect(error, 'a usage error').toBeInstanceOf(CliError)
    return error!.message
  }

  it('writes a file whole, private, with nothing beside it; a file there is replaced only when asked', async () => {
    const dir = tempDir('pbx-cli-paths-')
    const file = join(dir, 'out.csv')
    expect(await writeOutputFile({ name: '--out', path: file }, 'one', false)).toBe(true)
    expect(await writeOutputFile({ name: '--out', path: file }, 'two', false)).toBe(false)
    expect(readFileSync(file, 'utf8')).toBe('one')
    expect(await writeOutputFile({ name: '--out', path: file }, 'three', true)).toBe(true)
    expect(readFileSync(file, 'utf8')).toBe('three')
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(readdirSync(dir)).toEqual(['out.csv'])
  })

  it('never makes a missing folder, and checks the path before any work', async () => {
    const dir = tempDir('pbx-cli-paths-')
    writeFileSync(join(dir, 'there.csv'), 'x')
    const missing = join(dir, 'missing', 'out.csv')
    expect(await messageOf(writeOutputFile({ name: '--out', path: missing }, 'x', true))).toBe(`--out: ${missing} cannot be written (its folder does not exist)`)
    expect(await messageOf(checkOutputFile({ name: '--out', path: missing }, true))).toBe(`--out: ${missing} cannot be written (its folder does not exist)`)
    expect(await messageOf(checkOutputFile({ name: '--out', path: dir }, true))).toBe(`--out: ${dir} cannot be written (it is a folder, not a file)`)
    expect(await messageOf(checkOutputFile({ name: '--out', path: join(dir, 'there.csv') }, false))).toBe(
      `--out: ${join(dir, 'there.csv')} exists already: choose another file, or add --force to replace it.`,
    )
    await checkOutputFile({ name: '--out', path: join(dir, 'there.csv') }, true)
    expect(readdirSync(dir)).toEqual(['there.csv'])
  })

  it.runIf(process.platform === 'linux')('writes to a device in place (never renames over it): /dev/full is a full disk', async () => {
    await checkOutputFile({ name: '--out', path: '/dev/full' }, false) // not "exists already": a device is written to, not replaced
    expect(await messageOf(writeOutputFile({ name: '--out', path: '/dev/full' }, 'x', false))).toBe('--out: /dev/full cannot be written (the disk is full)')
    expect(statSync('/dev/full').isCharacterDevice()).toBe(true)
  })

  it('reads a file; a folder, a missing file or one too large is refused', async () => {
    const dir = tempDir('pbx-cli-paths-')
    const file = join(dir, 'in.csv')
    writeFileSync(file, 'a,b\n')
    expect((await readInputFile({ name: '<file>', path: file })).toString()).toBe('a,b\n')
    expect(await messageOf(readInputFile({ name: '<file>', path: dir }))).toBe(`<file>: ${dir} cannot be read (it is a folder, not a file)`)
    expect(await messageOf(readInputFile({ name: '<file>', path: join(dir, 'no.csv'), hint: 'name a CSV file' }))).toBe(
      `<file>: ${join(dir, 'no.csv')} cannot be read (it does not exist): name a CSV file`,
    )
    expect(await messageOf(readInputFile({ name: '<file>', path: file }, { bytes: 3, tooLarge: () => new CliError(1, 'too large') }))).toBe('too large')
  })
})

/** Whether chmod stops this user: not root, who reads and writes whatever the modes say. */
const asRoot = process.getuid?.() === 0
if (asRoot) console.warn('Skipping the bad-path cases of a file or folder this user may not read or write: the tests run as root, whom chmod does not stop.')

/** A command given a bad path, in a folder of its own holding a-file, a-folder and site.csv. */
interface PathCase {
  what: string
  args: (dir: string) => string[]
  /** stderr's one line, after "pbx-provisioner: " */
  says: (dir: string) => string
  /** more for the case to find in its folder */
  setup?: (dir: string) => void
  /** a mode chmod sets, which does not stop root */
  modes?: true
  /** /dev/full */
  linux?: true
}

const PBX_EXPORT = 'name a file written by `pbx-provisioner pbx export`'
const SNAPSHOT = 'name a snapshot file (*.pbxconfig.json) or a saved PBX'
const CASES: PathCase[] = [
  // files written
  { what: 'pbx export [file]: a folder', args: (d) => ['pbx', 'export', join(d, 'a-folder')], says: (d) => `[file]: ${join(d, 'a-folder')} cannot be written (it is a folder, not a file)` },
  {
    what: 'pbx export [file]: in a missing folder',
    args: (d) => ['pbx', 'export', join(d, 'missing', 'pbxs.json')],
    says: (d) => `[file]: ${join(d, 'missing', 'pbxs.json')} cannot be written (its folder does not exist)`,
  },
  {
    what: 'pbx export [file]: in a folder this user may not write to',
    setup: (d) => chmodSync(join(d, 'a-folder'), 0o555),
    modes: true,
    args: (d) => ['pbx', 'export', join(d, 'a-folder', 'pbxs.json')],
    says: (d) => `[file]: ${join(d, 'a-folder', 'pbxs.json')} cannot be written (this user may not write there)`,
  },
  {
    what: 'batch export-results [file]: under a file',
    args: (d) => ['batch', 'export-results', 'site', join(d, 'a-file', 'results.csv')],
    says: (d) => `[file]: ${join(d, 'a-file', 'results.csv')} cannot be written (a part of the path is a file)`,
  },
  { what: 'batch export-results [file]: a full disk', linux: true, args: () => ['batch', 'export-results', 'site', '/dev/full'], says: () => '[file]: /dev/full cannot be written (the disk is full)' },
  {
    what: 'batch labels [file]: a folder',
    setup: (d) => mkdirSync(join(d, 'sheet.pdf')),
    args: (d) => ['batch', 'labels', 'site', join(d, 'sheet.pdf')],
    says: (d) => `[file]: ${join(d, 'sheet.pdf')} cannot be written (it is a folder, not a file)`,
  },
  {
    what: 'config snapshot --out: a folder under a file',
    args: (d) => ['config', 'snapshot', '--all', '--out', join(d, 'a-file', 'backups')],
    says: (d) => `--out: ${join(d, 'a-file', 'backups')} cannot be written (a part of the path is a file)`,
  },
  {
    what: 'config snapshot --out: a file in a missing folder',
    args: (d) => ['config', 'snapshot', 'Demo', '--out', join(d, 'missing', 'demo.json')],
    says: (d) => `--out: ${join(d, 'missing', 'demo.json')} cannot be written (its folder does not exist)`,
  },
  // files read
  {
    what: 'batch import <file>: a folder',
    args: (d) => ['batch', 'import', join(d, 'a-folder')],
    says: (d) => `<file>: ${join(d, 'a-folder')} cannot be read (it is a folder, not a file): name a CSV file`,
  },
  {
    what: 'batch import <file>: a file this user may not read',
    setup: (d) => chmodSync(join(d, 'site.csv'), 0o000),
    modes: true,
    args: (d) => ['batch', 'import', join(d, 'site.csv')],
    says: (d) => `<file>: ${join(d, 'site.csv')} cannot be read (this user may not read it): name a CSV file`,
  },
  {
    what: 'batch import --mapping: under a file',
    args: (d) => ['batch', 'import', join(d, 'site.csv'), '--mapping', join(d, 'a-file', 'mapping.json')],
    says: (d) => `--mapping: ${join(d, 'a-file', 'mapping.json')} cannot be read (a part of the path is a file)`,
  },
  {
    what: 'pbx import [file]: missing',
    args: (d) => ['pbx', 'import', join(d, 'pbxs.json')],
    says: (d) => `[file]: ${join(d, 'pbxs.json')} cannot be read (it does not exist): ${PBX_EXPORT}`,
  },
  {
    what: 'config compare <left>: a folder',
    args: (d) => ['config', 'compare', join(d, 'a-folder'), join(d, 'a-file')],
    says: (d) => `<left>: ${join(d, 'a-folder')} cannot be read (it is a folder, not a file): ${SNAPSHOT}`,
  },
  {
    what: 'config apply <source>: under a file',
    args: (d) => ['config', 'apply', join(d, 'a-file', 'demo.pbxconfig.json'), '--to', 'Demo', '--yes'],
    says: (d) => `<source>: ${join(d, 'a-file', 'demo.pbxconfig.json')} cannot be read (a part of the path is a file): ${SNAPSHOT}`,
  },
]

/** Every file and folder under `dir`, to see that a failed run left nothing behind. */
const contentsOf = (dir: string): string[] => readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()

describe('a bad path given to a command: exit 2, one line naming it, nothing on stdout, nothing left behind', { timeout: 60_000 }, () => {
  const root = tempDir('pbx-cli-paths-')
  const dataDir = join(root, 'data')
  const site = join(root, 'site.csv')
  writeFileSync(site, 'MAC address,Name,Extension\r\n00:15:65:00:00:01,Handset 1,2001\r\n')

  beforeAll(async () => {
    // a saved PBX (`config snapshot` finds it before looking at --out) and a batch (`export-results`)
    const pbxs = join(root, 'pbxs.json')
    writeFileSync(pbxs, JSON.stringify({ version: 1, profiles: [{ label: 'Demo', baseUrl: 'http://127.0.0.1:9', username: 'admin', domain: '' }] }))
    for (const args of [['pbx', 'import', pbxs], ['batch', 'import', site, '--name', 'site', '--vendor', 'Yealink', '--model', 'W70B']]) {
      const run = await runCli(args, { dataDir })
      expect(run.code, run.stderr).toBe(0)
    }
  }, 60_000)

  it.concurrent.for(CASES)('$what', async (c, { skip, expect }) => {
    if (c.modes && asRoot) return skip('root is not stopped by chmod')
    if (c.linux && process.platform !== 'linux') return skip('/dev/full is Linux only')
    const dir = tempDir('pbx-cli-path-case-')
    writeFileSync(join(dir, 'a-file'), 'x')
    mkdirSync(join(dir, 'a-folder'))
    writeFileSync(join(dir, 'site.csv'), readFileSync(site))
    c.setup?.(dir)
    const before = contentsOf(dir)
    const run = await runCli(c.args(dir), { dataDir })
    expect(run.stderr).toBe(`pbx-provisioner: ${c.says(dir)}\n`)
    expect(run.stdout).toBe('')
    expect(run.code).toBe(2)
    expect(contentsOf(dir)).toEqual(before)
  })
})
