import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ESLint } from 'eslint'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { nameCompletions } from '../../../electron/cli/completion'
import { createOutput } from '../../../electron/cli/output'
import { terminalSafe, terminalSafeJson } from '../../../electron/cli/terminal-safe'

/**
 * The command line's one output path under hostile names (issue 39): what a terminal would act on
 * (escape sequences, BEL, CR, C1 controls, bidi overrides) is shown visibly, printable text is
 * left alone, JSON stays exact JSON, and lint keeps the commands on that path. The commands
 * themselves, as child processes fed hostile names: hostile-terminal.test.ts.
 */
// eslint-disable-next-line no-control-regex -- the characters the output must never hold raw
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u
const CLEAR_SCREEN = '\u001b[2J'
const SET_TITLE = '\u001b]0;owned\u0007'

describe('terminalSafe', () => {
  it.each([
    [`Floor 1${CLEAR_SCREEN}`, 'Floor 1\\x1b[2J'],
    [`Rule${SET_TITLE}`, 'Rule\\x1b]0;owned\\x07'],
    ['Reception\rEVIL', 'Reception\\x0dEVIL'],
    ['Base\u202eesab', 'Base\\u202eesab'],
    ['8-bit CSI \u009b2J', '8-bit CSI \\x9b2J'],
    ['tab\there', 'tab\\x09here'],
    ['del\u007f', 'del\\x7f'],
    ['Autohaus Schmidt & Söhne — Zweigstelle 2 \\ back', 'Autohaus Schmidt & Söhne — Zweigstelle 2 \\ back'],
  ])('%j is shown as %j', (input, shown) => {
    expect(terminalSafe(input)).toBe(shown)
  })

  it('keeps line breaks only where the program allows them', () => {
    expect(terminalSafe('one\ntwo')).toBe('one\\x0atwo')
    expect(terminalSafe('one\ntwo\u0007', { newlines: true })).toBe('one\ntwo\\x07')
  })

  it('properties: idempotent, nothing unsafe left, printable text unchanged', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        const once = terminalSafe(text)
        expect(terminalSafe(once)).toBe(once)
        expect(UNSAFE.test(once)).toBe(false)
      }),
      { numRuns: 500 },
    )
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 100 }), (text) => {
        fc.pre(!UNSAFE.test(text))
        expect(terminalSafe(text)).toBe(text)
      }),
      { numRuns: 300 },
    )
  })

  it('a name of 10 kB of escapes is shown whole, in one line, with no control character', () => {
    const name = `${CLEAR_SCREEN}\u0007\r`.repeat(2000)
    const shown = terminalSafe(name)
    expect(shown).not.toMatch(UNSAFE)
    expect(shown.length).toBe(2000 * (3 * 4 + 3)) // ESC, BEL and CR as \xNN each, the printable "[2J" kept
  })
})

describe('terminalSafeJson', () => {
  it('is exact JSON: parsed back it is the same value, and holds no raw control character', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = terminalSafeJson(value)
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)))
        expect(UNSAFE.test(text.replaceAll('\n', ''))).toBe(false)
      }),
      { numRuns: 300 },
    )
    expect(terminalSafeJson({ name: `a\u009bb\u202ec${CLEAR_SCREEN}` })).toBe('{\n  "name": "a\\u009bb\\u202ec\\u001b[2J"\n}')
  })
})

describe('the output path', () => {
  function recorded() {
    const stdout: (string | Uint8Array)[] = []
    const stderr: string[] = []
    const out = createOutput({ write: (data) => stdout.push(data) }, { write: (data) => void stderr.push(String(data)) }, () => false)
    return { out, stdout, stderr }
  }

  it('lines, table cells, notes and errors show what a terminal would act on; a file goes out as its bytes', () => {
    const { out, stdout, stderr } = recorded()
    out.line(`Base ${CLEAR_SCREEN}\nsecond line`)
    out.table(['NAME', 'MAC'], [[`Floor 1${SET_TITLE}`, '00:15:65:12:34:56'], ['Floor 2\r', '00:15:65:12:34:57']])
    out.note(`Warning: rule "x${CLEAR_SCREEN}" skipped`)
    out.error(`No batch is named "\u0007"`)
    const pdf = Uint8Array.from([0x25, 0x50, 0x44, 0x46, 0x1b, 0x07])
    out.file(pdf)
    const text = stdout.slice(0, -1).join('') + stderr.join('')
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/u) // eslint-disable-line no-control-regex
    expect(stdout[0]).toBe('Base \\x1b[2J\nsecond line\n')
    // the columns line up on what is shown
    expect(stdout.slice(1, 4)).toEqual([`NAME${' '.repeat(21)}MAC\n`, 'Floor 1\\x1b]0;owned\\x07  00:15:65:12:34:56\n', `Floor 2\\x0d${' '.repeat(14)}00:15:65:12:34:57\n`])
    expect(stderr).toEqual(['Warning: rule "x\\x1b[2J" skipped\n', 'pbx-provisioner: No batch is named "\\x07"\n'])
    expect(stdout.at(-1)).toBe(pdf)
  })

  it('a file on a terminal is shown, not played: its text, CRLF as line breaks, every other control visible', () => {
    const written: (string | Uint8Array)[] = []
    const out = createOutput({ write: (data) => written.push(data), isTTY: true }, { write: () => undefined }, () => true)
    out.file(`kind,name\r\nbase,"Floor 1${CLEAR_SCREEN}\r"\r\n`)
    out.file(Uint8Array.from([0x25, 0x50, 0x44, 0x46, 0x1b, 0x0a]))
    expect(written).toEqual(['kind,name\nbase,"Floor 1\\x1b[2J\\x0d"\n', '%PDF\\x1b\n'])
  })
})

describe('lint keeps the commands on that path', () => {
  const eslint = new ESLint()
  const refused = async (source: string, filePath = 'electron/cli/commands/x.ts') => {
    const [result] = await eslint.lintText(source, { filePath })
    return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message)
  }

  it('refuses process.stdout.write and process.stderr.write in a command, not elsewhere', async () => {
    expect(await refused('export const show = (name: string) => process.stdout.write(name)\n')).toEqual([expect.stringContaining('Print through ctx.out')])
    expect(await refused('export const show = (name: string) => process.stderr.write(name)\n')).toEqual([expect.stringContaining('Print through ctx.out')])
    expect(await refused('export const wide = () => process.stdout.columns\n')).toEqual([])
    expect(await refused('export const show = (name: string) => process.stdout.write(name)\n', 'electron/services/x.ts')).toEqual([])
  })
})

describe('Tab completion of names', () => {
  it('offers a saved name holding escapes as the output path shows it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pbx-complete-hostile-'))
    try {
      const label = `Site${CLEAR_SCREEN}${SET_TITLE}`
      const saved = { id: 'p1', label, baseUrl: 'https://pbx.example.com', username: 'manager', domain: 'demo.pbx.example', signInMethod: 'sign_in', customer: '', tags: [], notes: '', createdAt: '2026-12-01T09:00:00.000Z', lastUsedAt: null, rememberPassword: false, trustedCertificate: null, demo: false }
      await writeFile(join(dir, 'profiles.json'), JSON.stringify({ version: 1, profiles: [saved] }))
      const names = await nameCompletions(['pbx', 'test'], dir, false)
      expect(names).toEqual(['Site\\x1b[2J\\x1b]0;owned\\x07'])
      expect(UNSAFE.test(names.join(''))).toBe(false)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
