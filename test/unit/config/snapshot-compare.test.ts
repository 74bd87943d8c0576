import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ConfigComparison } from '../../../electron/contract/config-compare'
import { startDemoPbx } from '../../../electron/demo-pbx'
import type { Services } from '../../../electron/services'
import { profileFields } from '../../support/profile-fields'
import { failure, invoker } from '../invoke'
import { testServices } from '../test-services'

// A PBX's configuration as a file, and compared with another, through the Bridge against three demo
// PBXs at once: two seeded ones (the second changed: a rule edited, a rule added, a template's body
// rewritten, a mail password set) and one with the legacy notification settings and no seed. Each is
// saved as its tenant admin and its system admin, passwords remembered and signed out: the snapshot
// signs in from the keychain.

type Demo = Awaited<ReturnType<typeof startDemoPbx>>
let first: Demo
let second: Demo
let legacy: Demo
let dir: string
let services: Services
let call: ReturnType<typeof invoker>
const ids: Record<string, string> = {}
const MAIL_PASSWORD = 'mail-s3cret-Pa55'

beforeAll(async () => {
  ;[first, second, legacy] = await Promise.all([startDemoPbx({ port: 0 }), startDemoPbx({ port: 0 }), startDemoPbx({ port: 0, seed: false, notificationVariant: 'legacy' })])
  dir = mkdtempSync(join(tmpdir(), 'pbx-config-'))
  services = testServices(dir)
  call = invoker(services.handlers)
  const save = async (key: string, label: string, url: string, username: string, domain = '') => {
    ids[key] = (await call('saveProfile', { fields: profileFields(label, url, username, { domain }) })).id
    await call('signIn', { profileId: ids[key]!, password: username, remember: true })
  }
  await save('first', 'First tenant', first.url, 'manager', 'demo.pbx.example')
  await save('firstSystem', 'First system', first.url, 'admin')
  await save('second', 'Second tenant', second.url, 'manager', 'demo.pbx.example')
  await save('secondSystem', 'Second system', second.url, 'admin')
  await save('legacy', 'Legacy system', legacy.url, 'admin')

  // the second PBX differs from the first
  const rules = await call('listOutboundRules', { profileId: ids.second!, query: { skip: 0, top: 100 } })
  const local = rules.items.find((r) => r.name === 'Local')!
  const full = await call('getOutboundRule', { profileId: ids.second!, ruleId: local.id })
  await call('updateOutboundRule', { profileId: ids.second!, ruleId: local.id, changes: { priority: 150, routes: [{ ...full.routes![0]!, provider_id: full.routes![0]!.provider_id!, prepend: '9' }] } })
  await call('createOutboundRule', { profileId: ids.second!, rule: { name: 'Night', number_prefix: '0800' } })
  const voicemail = (await call('listEmailTemplates', { profileId: ids.second! })).find((t) => t.name === 'VOICEMAIL_RECEIVED')!.template!
  await call('saveEmailTemplate', { profileId: ids.second!, name: 'VOICEMAIL_RECEIVED', template: { body: `${voicemail.body}\nCall us back on 0800 123.` } })
  const mail = await call('getNotificationSettings', { profileId: ids.secondSystem! })
  await call('saveNotificationSettings', { profileId: ids.secondSystem!, variant: 'current', settings: { type: mail.settings.type!, username: mail.settings.username!, password: MAIL_PASSWORD } })

  for (const id of Object.values(ids)) await call('signOut', { profileId: id })
}, 30_000)
afterAll(async () => {
  await services.dispose()
  await Promise.all([first.stop(), second.stop(), legacy.stop()])
  rmSync(dir, { recursive: true, force: true })
})

const partOf = (comparison: ConfigComparison, part: string) => comparison.parts.find((p) => p.part === part)!

describe('a snapshot of a PBX', () => {
  it("holds a tenant's rules with their providers and holidays by name, its templates and bases; the system's parts it may not read say so", async () => {
    const { snapshot, fileName, json } = await call('takeSnapshot', { profileId: ids.first! })
    expect(fileName).toMatch(/^First tenant \d{4}-\d{2}-\d{2}\.pbxconfig\.json$/)
    expect(JSON.parse(json)).toEqual(snapshot)
    expect(snapshot).toMatchObject({ format: 'pbx-provisioner/config-snapshot', version: 1, source: { label: 'First tenant', baseUrl: first.url, domain: 'demo.pbx.example' } })
    if (snapshot.outboundRules.state !== 'read' || snapshot.providers.state !== 'read' || snapshot.dectBases.state !== 'read' || snapshot.emailTemplates.state !== 'read') {
      throw new Error('a tenant admin reads rules, providers, bases and templates')
    }
    // in the PBX's order (by priority)
    expect(snapshot.outboundRules.items.map((r) => r.name)).toEqual(['Emergency', 'Local', 'International'])
    const local = snapshot.outboundRules.items[1]!
    expect(local.routes.map((r) => r.provider_name)).toEqual(['Telco One', 'Backup SIP'].slice(0, local.routes.length))
    const international = snapshot.outboundRules.items[2]!
    expect(international.office_hours.monday).toEqual({ enabled: true, ranges: [{ from: '08:00', to: '18:00' }] })
    expect(snapshot.providers.items.map((p) => p.name)).toEqual(['Telco One', 'Backup SIP'])
    expect(snapshot.emailTemplates.items.map((t) => t.name).sort()).toEqual(['USER_CREATION', 'VOICEMAIL_RECEIVED'])
    // the bases with their members; what the PBX makes itself (url, lines) is left out
    const reception = snapshot.dectBases.items.find((b) => b.name === 'Reception base')!
    expect(reception.members).toEqual([
      { extension_number: '1001', ipui: '00092263DD', handset_index: '1' },
      { extension_number: '1002', ipui: '00092263DE', handset_index: '2' },
    ])
    expect(reception).not.toHaveProperty('url')
    // IVR servers and the notification settings are the system administrator's
    expect(snapshot.ivrServers).toEqual({ state: 'not_allowed' })
    expect(snapshot.notification).toEqual({ state: 'not_allowed' })
  })

  it("the system administrator's: IVR servers and notification settings, never the mail password", async () => {
    const { snapshot, json } = await call('takeSnapshot', { profileId: ids.secondSystem! })
    expect(snapshot.ivrServers.state === 'read' && snapshot.ivrServers.items.map((s) => [s.name, s.type])).toEqual([
      ['Built-in IVR', 'INTERNAL'],
      ['Reception IVR', 'EXTERNAL'],
    ])
    expect(snapshot.notification).toMatchObject({ state: 'read', settings: { server: 'smtp.demo.example', username: 'alerts@demo.example' } })
    expect(json).not.toContain(MAIL_PASSWORD)
    expect(json).not.toMatch(/password/i)
  })

  it('signs in from the keychain without making the PBX "last used"', async () => {
    const before = (await call('listProfiles')).find((p) => p.id === ids.first)!.lastUsedAt
    await call('takeSnapshot', { profileId: ids.first! })
    expect((await call('listProfiles')).find((p) => p.id === ids.first)!.lastUsedAt).toBe(before)
  })
})

