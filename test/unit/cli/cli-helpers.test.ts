import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import type { PbxProfile } from '../../../electron/contract/profiles'
import { normalFingerprint } from '../../../electron/cli/certificate-text'
import { decisionLines } from '../../../electron/cli/commands/outbound'
import { appDataDir, dataDirOf } from '../../../electron/cli/data-dir'
import { exitCodeOf } from '../../../electron/cli/exit-codes'
import { figureWords, reachWords, wasRead } from '../../../electron/cli/fleet-text'
import { formatTable } from '../../../electron/cli/output'
import { passwordSource, type PasswordIo } from '../../../electron/cli/password-input'
import { findPbx } from '../../../electron/cli/pbx-names'
import { thrown } from './run-cli'

// The command line's small parts, in-process; cli.test.ts runs the whole of it.

describe('the data folder', () => {
  it("is the desktop app's userData on each platform", () => {
    expect(appDataDir('linux', {}, '/home/ann')).toBe('/home/ann/.config/PBX Provisioner')
    expect(appDataDir('linux', { XDG_CONFIG_HOME: '/xdg' }, '/home/ann')).toBe('/xdg/PBX Provisioner')
    expect(appDataDir('darwin', {}, '/Users/ann')).toBe('/Users/ann/Library/Application Support/PBX Provisioner')
    expect(appDataDir('win32', { APPDATA: 'C:\\Users\\ann\\AppData\\Roaming' }, 'C:\\Users\\ann')).toBe('C:\\Users\\ann\\AppData\\Roaming\\PBX Provisioner')
    expect(appDataDir('win32', {}, 'C:\\Users\\ann')).toBe('C:\\Users\\ann\\AppData\\Roaming\\PBX Provisioner')
  })

  it('--data-dir comes first, then $PBX_PROVISIONER_DATA_DIR', () => {
    expect(dataDirOf('/a', { PBX_PROVISIONER_DATA_DIR: '/b' })).toBe('/a')
    expect(dataDirOf(undefined, { PBX_PROVISIONER_DATA_DIR: '/b' })).toBe('/b')
    expect(dataDirOf('  ', { PBX_PROVISIONER_DATA_DIR: '/b' })).toBe('/b')
  })
})

describe('passwords', () => {
  const io = (more: Partial<PasswordIo> = {}): PasswordIo => ({ env: {}, stdin: Readable.from([]), stderr: { write: () => true }, interactive: false, ...more })

  it('from an environment variable named by --password-env', async () => {
    expect(await passwordSource({ passwordEnv: 'PW' }, '', io({ env: { PW: 's3cret' } }))()).toBe('s3cret')
    expect(thrown(() => passwordSource({ passwordEnv: 'PW' }, '', io())).message).toMatch(/PW named by --password-env is not set/)
    expect(thrown(() => passwordSource({ passwordEnv: 'hunter2!' }, '', io())).message).toMatch(/takes the name of an environment variable/)
  })

  it('from stdin, without the line ending of the pipe', async () => {
    expect(await passwordSource({ passwordStdin: true }, '', io({ stdin: Readable.from(['pass word\n']) }))()).toBe('pass word')
    expect(await passwordSource({ passwordStdin: true }, '', io({ stdin: Readable.from(['a\r\n']) }))()).toBe('a')
    await expect(passwordSource({ passwordStdin: true }, '', io({ stdin: Readable.from(['\n']) }))()).rejects.toThrow(/empty password/)
  })

  it('with neither and no terminal: bad usage, before anything is done', () => {
    const error = thrown(() => passwordSource({}, '', io()))
    expect(error.exitCode).toBe(2)
    expect(error.message).toMatch(/--password-env VAR .* --password-stdin/)
  })
})

