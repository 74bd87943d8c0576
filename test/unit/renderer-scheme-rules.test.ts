import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// The app's own dark colours follow the scheme shown (<html data-scheme>, set with Naive UI's theme
// by components/shell/shown-scheme.ts), so the whole screen turns in one frame (issue 42). A rule
// on the OS's prefers-color-scheme would turn before the dark theme has loaded: none is left.
const SRC = fileURLToPath(new URL('../../renderer/src/', import.meta.url))

function stylesheets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return stylesheets(path)
    return /\.(vue|css)$/.test(entry.name) ? [path] : []
  })
}

describe("the renderer's dark colours", () => {
  it('follow the scheme shown, never the OS media query', () => {
    const files = stylesheets(SRC)
    expect(files.length).toBeGreaterThan(50)
    const onTheOs = files.filter((file) => /@media[^{]*prefers-color-scheme/.test(readFileSync(file, 'utf8'))).map((file) => file.slice(SRC.length))
    expect(onTheOs).toEqual([])
    expect(readFileSync(join(SRC, 'styles.css'), 'utf8')).toContain(":root[data-scheme='dark']")
  })
})