describe('comparing two configurations', () => {
  it('two PBXs: the edited rule field by field, the added rule, the rewritten body line by line; equal parts the same', async () => {
    const comparison = await call('compareConfig', { left: { profileId: ids.first! }, right: { profileId: ids.second! } })
    expect(comparison.left).toMatchObject({ label: 'First tenant', fromFile: false })
    const rules = partOf(comparison, 'outboundRules')
    expect(rules.items.map((i) => [i.key, i.status])).toEqual([
      ['Emergency', 'same'],
      ['Local', 'changed'],
      ['International', 'same'],
      ['Night', 'added'],
    ])
    const local = rules.items[1]!
    // only what differs; the rules' ids (each PBX numbers its own) are not compared
    expect(local.changes).toEqual([
      { path: ['priority'], kind: 'changed', before: 100, after: 150 },
      { path: ['routes', 0, 'prepend'], kind: 'changed', before: '', after: '9' },
    ])

    const templates = partOf(comparison, 'emailTemplates')
    const voicemail = templates.items.find((i) => i.key === 'VOICEMAIL_RECEIVED')!
    expect(voicemail.status).toBe('changed')
    const body = voicemail.changes.find((c) => c.path[0] === 'body')!
    expect(body.lines!.filter((l) => l.kind !== 'same')).toEqual([{ kind: 'added', text: 'Call us back on 0800 123.' }])
    expect(templates.items.find((i) => i.key === 'USER_CREATION')!.status).toBe('same')
    expect(partOf(comparison, 'dectBases').items.every((i) => i.status === 'same')).toBe(true)
    // neither tenant admin may read the system's parts
    expect(partOf(comparison, 'ivrServers')).toEqual({ part: 'ivrServers', unread: { left: 'not_allowed', right: 'not_allowed' }, items: [] })
  })

  it('a PBX and a snapshot file: what changed on the PBX since the file was taken', async () => {
    const { json } = await call('takeSnapshot', { profileId: ids.first! })
    const same = await call('compareConfig', { left: { snapshotJson: json }, right: { profileId: ids.first! } })
    expect(same.left.fromFile).toBe(true)
    expect(same.parts.flatMap((p) => p.items).every((i) => i.status === 'same')).toBe(true)

    const system = await call('compareConfig', { left: { profileId: ids.firstSystem! }, right: { profileId: ids.legacy! } })
    // the legacy PBX has no seed: the seeded server is only on the left
    expect(partOf(system, 'ivrServers').items.map((i) => [i.key, i.status])).toEqual([
      ['Built-in IVR', expect.any(String)],
      ['Reception IVR', 'removed'],
    ])
    // the legacy settings have no type: a field removed
    const settings = partOf(system, 'notification').items[0]!
    expect(settings.changes).toEqual(expect.arrayContaining([expect.objectContaining({ path: ['type'], kind: 'removed', before: 'SMTP' })]))
  })

  it('refuses a file that is not a snapshot, of another version, or damaged, saying which and naming the field', async () => {
    const { snapshot } = await call('takeSnapshot', { profileId: ids.first! })
    const right = { profileId: ids.first! }
    const refused = async (snapshotJson: string) => (await failure(call('compareConfig', { left: { snapshotJson }, right }))).message
    expect(await refused('not json')).toBe('This file is not a configuration snapshot: it is not JSON.')
    expect(await refused('{"rows":[]}')).toMatch(/not a configuration snapshot of PBX Provisioner/)
    expect(await refused(JSON.stringify({ ...snapshot, version: 2 }))).toMatch(/of version 2; this app reads version 1/)
    const damaged = structuredClone(snapshot) as unknown as { outboundRules: { items: { priority: unknown }[] } }
    damaged.outboundRules.items[2]!.priority = 'high'
    expect(await refused(JSON.stringify(damaged))).toMatch(/outboundRules\.items\.2\.priority/)
  })
})
