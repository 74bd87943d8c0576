import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { internalErrorText } from '../../../electron/cli/context'
import { dataDirProblem } from '../../../electron/cli/data-dir'
import { runCli, tempDir } from './run-cli'

/**
 * Bad paths are bad usage (issue 39): a data folder that is a file, or under one, ends in exit 2
 * naming where it came from, with no stack trace; an internal error shows its stack only with
 * --debug.
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
