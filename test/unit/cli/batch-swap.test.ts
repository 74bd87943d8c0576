import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HandsetMoveAnswer, HandsetRenumberAnswer, HandsetSwapAnswer } from '../../../electron/contract/bridge-handsets'
import type { Batch } from '../../../electron/contract/dect'
import { startDemoPbx, type DemoPbx } from '../../../electron/demo-pbx'
import { openKeytarStore } from '../../../electron/services/keychain/keytar-store'
import { createDectMembersClient } from '../../../electron/services/pbx-client/dect-members'
import { createDectPhonesClient } from '../../../electron/services/pbx-client/dect-phones'
import { signedIn } from '../dect/push-support'
import { addDemoPbx, forgetKeptPasswords } from './kept-passwords'
import { jsonOf, runCli, tempDir, type CliOptions } from './run-cli'

// `batch swap <batch> <old> <new>`, `batch move <batch> <handset> <base>` and `batch renumber
// <batch> <handset> <extension>` as an installer runs them (issue 43): a broken handset replaced, a
// handset moved to another base with its extension, a handset given another extension on its
// base, checked on the demo PBX's members; without a terminal each needs --yes.

const keychain = await openKeytarStore()
if (!keychain.available) console.warn(`Skipping the batch swap tests: ${keychain.reason} (run vitest inside test/support/in-keyring.sh).`)

