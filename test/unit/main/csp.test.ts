import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

// The renderer's Content-Security-Policy (renderer/index.html): nothing loads from outside the
// app, and scripts never get 'unsafe-eval' or 'unsafe-inline'.
const html = readFileSync(new URL('../../../renderer/index.html', import.meta.url), 'utf8')
const content = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"/i.exec(html)?.[1] ?? ''
const directives = new Map(
  content
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .filter((words) => words[0])
    .map(([name, ...sources]) => [name!, sources]),
)

describe('the renderer CSP', () => {
  it('is there, before any script', () => {
    expect(content).not.toBe('')
    expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('<script'))
  })

  it('denies everything by default', () => {
    expect(directives.get('default-src')).toEqual(["'none'"])
    expect(directives.get('object-src')).toEqual(["'none'"])
    expect(directives.get('base-uri')).toEqual(["'none'"])
    expect(directives.get('frame-src')).toEqual(["'none'"])
  })

  it("runs only the app's own scripts: no 'unsafe-eval', no 'unsafe-inline'", () => {
    expect(directives.get('script-src')).toEqual(["'self'"])
    expect(content).not.toContain("'unsafe-eval'")
    expect(content).not.toMatch(/'wasm-unsafe-eval'|'unsafe-hashes'/)
  })

  it('loads and connects to nothing outside the app (the PBX is called by main)', () => {
    for (const [name, sources] of directives) {
      for (const source of sources) {
        expect(source, `${name} ${source}`).not.toMatch(/^(https?:|wss?:|\*|http)/)
      }
    }
    expect(directives.get('connect-src')).toEqual(["'self'"])
  })
})
