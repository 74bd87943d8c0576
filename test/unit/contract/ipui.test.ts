import { describe, expect, it } from 'vitest'
import { formatIpei, ipeiCheckDigit, ipeiToIpui, ipuiToIpei, IPUI_PATTERN, parseIpui } from '../../../electron/contract/ipui'

const message = (raw: string): string => {
  const r = parseIpui(raw)
  if (r.ok) throw new Error(`${raw} was accepted as ${r.ipui}`)
  return r.message
}

describe('IPEI check digit (ETSI EN 300 175-6 annex C)', () => {
  it('is the sum of each digit times its position, modulo 11, with 10 written *', () => {
    // 0·1+0·2+1·3+4·4+6·5+0·6+1·7+5·8+6·9+5·10+7·11+7·12 = 361; 361 mod 11 = 9
    expect(ipeiCheckDigit('001460156577')).toBe('9')
    // the same with 8 last: 361 + 12 = 373; 373 mod 11 = 10 → *
    expect(ipeiCheckDigit('001460156578')).toBe('*')
    expect(ipeiCheckDigit('000000000000')).toBe('0')
    // 1·12 = 12; 12 mod 11 = 1
    expect(ipeiCheckDigit('000000000001')).toBe('1')
  })
})

describe('converting IPUI-N and IPEI', () => {
  it('IPUI-N hex digits 2-5 are the EMC, 6-10 the PSN; the decimal IPEI writes them as 5 and 7 digits', () => {
    // EMC 0x0092 = 146, PSN 0x263DD = 156637
    expect(ipuiToIpei('00092263DD')).toBe(`00146015663${7}${ipeiCheckDigit('001460156637')}`)
    expect(ipeiToIpui('0014601566375')).toBe('00092263DD')
  })

  it('round-trips the edges: EMC 0, the largest EMC and the largest PSN', () => {
    for (const ipui of ['0000000000', '0FFFF00000', '00000FFFFF', '0FFFFFFFFF', '0123456789', '0ABCDEF012']) {
      const ipei = ipuiToIpei(ipui)
      expect(ipei).toMatch(/^\d{12}[\d*]$/)
      expect(ipeiToIpui(ipei)).toBe(ipui)
      expect(parseIpui(ipei)).toEqual({ ok: true, ipui, ipei })
    }
    expect(ipuiToIpei('0FFFFFFFFF').slice(0, 12)).toBe('655351048575')
  })

  it('formats an IPEI as boxes print it', () => {
    expect(formatIpei('0014601565779')).toBe('00146 0156577 9')
  })
})

describe('parseIpui', () => {
  it('reads IPUI-N in any case, grouped, with a label as stickers print it', () => {
    for (const raw of ['00092263DD', '00092263dd', ' 00092 263DD ', '0009-2263-DD', 'IPUI: 00092263DD', 'ipui-n 00092263dd', '00:09:22:63:DD']) {
      const r = parseIpui(raw)
      expect(r.ok && r.ipui, raw).toBe('00092263DD')
    }
    expect(IPUI_PATTERN.test('00092263DD')).toBe(true)
  })

  it('reads the decimal IPEI with or without spaces and check digit, * included', () => {
    const expected = ipeiToIpui('001460156577')
    for (const raw of ['00146 0156577 9', '0014601565779', '00146-0156577-9', 'IPEI: 00146 0156577 9', '001460156577']) {
      const r = parseIpui(raw)
      expect(r.ok && r.ipui, raw).toBe(expected)
    }
    const star = parseIpui('00146 0156578 *')
    expect(star).toEqual({ ok: true, ipui: ipeiToIpui('001460156578'), ipei: '001460156578*' })
  })

  it('says which check digit is right', () => {
    expect(message('00146 0156577 7')).toBe('IPEI 00146 0156577 7: check digit should be 9')
    expect(message('0014601565781')).toBe('IPEI 0014601565781: check digit should be *')
    expect(message('00146 0156577 *')).toBe('IPEI 00146 0156577 *: check digit should be 9')
  })

  it('refuses an EMC or PSN too large for 16 and 20 bits', () => {
    expect(message('65536 0000000 0')).toMatch(/EMC\) must be at most 65535$/)
    expect(message('00000 1048576')).toMatch(/PSN\) must be at most 1048575$/)
  })

  it('refuses wrong lengths, saying how many digits it has', () => {
    expect(message('00092263D')).toBe('IPUI 00092263D has 9 digits; an IPUI has 10 hex digits (or an IPEI 13 decimal digits)')
    expect(message('00092263DDA')).toMatch(/has 11 digits/)
    expect(message('00092263DDAB')).toMatch(/has 12 digits/)
    expect(message('00146015657791')).toMatch(/has 14 digits/)
  })

  it('refuses an identity of another type than N, characters that are not digits, and a spreadsheet number', () => {
    expect(message('10092263DD')).toBe('IPUI 10092263DD starts with 1; only IPUI type N (starting with 0) is used for handsets')
    expect(message('0009226GDZ')).toBe('IPUI 0009226GDZ has characters that are not hex digits (G Z)')
    expect(message('00092263D#')).toBe('IPUI 00092263D# has a character that is not a hex digit (#)')
    expect(message('1.46016E+11')).toMatch(/spreadsheet reformatted/)
    expect(message('')).toBe('IPUI is missing')
    expect(message('x'.repeat(60))).toContain('…')
  })
})