describe.skipIf(!keychain.available)('batch swap, move and renumber against the demo PBX', { timeout: 60_000 }, () => {
  let pbx: DemoPbx
  const dir = tempDir('pbx-cli-swap-')
  const dataDir = join(dir, 'data')
  const cli = (args: string[], more: Partial<CliOptions> = {}) => runCli(args, { dataDir, ...more })

  beforeAll(async () => {
    pbx = await startDemoPbx({ port: 0 })
    await addDemoPbx(cli, 'Demo Company', pbx.url)
  })
  afterAll(async () => {
    if (keychain.available) await forgetKeptPasswords(keychain.store, dataDir)
    await pbx?.stop()
  })

  it('swaps extension 1102\'s handset for a new IPEI on the PBX, the batch keeps it; bad usage and refusals exit 2 or 1, nothing changed', async () => {
    const csv = join(dir, 'site.csv')
    writeFileSync(csv, ['Base MAC,Base name,IPUI,Extension,Name', '00:15:65:E4:00:01,Hall,00AE200001,1101,Anna', '00:15:65:E4:00:01,Hall,00AE200002,1102,Ben'].join('\r\n') + '\r\n')
    expect((await cli(['batch', 'import', csv, '--vendor', 'Yealink', '--model', 'W70B'])).code).toBe(0)
    expect((await cli(['batch', 'push', 'site', '--pbx', 'Demo Company'])).code).toBe(0)

    // without a terminal, --yes is needed: nothing done
    const unattended = await cli(['batch', 'swap', 'site', '1102', '00AE2000FF'])
    expect(unattended.stderr).toMatch(/Nothing was done: add --yes to swap unattended\./)
    expect(unattended.code).toBe(2)
    // the new IPUI is Anna's: refused, naming her
    const taken = await cli(['batch', 'swap', 'site', '1102', '00AE200001', '--yes'])
    expect(taken.stderr).toMatch(/to: IPUI 00AE200001 is handset row 1 \(1101 Anna 00AE200001\) of this batch already\./)
    expect(taken.code).toBe(2)

    // 00AE2000FF as its box prints the IPEI: 02786 0000255, check digit 2
    const swapped = await cli(['batch', 'swap', 'site', '1102', '0278600002552', '--yes', '--json'])
    expect(swapped.code, swapped.stderr).toBe(0)
    expect(jsonOf<HandsetSwapAnswer>(swapped)).toMatchObject({ from: '00AE200002', to: '00AE2000FF', extension: '1102', baseName: 'Hall', finished: false })
    expect(swapped.stderr).toMatch(/Reprint its label: `pbx-provisioner batch labels "site" labels\.pdf`\./)
    const caller = await signedIn(pbx.url)
    const hall = (await createDectPhonesClient(caller).list()).items.find((p) => p.mac === '001565E40001')!
    expect((await createDectMembersClient(caller).list(hall.id)).map((m) => [m.extension_number, m.ipui])).toEqual([
      ['1101', '00AE200001'],
      ['1102', '00AE2000FF'],
    ])
    const batch = jsonOf<Batch>(await cli(['batch', 'show', 'site', '--json']))
    expect(batch.handsets[1]).toMatchObject({ values: { ipui: '00AE2000FF' }, swaps: [{ from: '00AE200002', to: '00AE2000FF' }] })
    // the text: one sentence
    const again = await cli(['batch', 'swap', 'site', '00AE2000FF', '00AE2000FE', '--yes'])
    expect(again.code, again.stderr).toBe(0)
    expect(again.stdout).toMatch(/^Handset 00AE2000FE now rings for extension 1102 on 'Hall' as handset \d+, in place of 00AE2000FF\.$/m)
  })
  it("moves extension 1202's handset from Hall to Yard on the PBX, the batch keeps it; without --yes or to a base the batch lacks, nothing moves", async () => {
    const csv = join(dir, 'move-site.csv')
    writeFileSync(
      csv,
      ['Base MAC,Base name,IPUI,Extension,Name', '00:15:65:E5:00:01,Hall,00AE210001,1201,Anna', '00:15:65:E5:00:01,Hall,00AE210002,1202,Ben', '00:15:65:E5:00:02,Yard,00AE210003,1203,Clara'].join('\r\n') + '\r\n',
    )
    expect((await cli(['batch', 'import', csv, '--vendor', 'Yealink', '--model', 'W70B'])).code).toBe(0)
    expect((await cli(['batch', 'push', 'move-site', '--pbx', 'Demo Company'])).code).toBe(0)
    const caller = await signedIn(pbx.url)
    const phones = (await createDectPhonesClient(caller).list()).items
    const membersOf = async (mac: string) => (await createDectMembersClient(caller).list(phones.find((p) => p.mac === mac)!.id)).map((m) => [m.extension_number, m.ipui, m.handset_index])
    const before = { hall: await membersOf('001565E50001'), yard: await membersOf('001565E50002') }

    const unattended = await cli(['batch', 'move', 'move-site', '1202', 'Yard'])
    expect(unattended.stderr).toMatch(/Nothing was done: add --yes to move unattended\./)
    expect(unattended.code).toBe(2)
    const nowhere = await cli(['batch', 'move', 'move-site', '1202', 'Loft', '--yes'])
    expect(nowhere.stderr).toMatch(/to: the batch "move-site" has no base Loft/)
    expect(nowhere.code).toBe(2)
    expect({ hall: await membersOf('001565E50001'), yard: await membersOf('001565E50002') }).toEqual(before)

    const moved = await cli(['batch', 'move', 'move-site', '1202', '00:15:65:E5:00:02', '--yes', '--json'])
    expect(moved.code, moved.stderr).toBe(0)
    expect(jsonOf<HandsetMoveAnswer>(moved)).toMatchObject({ ipui: '00AE210002', extension: '1202', fromName: 'Hall', toName: 'Yard', finished: false })
    expect(await membersOf('001565E50001')).toEqual(before.hall.filter((m) => m[0] !== '1202'))
    expect(await membersOf('001565E50002')).toEqual([...before.yard, ['1202', '00AE210002', 2]])
    const batch = jsonOf<Batch>(await cli(['batch', 'show', 'move-site', '--json']))
    expect(batch.handsets[1]).toMatchObject({ values: { base_mac: '001565E50002' }, moves: [{ from: '001565E50001', to: '001565E50002' }] })
    // the text: one sentence
    const back = await cli(['batch', 'move', 'move-site', '1202', 'Hall', '--yes'])
    expect(back.code, back.stderr).toBe(0)
    expect(back.stdout).toMatch(/^Handset 00AE210002 rings for extension 1202 on 'Hall' as handset 2, no longer on 'Yard'\.$/m)
  })

  it("renumbers extension 1232's handset to 1235 on its base, the batch keeps it; without --yes, to a held extension or one with no user, nothing changes", async () => {
    const csv = join(dir, 'renumber-site.csv')
    writeFileSync(csv, ['Base MAC,Base name,IPUI,Extension,Name', '00:15:65:E6:00:01,Hall,00AE220001,1231,Anna', '00:15:65:E6:00:01,Hall,00AE220002,1232,Ben'].join('\r\n') + '\r\n')
    expect((await cli(['batch', 'import', csv, '--vendor', 'Yealink', '--model', 'W70B'])).code).toBe(0)
    expect((await cli(['batch', 'push', 'renumber-site', '--pbx', 'Demo Company'])).code).toBe(0)
    const caller = await signedIn(pbx.url)
    const hall = (await createDectPhonesClient(caller).list()).items.find((p) => p.mac === '001565E60001')!
    const members = async () => (await createDectMembersClient(caller).list(hall.id)).map((m) => [m.extension_number, m.ipui, m.handset_index])
    const before = await members()

    const unattended = await cli(['batch', 'renumber', 'renumber-site', '1232', '1235'])
    expect([unattended.code, unattended.stderr]).toEqual([2, expect.stringMatching(/Nothing was done: add --yes to renumber unattended\./)])
    const held = await cli(['batch', 'renumber', 'renumber-site', '1232', '1231', '--yes'])
    expect([held.code, held.stderr]).toEqual([2, expect.stringMatching(/to: extension 1231 is handset row 1 \(1231 Anna 00AE220001\) of this batch already\./)])
    const unknown = await cli(['batch', 'renumber', 'renumber-site', '1232', '1999', '--yes'])
    expect([unknown.code, unknown.stderr]).toEqual([2, expect.stringMatching(/to: extension 1999 has no user on the PBX/)])
    const notDigits = await cli(['batch', 'renumber', 'renumber-site', '1232', '12a5', '--yes'])
    expect([notDigits.code, notDigits.stderr]).toEqual([2, expect.stringMatching(/to: type the new extension: 3 to 64 digits/)])
    expect(await members()).toEqual(before)

    const renumbered = await cli(['batch', 'renumber', 'renumber-site', '00AE220002', '1235', '--yes', '--json'])
    expect(renumbered.code, renumbered.stderr).toBe(0)
    expect(jsonOf<HandsetRenumberAnswer>(renumbered)).toMatchObject({ ipui: '00AE220002', from: '1232', to: '1235', baseName: 'Hall', finished: false })
    expect(await members()).toEqual(before.map((m) => (m[0] === '1232' ? ['1235', m[1], m[2]] : m)))
    const batch = jsonOf<Batch>(await cli(['batch', 'show', 'renumber-site', '--json']))
    expect(batch.handsets[1]).toMatchObject({ values: { extension: '1235' }, renumbers: [{ from: '1232', to: '1235' }] })
    // the text: one sentence
    const back = await cli(['batch', 'renumber', 'renumber-site', '1235', '1232', '--yes'])
    expect(back.code, back.stderr).toBe(0)
    expect(back.stdout).toMatch(/^Handset 00AE220002 rings for extension 1232 on 'Hall' as handset 2, no longer for 1235\.$/m)
    expect(await members()).toEqual(before)
  })
})
