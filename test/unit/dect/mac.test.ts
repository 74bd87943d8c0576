import { describe, expect, it } from 'vitest'
import { isMac, parseMac, parseMacForm } from '../../../electron/services/dect/mac'

describe('parseMac', () => {
  it.each([
    ['001565AABBCC', '001565AABBCC'],
    ['001565aabbcc', '001565AABBCC'],
    ['00:15:65:aa:bb:cc', '001565AABBCC'],
    ['00:15:65:AA:BB:CC', '001565AABBCC'],
    ['00-15-65-AA-BB-CC', '001565AABBCC'],
    ['00-15-65-aa-bb-cc', '001565AABBCC'],
    ['0015.65aa.bbcc', '001565AABBCC'],
    ['0015-65AA-BBCC', '001565AABBCC'],
    ['001565-AABBCC', '001565AABBCC'],
    ['00.15.65.AA.BB.CC', '001565AABBCC'],
    ['00 15 65 AA BB CC', '001565AABBCC'],
    ['  00:15:65:aa:bb:cc  ', '001565AABBCC'],
    ['\t0015.65aa.bbcc\u00a0', '001565AABBCC'],
  ])('accepts %j as %s', (raw, mac) => {
    expect(parseMac(raw)).toEqual({ ok: true, mac })
  })

  it.each([
    ['00:15:65', 'MAC 00:15:65 has 6 of 12 hex digits'],
    ['001565AABBC', 'MAC 001565AABBC has 11 of 12 hex digits'],
    ['00:15:65:GG:AA:BB', 'MAC 00:15:65:GG:AA:BB has a character that is not a hex digit (G)'],
    ['00:15:65:AA:BB:CZ', 'MAC 00:15:65:AA:BB:CZ has a character that is not a hex digit (Z)'],
    ['00:15:65:XY:BB:CC', 'MAC 00:15:65:XY:BB:CC has characters that are not hex digits (X Y)'],
    ['00_15_65_AA_BB_CC', 'MAC 00_15_65_AA_BB_CC has a character that is not a hex digit (_)'],
    ['001565AABBCCDD', 'MAC 001565AABBCCDD has 14 hex digits; a MAC has 12'],
    ['00:15-65:AA:BB:CC', 'MAC 00:15-65:AA:BB:CC has its separators in the wrong places; write it as 001565AABBCC or 00:15:65:AA:BB:CC'],
    ['0:15:65:AA:BB:CCC', 'MAC 0:15:65:AA:BB:CCC has its separators in the wrong places; write it as 001565AABBCC or 00:15:65:AA:BB:CC'],
    ['00:15:65:AA:BB:CC:', 'MAC 00:15:65:AA:BB:CC: has its separators in the wrong places; write it as 001565AABBCC or 00:15:65:AA:BB:CC'],
    ['', 'MAC is missing'],
    ['   ', 'MAC is missing'],
    [
      '1565123456',
      'MAC 1565123456 has 10 of 12 hex digits (a spreadsheet may have dropped leading zeros: format the column as text)',
    ],
    [
      '1.56512E+11',
      'MAC 1.56512E+11 looks like a number a spreadsheet reformatted; format the column as text and type the MAC again',
    ],
  ])('refuses %j: %s', (raw, message) => {
    expect(parseMac(raw)).toEqual({ ok: false, message })
  })

  // the quick test for the accepted spellings must accept no more than the step-by-step checks
  it.each([
    '0015-65AA-BB-CC',
    '001565AABB.CC',
    '00:1565:AABBCC',
    '0015.65aa bbcc',
    '00 15 65:AA:BB:CC',
    '001565 AABB CC',
    '.001565AABBCC',
    '0015..65aa.bbcc',
  ])('refuses the unevenly grouped %j', (raw) => {
    const result = parseMac(raw)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.message).toMatch(/has its separators in the wrong places|hex digits/)
  })

  it('cuts a very long value in its message', () => {
    const result = parseMac('x'.repeat(200))
    expect(result.ok).toBe(false)
    if (!result.ok) {
      expect(result.message).toBe(`MAC ${'x'.repeat(39)}… has a character that is not a hex digit (x)`)
    }
  })

  it('isMac answers the same', () => {
    expect(isMac('0015.65aa.bbcc')).toBe(true)
    expect(isMac('Name')).toBe(false)
    expect(isMac('Cafe')).toBe(false)
  })
})

describe('parseMac: MACs no phone can have', () => {
  it.each([
    ['FF:FF:FF:FF:FF:FF', 'broadcast', 'MAC FF:FF:FF:FF:FF:FF is the broadcast address; no phone has it'],
    ['ffffffffffff', 'broadcast', 'MAC FF:FF:FF:FF:FF:FF is the broadcast address; no phone has it'],
    ['00:00:00:00:00:00', 'zero', "MAC 00:00:00:00:00:00 is all zeros; no phone has it (a placeholder?): type the MAC from the phone's label"],
    ['0000.0000.0000', 'zero', "MAC 00:00:00:00:00:00 is all zeros; no phone has it (a placeholder?): type the MAC from the phone's label"],
    ['01:00:5E:00:00:FB', 'multicast', "MAC 01:00:5E:00:00:FB is a multicast address (its first octet 01 is odd); no phone has one: check it against the phone's label"],
    ['33-33-00-00-00-01', 'multicast', "MAC 33:33:00:00:00:01 is a multicast address (its first octet 33 is odd); no phone has one: check it against the phone's label"],
    ['011565AABBCC', 'multicast', "MAC 01:15:65:AA:BB:CC is a multicast address (its first octet 01 is odd); no phone has one: check it against the phone's label"],
  ] as const)('refuses %j (%s) and says why', (raw, kind, message) => {
    expect(parseMac(raw)).toEqual({ ok: false, kind, message })
  })

  it.each(['02:15:65:AA:BB:CC', '06-00-00-00-00-01', 'AABBCCDDEEFF', 'fe:dc:ba:98:76:54'])('accepts the locally administered %j with a warning', (raw) => {
    const result = parseMac(raw)
    expect(result.ok).toBe(true)
    if (result.ok) {
      expect(result.warning).toMatch(/^MAC [0-9A-F:]{17} is locally administered \(its first octet [0-9A-F]{2} has the "local" bit set\), not a maker's: check it against the phone's label$/)
    }
  })

  it('a maker-assigned MAC (both low bits of the first octet clear) has no warning', () => {
    for (const raw of ['001565AABBCC', '0C:38:3E:00:00:01', '80-5E-C0-12-34-56']) expect(parseMac(raw)).toEqual({ ok: true, mac: raw.replace(/[:-]/g, '').toUpperCase() })
  })

  it('the form alone (parseMacForm, isMac) still knows a broadcast MAC is a MAC: a first row holding one is data, not a header', () => {
    expect(parseMacForm('FF:FF:FF:FF:FF:FF')).toEqual({ ok: true, mac: 'FFFFFFFFFFFF' })
    expect(isMac('01:00:5E:00:00:FB')).toBe(true)
  })
})
