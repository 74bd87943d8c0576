import { macText, qrSvgMarkup, timeLeftText } from '@renderer/lib/dect-text'
import QRCode from 'qrcode'
import { describe, expect, it } from 'vitest'

describe('macText', () => {
  it('writes a MAC in pairs, whatever the separators it came with', () => {
    expect(macText('001565aabbcc')).toBe('00:15:65:AA:BB:CC')
    expect(macText('00-15-65-AA-BB-CC')).toBe('00:15:65:AA:BB:CC')
    expect(macText('00:15:65')).toBe('00:15:65')
    expect(macText(undefined)).toBe('')
  })
})

describe('timeLeftText', () => {
  it('says the time left in seconds, minutes or hours', () => {
    expect(timeLeftText(40_000)).toBe('about 40 s left')
    expect(timeLeftText(200)).toBe('about 1 s left')
    expect(timeLeftText(5 * 60_000)).toBe('about 5 min left')
    expect(timeLeftText(2 * 3_600_000 + 10 * 60_000)).toBe('about 2 h 10 min left')
    expect(timeLeftText(null)).toBe('working out the time left…')
  })
})

describe('qrSvgMarkup', () => {
  it('lets through the SVG the qrcode library draws (as main does)', async () => {
    const svg = await QRCode.toString('https://pbx.acme.example/provisioning/001565000001.xml', { type: 'svg' })
    expect(qrSvgMarkup(svg)).toBe(svg.trimStart())
    expect(qrSvgMarkup(`<?xml version="1.0" encoding="UTF-8"?>\n${svg}`)).toBe(svg.trimStart())
  })

  it('renders nothing that is not a plain SVG', () => {
    expect(qrSvgMarkup('<img src=x onerror=alert(1)>')).toBe('')
    expect(qrSvgMarkup('<svg onload="alert(1)"></svg>')).toBe('')
    expect(qrSvgMarkup('<svg><script>alert(1)</script></svg>')).toBe('')
    expect(qrSvgMarkup('<svg><foreignObject><div>x</div></foreignObject></svg>')).toBe('')
    expect(qrSvgMarkup('<svg><a href="javascript:alert(1)"><rect/></a></svg>')).toBe('')
  })
})
