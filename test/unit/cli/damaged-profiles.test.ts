import { readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { jsonOf, runCli, tempDir } from './run-cli'

/**
 * A saved-PBX file the command line cannot read (issue 39): it is moved aside as the app does,
 * and the command says so once on stderr, with where the copy went, and exits 3 (its answer is
 * not whole) instead of "No PBX is saved yet" and 0.
 */
describe('a damaged profiles.json on the command line', { timeout: 30_000 }, () => {
  it.each([
    ['a list instead of the file', '[]'],
    ['not JSON', '{"version": 1, "profiles": ['],
    ['a profile of the wrong shape', '{"version": 1, "profiles": [{"label": 42}]}'],
  ])('%s: pbx list says where the copy went and exits 3; --json is an empty list, also exit 3', async (_what, content) => {
    const dataDir = tempDir('pbx-cli-damaged-')
    writeFileSync(join(dataDir, 'profiles.json'), content)
    const listed = await runCli(['pbx', 'list'], { dataDir })
    expect(listed.code).toBe(3)
    expect(listed.stdout).toBe('')
    const kept = readdirSync(dataDir).find((name) => name.startsWith('profiles.damaged-'))
    expect(kept).toBeDefined()
    expect(listed.stderr).toMatch(new RegExp(`^Warning: the saved PBXs in .*profiles\\.json could not be read \\(.+\\)\\. The file was kept as .*${kept!.replaceAll('.', '\\.')}, and the list starts empty`))
    expect(listed.stderr.trim().split('\n')).toHaveLength(1)

    writeFileSync(join(dataDir, 'profiles.json'), content)
    const json = await runCli(['pbx', 'list', '--json'], { dataDir })
    expect(json.code).toBe(3)
    expect(jsonOf<unknown[]>(json)).toEqual([])
    expect(json.stderr).toMatch(/^Warning: the saved PBXs in /)
  })
})
