import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoPbx, type DemoPbx } from '../../../electron/demo-pbx'
import { openKeytarStore } from '../../../electron/services/keychain/keytar-store'
import { addDemoPbx, forgetKeptPasswords } from './kept-passwords'
import { jsonOf, runCli, tempDir, type CliOptions } from './run-cli'

// `batch import <file> --pbx <pbx>` (issue 37): the PBX the batch is for is known at import, so a
// model it does not have is an error now, naming its models and the closest, not a failure at the
// push. In the office the PBX is read; in the basement its list as remembered, with its date.

const keychain = await openKeytarStore()
if (!keychain.available) console.warn(`Skipping batch import --pbx: ${keychain.reason} (run vitest inside test/support/in-keyring.sh).`)

describe.skipIf(!keychain.available)('batch import --pbx: the PBX\'s models at import', { timeout: 60_000 }, () => {
  let pbx: DemoPbx
  const dir = tempDir('pbx-cli-models-')
  const dataDir = join(dir, 'data')
  const cli = (args: string[], more: Partial<CliOptions> = {}) => runCli(args, { dataDir, ...more })
  const site = join(dir, 'site.csv')
  writeFileSync(site, ['MAC,Name,Vendor,Model', '00:15:6A:00:00:01,Hall,Yealink,W70B', '00:15:6A:00:00:02,Store,Yealink,W73H'].join('\r\n') + '\r\n')
  const error = (day: string) => `row 2, model: error: model 'W73H' is not a model of Kunde Süd (its list as of ${day}); its Yealink models: W70B, W80B; the closest is W70B`

  beforeAll(async () => {
    pbx = await startDemoPbx({ port: 0 })
    await addDemoPbx(cli, 'Kunde Süd', pbx.url)
    // another PBX, saved while it ran, its models never read, now out of reach
    const other = await startDemoPbx({ port: 0 })
    const never = await cli(['pbx', 'add', 'Never read', '--url', other.url, '--user', 'manager', '--domain', 'demo.pbx.example', '--password-env', 'PW'], { env: { PW: 'manager' } })
    await other.stop()
    expect(never.code, never.stderr).toBe(0)
  })
  afterAll(async () => {
    if (keychain.available) await forgetKeptPasswords(keychain.store, dataDir)
    await pbx?.stop()
  })

  it('in the office: the PBX is read, the unknown model is an error naming its models and the closest, exit 3', async () => {
    const run = await cli(['batch', 'import', site, '--name', 'Office', '--pbx', 'Kunde Süd'])
    const today = new Date().toISOString().slice(0, 10)
    expect(run.stderr).toMatch(/^Models: checked against the 6 DECT models of "Kunde Süd", read just now\.$/m)
    expect(run.stdout).toContain(`  ${error(today)}`)
    expect(run.stderr).toMatch(/Next: `pbx-provisioner batch push "Office" --pbx "Kunde Süd"`/)
    expect(run.code).toBe(3)
  })

  it('in the basement (the PBX out of reach): its list as remembered, with its date; the same error', async () => {
    const json = jsonOf<{ models: { source: string; fetchedAt: string } }>(await cli(['batch', 'import', site, '--name', 'Listed', '--pbx', 'Kunde Süd', '--json']))
    expect(json.models.source).toBe('pbx')
    await pbx.faults.down()
    try {
      const run = await cli(['batch', 'import', site, '--name', 'Basement', '--pbx', 'Kunde Süd'])
      expect(run.stderr).toMatch(new RegExp(`^Could not reach 127\\.0\\.0\\.1:\\d+: the connection was refused .*\\. The models are checked against the list of "Kunde Süd" as of ${json.models.fetchedAt.slice(0, 10)}\\.$`, 'm'))
      expect(run.stdout).toContain(`  ${error(json.models.fetchedAt.slice(0, 10))}`)
      expect(run.code).toBe(3)
    } finally {
      await pbx.faults.up()
    }
  })

  it('a PBX whose models were never read, out of reach: no list of it, said so; the model is left for the push (a warning from the list read last), exit 0', async () => {
    const run = await cli(['batch', 'import', site, '--name', 'Unknown', '--pbx', 'Never read'])
    expect(run.stderr).toMatch(/^Could not reach 127\.0\.0\.1:\d+: .*\. No list of the DECT models of "Never read" is remembered: the models are checked at the push\.$/m)
    expect(run.stdout).toMatch(/row 2, model: warning: model 'W73H' is not one of the PBX's DECT models/)
    expect(run.code).toBe(0)
  })

  it('--pbx with --into is refused (the batch has its own PBX): exit 2', async () => {
    const run = await cli(['batch', 'import', site, '--into', 'Office', '--pbx', 'Kunde Süd'])
    expect(run.stderr).toMatch(/Arguments (into and pbx|pbx and into) are mutually exclusive/)
    expect(run.code).toBe(2)
  })
})
