import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoPbx, type DemoPbx } from '../../../electron/demo-pbx'
import { openKeytarStore } from '../../../electron/services/keychain/keytar-store'
import { forgetKeptPasswords } from './kept-passwords'
import { consoleBlocks, matchesShown, ROOT, runMerged, sessionSteps } from './readme-session'

// docs/command-line.md (the README's former "Command line" section) shows a console session; this
// replays it against a demo PBX with a fresh data folder, in a fresh folder: each
// `$ npx pbx-provisioner …` must exit 0 and print what the page shows (stdout and stderr as a
// terminal shows them; a `…` line stands for any lines, a `…` in a line for any text; timings,
// dates, times and short ids may differ). The session uses the demo's address as the page
// writes it (http://127.0.0.1:8901) and the password
// of the accounts it signs in with from `export PBX_PASSWORD=…` (in its arguments and in what it
// prints: the demo here listens on a port of its own). It runs through the bin
// (test/unit/cli/readme-session.test.ts), which runs the build.

const README_URL = 'http://127.0.0.1:8901'
/** the password of the demo accounts the session signs in with (manager of both tenants) */
const DEMO_PASSWORD = 'manager'

/** Files the session reads, copied into the folder it runs in from where the repository keeps them. */
const FIXTURES: Record<string, string> = {
  'site-b.csv': join(ROOT, 'resources/samples/site-b.csv'),
}

/**
 * The replay, as a suite: `entry` is the script `node` runs for `npx pbx-provisioner` (the bin,
 * which runs the build). Skipped, saying why, where no keychain answers.
 */
export async function describeReadmeSession(title: string, entry: string): Promise<void> {
  const keychain = await openKeytarStore()
  if (!keychain.available) console.warn(`Skipping ${title}: ${keychain.reason} (run vitest inside test/support/in-keyring.sh).`)

  describe.skipIf(!keychain.available)(title, { timeout: 120_000 }, () => {
    let pbx: DemoPbx
    const dataDir = mkdtempSync(join(tmpdir(), 'pbx-cli-readme-data-'))
    const cwd = mkdtempSync(join(tmpdir(), 'pbx-cli-readme-'))

    beforeAll(async () => {
      pbx = await startDemoPbx({ port: 0 })
    })
    afterAll(async () => {
      if (keychain.available) await forgetKeptPasswords(keychain.store, dataDir)
      await pbx?.stop()
      for (const dir of [dataDir, cwd]) rmSync(dir, { recursive: true, force: true })
    })

    it('runs each command of the session as shown', async () => {
      const blocks = consoleBlocks(readFileSync(join(ROOT, 'docs/command-line.md'), 'utf8'), '# Command line')
      expect(blocks.length).toBeGreaterThan(0)
      const steps = blocks.flatMap(sessionSteps)
      expect(steps.filter((step) => step.kind === 'run').length).toBeGreaterThan(3)
      const env: NodeJS.ProcessEnv = { ...process.env, PBX_PROVISIONER_DATA_DIR: dataDir }
      for (const step of steps) {
        if (step.kind === 'export') {
          env[step.name] = step.value === '…' ? DEMO_PASSWORD : step.value
          continue
        }
        const args = step.args.map((arg) => arg.replaceAll(README_URL, pbx.url))
        for (const arg of args) if (FIXTURES[arg] && !existsSync(join(cwd, arg))) copyFileSync(FIXTURES[arg], join(cwd, arg))
        const run = await runMerged(args, { cwd, env, entry })
        // the demo PBX's address as the page writes it, where a command prints it
        run.output = run.output.replaceAll(pbx.url, README_URL)
        const output = run.output.replace(/\n$/, '').split('\n')
        expect(run.code, `$ ${step.line}\n${run.output}`).toBe(0)
        // what goes into a pipe is the next program's to show
        if (step.piped) continue
        expect(matchesShown(step.expected, run.output === '' ? [] : output), `$ ${step.line}\ndocs/command-line.md shows:\n${step.expected.join('\n')}\nIt printed:\n${run.output}`).toBe(true)
      }
    })
  })
}
