import { rowHasErrors, withDefaults, type BatchDefaults } from '../../../electron/contract/dect'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BatchRow } from '../../../electron/contract/dect'
import type { DectPhone } from '../../../electron/contract/pbx'
import { startDemoPbx, type DemoPbx } from '../../../electron/demo-pbx'
import { parseCodecs } from '../../../electron/services/dect/cell-spellings'
import { findDuplicateMacs, flagMacsOnPbx } from '../../../electron/services/dect/mac-clashes'
import { buildRow, rawOf, revalidateRow } from '../../../electron/services/dect/row-validation'
import { importCsv } from '../../../electron/services/dect/csv-import'

const BASE = { mac: '00:15:65:AA:BB:CC', name: 'Reception', vendor: 'Yealink', model: 'W70B' }
const problems = (row: BatchRow): string[] => row.problems.map((p) => `${p.severity} ${p.field}: ${p.message}`)
const row = (raw: Record<string, string>, defaults = {}, n = 1): BatchRow => buildRow(raw, defaults, n, `id-${n}`)

describe('buildRow', () => {
  it('a good row: trimmed, MAC normalised, pending, no problems', () => {
    const r = row({ mac: ' 00:15:65:aa:bb:cc ', name: '  Zoë  ', extension: ' 101 ', vendor: 'Yealink', model: 'W70B', template: '', tone: '   ' })
    expect(r).toEqual({
      id: 'id-1',
      row: 1,
      values: { mac: '001565AABBCC', name: 'Zoë', extension: '101', vendor: 'Yealink', model: 'W70B' },
      problems: [],
      outcome: { state: 'pending' },
    })
  })

  it('gives each row a new id unless one is given', () => {
    const a = buildRow(BASE, {}, 1)
    const b = buildRow(BASE, {}, 2)
    expect(a.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(a.id).not.toBe(b.id)
  })

  it('checks empty cells with the batch defaults but keeps only its own cells, and a cell wins over its default', () => {
    const defaults = {
      vendor: 'Snom', model: 'M400', template: 'snom_m400.xml', language: 'GERMAN', handset_language: 'FRENCH',
      timezone: 'Europe/Berlin', region: 'Germany', tone: 'Germany', interface: 'SBC_DOMAIN', preferred_transport: 'TLS',
      codecs: ['G722', 'PCMA'], rps: true, https: false,
    } satisfies BatchDefaults
    const filled = row({ mac: '001565AABBCC', name: 'A' }, defaults)
    // the row keeps its own cells; the defaults are what it stands for at check and push time
    expect(filled.values).toEqual({ mac: '001565AABBCC', name: 'A' })
    expect(withDefaults(filled.values, defaults)).toEqual({ mac: '001565AABBCC', name: 'A', ...defaults, codecs: ['G722', 'PCMA'] })
    expect(filled.problems).toEqual([])
    // without the defaults the same row lacks its vendor and model
    expect(row({ mac: '001565AABBCC', name: 'A' }).problems.map((p) => p.field)).toEqual(['vendor', 'model'])
    const own = row({ ...BASE, language: 'English', https: 'yes', codecs: 'PCMU' }, defaults)
    expect(own.values).toMatchObject({ vendor: 'Yealink', model: 'W70B', language: 'ENGLISH', https: true, codecs: ['PCMU'] })
  })

  it.each([
    ['yes', true], ['Yes', true], ['y', true], ['true', true], ['TRUE', true], ['1', true], ['x', true], ['X', true], ['ja', true], ['on', true], ['oui', true],
    ['no', false], ['No', false], ['n', false], ['false', false], ['0', false], ['nein', false], ['off', false], ['non', false],
  ])('https %j → %s', (cell, value) => {
    const r = row({ ...BASE, https: cell, rps: cell })
    expect(r.values.https).toBe(value)
    expect(r.values.rps).toBe(value)
    expect(r.problems).toEqual([])
  })

  it.each([
    ['English', 'ENGLISH'], ['ENGLISH', 'ENGLISH'], ['en', 'ENGLISH'], ['en-GB', 'ENGLISH'], ['en_US', 'ENGLISH'],
    ['Deutsch', 'GERMAN'], ['german', 'GERMAN'], ['de-AT', 'GERMAN'], ['Français', 'FRENCH'], ['francais', 'FRENCH'],
    ['Nederlands', 'DUTCH'], ['中文', 'CHINESE'], ['日本語', 'JAPANESE'], ['polski', 'POLISH'], ['Русский', 'RUSSIAN'],
    ['Español', 'SPANISH'], ['svenska', 'SWEDISH'], ['Українська', 'UKRAINIAN'], ['Български', 'BULGARIAN'], ['Ελληνικά', 'GREEK'],
    ['italiano', 'ITALIAN'],
  ])('language %j → %s', (cell, value) => {
    const r = row({ ...BASE, language: cell, handset_language: cell })
    expect(r.values.language).toBe(value)
    expect(r.values.handset_language).toBe(value)
    expect(r.problems).toEqual([])
  })

  it.each([
    ['web domain', 'WEB_DOMAIN'], ['WEB_DOMAIN', 'WEB_DOMAIN'], ['Web-Domain', 'WEB_DOMAIN'], ['public ipv4', 'PUBLIC_IPV4'],
    ['Public IPv6', 'PUBLIC_IPV6'], ['private_ipv4', 'PRIVATE_IPV4'], ['private ipv6', 'PRIVATE_IPV6'], ['SBC', 'SBC_DOMAIN'], ['sbc domain', 'SBC_DOMAIN'],
  ])('interface %j → %s', (cell, value) => {
    expect(row({ ...BASE, interface: cell }).values.interface).toBe(value)
  })

  it.each([['udp', 'UDP'], ['Tcp', 'TCP'], ['TLS', 'TLS'], ['SIP/UDP', 'UDP'], ['sips', 'TLS']])('transport %j → %s', (cell, value) => {
    expect(row({ ...BASE, preferred_transport: cell }).values.preferred_transport).toBe(value)
  })

  it.each([
    ['PCMU;PCMA', ['PCMU', 'PCMA']],
    ['PCMU, PCMA', ['PCMU', 'PCMA']],
    ['pcmu pcma g722', ['PCMU', 'PCMA', 'G722']],
    ['G.722 | G.711a | G.711u', ['G722', 'PCMA', 'PCMU']],
    ['opus,ilbc,G726', ['OPUS', 'iLBC', 'G726']],
    ['AMR-WB', ['AMR-WB']],
  ])('codecs %j', (cell, list) => {
    expect(parseCodecs(cell)).toEqual(list)
    expect(row({ ...BASE, codecs: cell }).values.codecs).toEqual(list)
  })

  it('names the value in every problem', () => {
    const r = row({
      mac: '00:15:65',
      name: 'N'.repeat(70),
      vendor: 'Yealink',
      model: 'W70B',
      language: 'Klingon',
      handset_language: 'Elvish',
      interface: 'carrier pigeon',
      preferred_transport: 'SCTP',
      rps: 'maybe',
      codecs: 'PCMU;PCMA;pcmu',
      timezone: 'T'.repeat(65),
      extension: '10a',
    })
    expect(problems(r)).toEqual([
      "warning extension: extension '10a' is not a phone extension (digits, * # and + only); it is printed on the label as it is",
      'error mac: MAC 00:15:65 has 6 of 12 hex digits',
      "error language: language 'Klingon' is not one of ENGLISH, CHINESE, DUTCH, FRENCH, GERMAN, GREEK, ITALIAN, JAPANESE, POLISH, RUSSIAN, SPANISH, SWEDISH, UKRAINIAN, BULGARIAN",
      "error handset_language: handset language 'Elvish' is not one of ENGLISH, CHINESE, DUTCH, FRENCH, GERMAN, GREEK, ITALIAN, JAPANESE, POLISH, RUSSIAN, SPANISH, SWEDISH, UKRAINIAN, BULGARIAN",
      "error interface: interface 'carrier pigeon' is not one of WEB_DOMAIN, PUBLIC_IPV4, PUBLIC_IPV6, PRIVATE_IPV4, PRIVATE_IPV6, SBC_DOMAIN",
      "error preferred_transport: preferred transport 'SCTP' is not one of UDP, TCP, TLS",
      "error rps: rps 'maybe' is not yes or no (write yes/no, true/false, 1/0 or x for yes)",
      `error name: name '${'N'.repeat(39)}…' must be at most 64 characters`,
      `error timezone: timezone '${'T'.repeat(39)}…' must be at most 64 characters`,
      "error codecs: codecs 'PCMU, PCMA, PCMU' name PCMU twice",
    ])
    expect(rowHasErrors(r)).toBe(true)
    // the cells stay visible in the preview
    expect(r.values).toMatchObject({ mac: '00:15:65', language: 'Klingon', interface: 'carrier pigeon' })
  })

  it('required fields: missing name, MAC, vendor, model', () => {
    expect(problems(row({ extension: '100' }))).toEqual([
      'error mac: MAC is missing',
      'error name: name is missing',
      'error vendor: vendor is missing: fill the column or set it in the batch defaults',
      'error model: model is missing: fill the column or set it in the batch defaults',
    ])
  })

  it('a cell it cannot read falls back to the batch default, as a warning', () => {
    const r = row({ ...BASE, language: 'Klingon', https: 'vielleicht' }, { language: 'GERMAN', https: true })
    expect(r.values).toMatchObject({ language: 'GERMAN', https: true })
    expect(problems(r)).toEqual([
      "warning language: language 'Klingon' is not one of ENGLISH, CHINESE, DUTCH, FRENCH, GERMAN, GREEK, ITALIAN, JAPANESE, POLISH, RUSSIAN, SPANISH, SWEDISH, UKRAINIAN, BULGARIAN; the batch default GERMAN is used instead",
      "warning https: https 'vielleicht' is not yes or no (write yes/no, true/false, 1/0 or x for yes); the batch default true is used instead",
    ])
    expect(rowHasErrors(r)).toBe(false)
  })

  it('revalidateRow rebuilds a row from its (edited) values, keeping id, number and outcome', () => {
    const original = row({ ...BASE, mac: '00:15:65' }, {}, 7)
    expect(rowHasErrors(original)).toBe(true)
    const edited: BatchRow = { ...original, values: { ...original.values, mac: '00-15-65-AA-BB-01' }, outcome: { state: 'failed', error: 'x' } }
    const again = revalidateRow(edited, {})
    expect(again).toEqual({ ...edited, values: { ...edited.values, mac: '001565AABB01' }, problems: [] })
    expect(rawOf({ codecs: ['PCMU', 'PCMA'], rps: false, name: 'A' })).toEqual({ codecs: 'PCMU, PCMA', rps: 'no', name: 'A' })
  })
})

describe('buildRow: MACs no phone has, and U+FFFD', () => {
  it('refuses broadcast, all zeros and multicast with why (field mac); a locally administered MAC is a warning', () => {
    expect(problems(row({ ...BASE, mac: 'FF:FF:FF:FF:FF:FF' }, {}, 14))).toEqual(['error mac: MAC FF:FF:FF:FF:FF:FF is the broadcast address; no phone has it'])
    expect(problems(row({ ...BASE, mac: '000000000000' }))).toEqual([
      "error mac: MAC 00:00:00:00:00:00 is all zeros; no phone has it (a placeholder?): type the MAC from the phone's label",
    ])
    expect(problems(row({ ...BASE, mac: '01-00-5E-7F-00-01' }))).toEqual([
      "error mac: MAC 01:00:5E:7F:00:01 is a multicast address (its first octet 01 is odd); no phone has one: check it against the phone's label",
    ])
    const local = row({ ...BASE, mac: '02:15:65:AA:BB:CC' })
    expect(rowHasErrors(local)).toBe(false)
    expect(local.values.mac).toBe('021565AABBCC')
    expect(problems(local)).toEqual([
      `warning mac: MAC 02:15:65:AA:BB:CC is locally administered (its first octet 02 has the "local" bit set), not a maker's: check it against the phone's label`,
    ])
  })

  it('a refused MAC is no duplicate of another row holding it: each is refused for what it is', () => {
    const out = findDuplicateMacs([row({ ...BASE, mac: 'FFFFFFFFFFFF' }, {}, 1), row({ ...BASE, mac: 'ff:ff:ff:ff:ff:ff' }, {}, 2)])
    expect(out.map(problems)).toEqual([
      ['error mac: MAC FF:FF:FF:FF:FF:FF is the broadcast address; no phone has it'],
      ['error mac: MAC FF:FF:FF:FF:FF:FF is the broadcast address; no phone has it'],
    ])
  })

  it('a name (or another text cell) with U+FFFD: a warning naming the field, the row still pushable', () => {
    const r = row({ ...BASE, name: 'B\uFFFDro J\uFFFDrgen' }, {}, 7)
    expect(rowHasErrors(r)).toBe(false)
    expect(r.problems).toEqual([
      { field: 'name', severity: 'warning', message: "name 'B\uFFFDro J\uFFFDrgen' contains \uFFFD (U+FFFD): the file's encoding was not recognised; check the name" },
    ])
    expect(problems(row({ ...BASE, template: 'Gro\uFFFD' }))).toEqual([
      "warning template: template 'Gro\uFFFD' contains \uFFFD (U+FFFD): the file's encoding was not recognised; check the template",
    ])
    // an edit that fixes the name takes the warning away
    expect(revalidateRow({ ...r, values: { ...r.values, name: 'Büro Jürgen' } }, {}).problems).toEqual([])
  })
})

describe('findDuplicateMacs', () => {
  it('flags every row whose MAC repeats another row, whatever form it was written in', () => {
    const rows = [
      row({ ...BASE, mac: '001565AABBCC' }, {}, 1),
      row({ ...BASE, mac: '001565AABB02' }, {}, 2),
      row({ ...BASE, mac: '00:15:65:aa:bb:cc' }, {}, 3),
      row({ ...BASE, mac: '0015.65aa.bbcc' }, {}, 4),
      row({ ...BASE, mac: '00:15:65' }, {}, 5),
      row({ ...BASE, mac: '00:15:65' }, {}, 6),
    ]
    const out = findDuplicateMacs(rows)
    expect(out.map(problems)).toEqual([
      // the first keeps the MAC and stays pushable; the later ones are kept out of the push
      ['warning mac: MAC 00:15:65:AA:BB:CC is also in rows 3 and 4, which are left out of the push'],
      [],
      ['error mac: MAC 00:15:65:AA:BB:CC is also in row 1: this row is left out of the push; remove it or correct its MAC'],
      ['error mac: MAC 00:15:65:AA:BB:CC is also in row 1: this row is left out of the push; remove it or correct its MAC'],
      // broken MACs are reported as broken, not as duplicates
      ['error mac: MAC 00:15:65 has 6 of 12 hex digits'],
      ['error mac: MAC 00:15:65 has 6 of 12 hex digits'],
    ])
    expect(out[1]).toBe(rows[1])
    // calling it again adds nothing
    expect(findDuplicateMacs(out).map(problems)).toEqual(out.map(problems))
  })

  it('two rows: "is also in row 3"; many: the first five and how many more', () => {
    const two = findDuplicateMacs([row(BASE, {}, 1), row(BASE, {}, 3)])
    expect(problems(two[0] as BatchRow)).toEqual(['warning mac: MAC 00:15:65:AA:BB:CC is also in row 3, which is left out of the push'])
    const many = findDuplicateMacs(Array.from({ length: 9 }, (_, i) => row(BASE, {}, i + 1)))
    expect(problems(many[0] as BatchRow)).toEqual(['warning mac: MAC 00:15:65:AA:BB:CC is also in rows 2, 3, 4, 5, 6 and 3 more, which are left out of the push'])
    expect(many.slice(1).every((r) => rowHasErrors(r) && problems(r)[0]!.includes('is also in row 1:'))).toBe(true)
  })

  it('the row that keeps a MAC: one on the PBX already, else the first without another error, else the first', () => {
    const pushedLater = { ...row(BASE, {}, 5), outcome: { state: 'created' as const, phoneId: 'p1' } }
    const onPbx = findDuplicateMacs([row(BASE, {}, 1), pushedLater])
    expect(onPbx.map(rowHasErrors)).toEqual([true, false])
    expect(problems(onPbx[0]!)).toEqual(['error mac: MAC 00:15:65:AA:BB:CC is also in row 5: this row is left out of the push; remove it or correct its MAC'])

    const firstBroken = findDuplicateMacs([row({ ...BASE, name: '' }, {}, 1), row(BASE, {}, 2), row(BASE, {}, 3)])
    expect(firstBroken.map((r) => problems(r).filter((p) => p.includes('also in')))).toEqual([
      ['error mac: MAC 00:15:65:AA:BB:CC is also in row 2: this row is left out of the push; remove it or correct its MAC'],
      ['warning mac: MAC 00:15:65:AA:BB:CC is also in rows 1 and 3, which are left out of the push'],
      ['error mac: MAC 00:15:65:AA:BB:CC is also in row 2: this row is left out of the push; remove it or correct its MAC'],
    ])

    // a row removed or corrected: the flags of an earlier call go, none is left behind
    const again = findDuplicateMacs([firstBroken[0]!, { ...firstBroken[1]!, values: { ...firstBroken[1]!.values, mac: '001565AABB99' } }])
    expect(again.map((r) => problems(r).filter((p) => p.includes('also in')))).toEqual([[], []])
  })
})

describe('flagMacsOnPbx against the demo PBX', () => {
  let pbx: DemoPbx
  let phones: DectPhone[]

  beforeAll(async () => {
    pbx = await startDemoPbx({ port: 0 })
    const signIn = await fetch(`${pbx.url}/api/auth/sign_in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'manager', password: 'manager', domain: 'demo.pbx.example' }),
    })
    expect(signIn.status).toBe(200)
    const { access_token: token } = (await signIn.json()) as { access_token: string }
    const list = await fetch(`${pbx.url}/api/dect_phones`, { headers: { authorization: `Bearer ${token}` } })
    expect(list.status).toBe(200)
    phones = ((await list.json()) as { items: DectPhone[] }).items
  })
  afterAll(async () => {
    await pbx.stop()
  })

  it('warns for a MAC already on the PBX (any spelling): matched under the same name, reported under another; leaves the others alone', () => {
    const reception = phones.find((p) => p.name === 'Reception base') as DectPhone
    expect(reception.mac).toBe('805EC0A1B2C3')
    const rows = [
      row({ ...BASE, mac: '80:5e:c0:a1:b2:c3', name: 'Reception base' }, {}, 1),
      row({ ...BASE, mac: '001565AABB01' }, {}, 2),
      row({ ...BASE, mac: '80-5E-C0-A1' }, {}, 3),
      row({ ...BASE, mac: '805EC0A1B2C3', name: 'Reception again' }, {}, 4),
    ]
    const out = flagMacsOnPbx(rows, phones)
    expect(problems(out[0] as BatchRow)).toEqual([
      `warning mac: MAC 805EC0A1B2C3 is already on the PBX as 'Reception base' (id ${reception.id}): the push will match it, not create it`,
    ])
    expect(rowHasErrors(out[0] as BatchRow)).toBe(false)
    expect(out[1]).toBe(rows[1])
    expect(problems(out[2] as BatchRow)).toEqual(['error mac: MAC 80-5E-C0-A1 has 8 of 12 hex digits'])
    expect(problems(out[3] as BatchRow)).toEqual([
      `warning mac: MAC 805EC0A1B2C3 is already on the PBX as 'Reception base' (id ${reception.id}), another phone: the push will report this row, not create it`,
    ])
  })

  it('importCsv flags them when given the target\'s phones', () => {
    const text = 'MAC;Name;Model\n7C:2F:80:44:55:66;Office;N670\n7C:2F:80:44:55:67;Office 2;N670\n'
    const result = importCsv({ fileName: 'site.csv', text, defaults: { vendor: 'Gigaset' }, existingPhones: phones })
    const office = phones.find((p) => p.mac === '7C2F80445566') as DectPhone
    expect(problems(result.rows[0] as BatchRow)).toEqual([
      `warning mac: MAC 7C2F80445566 is already on the PBX as 'Office base' (id ${office.id}), another phone: the push will report this row, not create it`,
    ])
    expect(result.rows[1]?.problems).toEqual([])
    expect(result.counts).toEqual({ rows: 2, withErrors: 0, handsets: 0, handsetsWithErrors: 0 })
  })
})
