import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { macForPeople } from '../../../electron/contract/dect'
import { labelSheetHtml } from '../../../electron/services/dect/label-sheet'
import { qrPng, qrSvg } from '../../../electron/services/dect/qr-code'

const dir = mkdtempSync(join(tmpdir(), 'pbx-qr-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Decodes a PNG with zbarimg (Debian's zbar-tools), a decoder independent of the library that drew it. */
function zbar(png: Buffer): string {
  const file = join(dir, `${Math.random().toString(16).slice(2)}.png`)
  writeFileSync(file, png)
  const run = spawnSync('zbarimg', ['-q', '--raw', file], { encoding: 'utf8' })
  expect(run.status, run.stderr).toBe(0)
  return run.stdout.trim()
}

describe('QR codes of provisioning URLs', () => {
  it.each([
    'https://pbx.demo.example/dect/demo.pbx.example/001565AABBCC.xml',
    'http://[2001:db8::10]/dect/demo.pbx.example/0015650000FF.xml',
    'https://sbc.pbx.demo.example/dect/t/AABBCCDDEEFF.xml?x=1&y=%C3%A9',
  ])('an independent decoder reads back exactly %s', async (url) => {
    expect(zbar(await qrPng(url))).toBe(url)
  })

  it('draws SVG for the screen and the sheet', async () => {
    const svg = await qrSvg('https://pbx.demo.example/x.xml')
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)
    expect(svg).not.toMatch(/<script/)
  })
})

describe('the label sheet', () => {
  it('has one label per phone with QR, name, MAC and extension, text escaped', async () => {
    const html = await labelSheetHtml(
      [
        { name: 'Reception <front>', mac: '001565AABBCC', extension: '201', url: 'https://pbx.demo.example/dect/a/001565AABBCC.xml' },
        { name: 'Lager & Versand', mac: '001565AABBCD', url: 'https://pbx.demo.example/dect/a/001565AABBCD.xml' },
      ],
      'a4-21',
    )
    expect(html.match(/class="label"/g)).toHaveLength(2)
    expect(html).toContain('Reception &lt;front&gt;')
    expect(html).toContain('Lager &amp; Versand')
    expect(html).toContain('00:15:65:AA:BB:CC')
    expect(html).toContain('Ext. 201')
    expect(html.match(/<svg/g)).toHaveLength(2)
    expect(html).toContain("default-src 'none'")
    expect(html).toContain('size: A4')
  })

  it('prints MACs in pairs, and leaves anything else as it is', () => {
    expect(macForPeople('001565AABBCC')).toBe('00:15:65:AA:BB:CC')
    expect(macForPeople('00-15-65-aa-bb-cc')).toBe('00:15:65:AA:BB:CC')
    expect(macForPeople('not-a-mac')).toBe('not-a-mac')
    expect(macForPeople(undefined)).toBe('')
  })
})