describe('naming a saved PBX', () => {
  const profile = (id: string, label: string) => ({ id, label, username: 'u', baseUrl: 'https://pbx' }) as PbxProfile
  const saved = [profile('p1', 'Acme'), profile('p2', 'acme'), profile('p3', 'Beta'), profile('p4', 'Twin'), profile('p5', 'Twin')]

  it('by id, by name, by name in any case', () => {
    expect(findPbx(saved, 'p3').id).toBe('p3')
    expect(findPbx(saved, 'acme').id).toBe('p2')
    expect(findPbx(saved, 'BETA').id).toBe('p3')
  })

  it('unknown and ambiguous names are bad usage naming the candidates', () => {
    expect(thrown(() => findPbx(saved, 'ACME')).message).toMatch(/"ACME" names 2 saved PBXs: "Acme" \(id p1, .*\), "acme" \(id p2, .*\)\. Name one by its id\./)
    expect(thrown(() => findPbx(saved, 'Twin')).exitCode).toBe(2)
    expect(thrown(() => findPbx(saved, 'bet')).message).toMatch(/No saved PBX is named "bet"\. Did you mean "Beta"\?/)
    expect(thrown(() => findPbx(saved, 'zzz')).message).toMatch(/Saved PBXs: "Acme", "acme", "Beta", "Twin", "Twin"\./)
    expect(thrown(() => findPbx([], 'x')).message).toMatch(/No PBX is saved yet/)
  })
})

describe('words and numbers', () => {
  it('exit codes: done, failed (all), partly failed', () => {
    expect([exitCodeOf(3, 0), exitCodeOf(0, 2), exitCodeOf(2, 1), exitCodeOf(0, 0)]).toEqual([0, 1, 3, 0])
  })

  it('a fingerprint as typed, in the form the app keeps', () => {
    const hex = 'ab'.repeat(32)
    const colons = Array(32).fill('AB').join(':')
    expect(normalFingerprint(hex)).toBe(colons)
    expect(normalFingerprint(` ${colons.toLowerCase()} `)).toBe(colons)
    expect(thrown(() => normalFingerprint('AB:CD')).exitCode).toBe(2)
  })

  it('a table lines its columns up, numbers to the right', () => {
    expect(formatTable(['PBX', 'RULES', 'NOTE'], [['Acme', '3', 'x'], ['Beta Company', '12', '']], ['left', 'right'])).toEqual([
      'PBX           RULES  NOTE',
      'Acme              3  x',
      'Beta Company     12',
    ])
  })

  it("the fleet's figures in words", () => {
    expect(reachWords({ reach: 'reachable', rttMs: 12.4 })).toBe('reachable 12 ms')
    expect(reachWords({})).toBe('not read yet')
    expect([figureWords(3), figureWords('not_allowed'), figureWords('not_offered'), figureWords(undefined)]).toEqual(['3', 'denied', 'n/a', '-'])
    expect(wasRead({ reach: 'reachable', warnings: [] })).toBe(true)
    expect(wasRead({ reach: 'reachable', warnings: [{ kind: 'failed', text: '' }] })).toBe(false)
    expect(wasRead({ reach: 'unreachable', warnings: [] })).toBe(false)
  })

  it("a number test's decision: the rule, why the others did not apply, the routes", () => {
    const lines = decisionLines({
      call: { number: '0301234567', extension: '1001', at: '2025-06-02T10:00', weekday: 'monday' },
      matched: { ruleId: 'r2', name: 'Local' },
      rules: [
        { ruleId: 'r1', name: 'Emergency', priority: 1, outcome: 'skipped', checks: [{ check: 'prefix', passed: false, text: 'prefix 112 — no' }] },
        { ruleId: 'r2', name: 'Local', priority: 100, outcome: 'matched', checks: [{ check: 'prefix', passed: true, text: 'prefix 0 — yes' }] },
        { ruleId: 'r3', name: 'International', priority: 200, outcome: 'not-reached', checks: [] },
      ],
      routeOrder: 'in-order',
      routes: [
        { position: 1, providerId: 'p1', providerName: 'Telco One', enabled: true, stripDigits: 1, prepend: '+4930', sent: '+49301234567' },
        { position: 2, providerId: 'p2', enabled: false, stripDigits: 0, prepend: '', sent: null, note: 'disabled' },
      ],
    })
    expect(lines).toEqual([
      "Call to 0301234567 from extension 1001, Monday 2025-06-02 10:00 on the PBX's clock.",
      'Decision: rule "Local" applies.',
      '',
      'Rules, in the order the PBX tries them:',
      '  skipped      Emergency (priority 1): prefix 112 — no',
      '  MATCHED      Local (priority 100): prefix 0 — yes',
      '  not reached  International (priority 200)',
      '',
      'Routes (the first usable one is tried first, the next ones when it fails):',
      '  1. Telco One: sends +49301234567 (strips 1, prepends +4930)',
      '  2. p2: not used — disabled',
    ])
  })
})
