import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Batch } from '../../../electron/contract/dect'
import type { RetirePlan } from '../../../electron/contract/dect-retire'
import { openKeytarStore } from '../../../electron/services/keychain/keytar-store'
import { membersByMac, signedIn } from '../dect/push-support'
import { demoCompanyPerFile } from './kept-passwords'
import { runOnTerminal, terminalAvailable } from './on-terminal'
import { jsonOf, runCli, tempDir, type CliOptions } from './run-cli'

// `batch retire <batch> <handset-or-base...>` as an installer runs it (issue 43): it says what
// goes, asks on a terminal or takes --yes, then takes handsets off their base or deletes a base
// with its handsets, checked on the demo PBX; a base another batch holds is refused, naming it.

const keychain = await openKeytarStore()
if (!keychain.available) console.warn(`Skipping the batch retire tests: ${keychain.reason} (run vitest inside test/support/in-keyring.sh).`)

const HALL = '001565E60001'
const YARD = '001565E60002'
const SHED = '001565E60003'

describe.skipIf(!keychain.available)('batch retire against the demo PBX', { timeout: 90_000 }, () => {
  const dir = tempDir('pbx-cli-retire-')
  const dataDir = join(dir, 'data')
  const cli = (args: string[], more: Partial<CliOptions> = {}) => runCli(args, { dataDir, ...more })
  const csv = (name: string, lines: string[]) => {
    const file = join(dir, name)
    writeFileSync(file, ['Base MAC,Base name,IPUI,Extension,Name', ...lines].join('\r\n') + '\r\n')
    return file
  }

  const demo = keychain.available ? demoCompanyPerFile(cli, dataDir, keychain.store) : undefined

  it('says what goes and asks; refuses a base another batch holds; takes Ben off Hall and deletes Shed with Dora; the batch keeps it', async () => {
    const site = csv('retire-site.csv', [
      '00:15:65:E6:00:01,Hall,00AE400001,1221,Anna',
      '00:15:65:E6:00:01,Hall,00AE400002,1222,Ben',
      '00:15:65:E6:00:02,Yard,00AE400003,1223,Clara',
      '00:15:65:E6:00:03,Shed,00AE400004,1224,Dora',
    ])
    expect((await cli(['batch', 'import', site, '--vendor', 'Yealink', '--model', 'W70B'])).code).toBe(0)
    expect((await cli(['batch', 'push', 'retire-site', '--pbx', 'Demo Company'])).code).toBe(0)
    // a later batch for the same yard
    expect((await cli(['batch', 'import', csv('yard-later.csv', ['00:15:65:E6:00:02,Yard,00AE400005,1225,Emil']), '--vendor', 'Yealink', '--model', 'W70B'])).code).toBe(0)
    const caller = await signedIn(demo!.pbx.url)
    const before = await membersByMac(caller, [HALL, YARD, SHED])

    // without a terminal, --yes is needed: what goes is said, nothing done
    const unattended = await cli(['batch', 'retire', 'retire-site', '1222', 'Shed'])
    expect(unattended.stderr).toContain("Delete base 'Shed' (00:15:65:E6:00:03) on the PBX with its handset 1224 Dora (00AE400004). Take handset 1222 Ben (00AE400002) off 'Hall' (00:15:65:E6:00:01).")
    expect(unattended.stderr).toMatch(/Nothing was done: add --yes to retire unattended\./)
    expect(unattended.code).toBe(2)
    // Yard is held by the later batch: refused, naming it
    const held = await cli(['batch', 'retire', 'retire-site', 'Yard', '--yes'])
    expect(held.stderr).toMatch(/items: base 'Yard' \(00:15:65:E6:00:02\) is held by the batch "yard-later" too \(its row 1\): retire it there, or take it out of that batch, first\./)
    expect(held.code).toBe(2)
    if (terminalAvailable) {
      // on a terminal it asks; "n" is no
      const asked = await runOnTerminal(['batch', 'retire', 'retire-site', '1222'], dataDir, 30_000, 'n\n')
      expect(asked.screen).toMatch(/Take handset 1222 Ben \(00AE400002\) off 'Hall' \(00:15:65:E6:00:01\)\.\n[^\n]*Retire them on "Demo Company"\? This cannot be undone\. \[y\/N\] /)
      expect(asked.screen).toMatch(/Nothing was retired\./)
      expect(asked.code).toBe(1)
    }
    expect(await membersByMac(caller, [HALL, YARD, SHED])).toEqual(before)

    const done = await cli(['batch', 'retire', 'retire-site', '1222', 'Shed', '--yes', '--json'])
    expect(done.code, done.stderr).toBe(0)
    const answer = jsonOf<RetirePlan>(done)
    expect(answer.steps.map((s) => [s.name, s.deleted, s.members.map((m) => m.extension)])).toEqual([
      ['Shed', true, ['1224']],
      ['Hall', false, ['1222']],
    ])
    expect(answer.message).toMatch(/^Deleted base 'Shed' .* Took handset 1222 Ben \(00AE400002\) off 'Hall'/)
    expect(await membersByMac(caller, [HALL, YARD, SHED])).toEqual({ [HALL]: before[HALL]!.filter((m) => m[0] !== '1222'), [YARD]: before[YARD] })
    const batch = jsonOf<Batch & { state: { handsets: { retired: number } } }>(await cli(['batch', 'show', 'retire-site', '--json']))
    expect(batch.rows.map((row) => row.outcome.state)).toEqual(['created', 'created', 'retired'])
    expect(batch.handsets.map((h) => h.outcome.state)).toEqual(['enrolled', 'retired', 'enrolled', 'retired'])
    expect(batch.retirements?.map((r) => r.mac)).toEqual([SHED, HALL])
    expect(batch.state.handsets.retired).toBe(2)
    const shown = await cli(['batch', 'show', 'retire-site'])
    expect(shown.stdout).toMatch(/^2 of 2 bases sent, 1 retired; 2 of 2 handsets sent, 2 retired\.$/m)

    // the list counts what is to be sent: the retired are not
    const listed = (await cli(['batch', 'list'])).stdout.split('\n').find((line) => line.startsWith('retire-site'))
    expect(listed?.split(/\s{2,}/).slice(2, 4)).toEqual(['done', '2/2'])
    // the text: what went, in sentences
    const anna = await cli(['batch', 'retire', 'retire-site', '00AE400001', '--yes'])
    expect(anna.code, anna.stderr).toBe(0)
    expect(anna.stdout).toBe("Took handset 1221 Anna (00AE400001) off 'Hall' (00:15:65:E6:00:01).\n")
    const again = await cli(['batch', 'retire', 'retire-site', '1221', '--yes'])
    expect(again.stderr).toMatch(/was retired already/)
    expect(again.code).toBe(2)
  })
})
