import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { plainHttpWarner } from '../../../electron/cli/plain-http'
import { PLAIN_HTTP_RISK } from '../../../electron/contract/pbx-address'
import { jsonOf, runCli, tempDir } from './run-cli'

/**
 * Plain http, warned on the command line as in the app (issue 39): on stderr, once per PBX in a
 * run, for an address off this computer; https and loopback say nothing; --json stays clean.
 */
describe('the plain-http warning', () => {
  it('names the PBXs reached over plain http off this computer, once each per run', () => {
    const notes: string[] = []
    const warn = plainHttpWarner({ note: (text) => void notes.push(text) })
    warn([
      { label: 'Far', baseUrl: 'http://10.0.0.5:8888' },
      { label: 'Farther', baseUrl: 'http://pbx.example.com' },
      { label: 'Safe', baseUrl: 'https://pbx.example.com' },
      { label: 'Here', baseUrl: 'http://127.0.0.1:8901' },
    ])
    warn([{ label: 'Far', baseUrl: 'http://10.0.0.5:8888' }])
    warn([{ label: 'Other', baseUrl: 'http://192.168.1.20' }])
    expect(notes).toEqual([
      `Warning: 2 PBXs are reached over plain http ("Far", "Farther"): ${PLAIN_HTTP_RISK}`,
      `Warning: "Other" is reached over plain http (http://192.168.1.20): ${PLAIN_HTTP_RISK}`,
    ])
  })

  it('`pbx list` warns on stderr; its JSON on stdout stays clean', { timeout: 30_000 }, async () => {
    const dataDir = tempDir('pbx-cli-http-')
    const saved = (id: string, label: string, baseUrl: string) => ({
      id, label, baseUrl, username: 'manager', domain: 'demo.pbx.example', signInMethod: 'sign_in', customer: '', tags: [], notes: '',
      createdAt: '2026-12-01T09:00:00.000Z', lastUsedAt: null, rememberPassword: false, trustedCertificate: null, demo: false,
    })
    writeFileSync(join(dataDir, 'profiles.json'), JSON.stringify({ version: 1, profiles: [saved('a', 'Far', 'http://10.0.0.5:8888'), saved('b', 'Safe', 'https://pbx.example.com')] }))
    const listed = await runCli(['pbx', 'list', '--json'], { dataDir })
    expect(listed.code, listed.stderr).toBe(0)
    expect(jsonOf<unknown[]>(listed)).toHaveLength(2)
    expect(listed.stderr).toBe(`Warning: "Far" is reached over plain http (http://10.0.0.5:8888): ${PLAIN_HTTP_RISK}\n`)
  })
})
