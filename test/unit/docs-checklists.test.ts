import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { isPath } from './docs-text'

// docs/architecture.md's "Where a change goes" (issue 44) tells a newcomer which files to touch;
// a file renamed or moved without the checklist following it fails here, by name.
const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const ARCHITECTURE = readFileSync(`${ROOT}docs/architecture.md`, 'utf8')

/** The section "## Where a change goes", up to the next heading of its level or above; undefined when missing. */
function whereAChangeGoes(markdown: string): string | undefined {
  const start = markdown.search(/^## Where a change goes$/m)
  if (start < 0) return undefined
  const rest = markdown.slice(start)
  const end = rest.slice(3).search(/^#{1,2} /m)
  return end < 0 ? rest : rest.slice(0, end + 3)
}

/**
 * The repository paths a text names in backticks: files and folders (`a/b.ts`, `a/b/`), not routes
 * (`/fleet/compare`), code or commands (anything with a space), and not a path with a placeholder
 * (`commands/<area>.ts`), which stands for a file yet to be made.
 */
function checklistPaths(text: string): string[] {
  const quoted = [...text.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!)
  return quoted.filter(isPath)
}


const CHECKLISTS = [
  ['a new field on DECT phones', /^### A new field on DECT phones$/m],
  ['a new command-line command', /^### A new command-line command$/m],
  ['a new screen', /^### A new screen$/m],
] as const

describe("docs/architecture.md's \"Where a change goes\"", () => {
  const section = whereAChangeGoes(ARCHITECTURE)

  it('is there, with its three checklists, each a numbered list naming files', () => {
    expect(section, 'docs/architecture.md has no "## Where a change goes" section').toBeDefined()
    for (const [what, heading] of CHECKLISTS) {
      const start = section!.search(heading)
      expect(start, `the section has no checklist for ${what}`).toBeGreaterThanOrEqual(0)
      const list = section!.slice(start).split(/^### /m)[1]!
      expect(list.match(/^\d+\. /gm)?.length ?? 0, `the checklist for ${what} has fewer than 4 steps`).toBeGreaterThanOrEqual(4)
      expect(checklistPaths(list).length, `the checklist for ${what} names no file`).toBeGreaterThan(0)
    }
  })

  it('names only paths that exist in the repository', () => {
    const paths = checklistPaths(section ?? '')
    expect(paths.length).toBeGreaterThan(40)
    expect(paths.filter((path) => !existsSync(`${ROOT}${path}`))).toEqual([])
  })
})

/** The words of a Markdown text's ```sh blocks (in a list too) that are repository paths (a test file, a script). */
function commandPaths(markdown: string): string[] {
  const blocks = [...markdown.matchAll(/^ *```sh\n([\s\S]*?)^ *```/gm)].map((match) => match[1]!.replace(/#.*$/gm, ''))
  return blocks.flatMap((block) => block.split(/\s+/)).filter(isPath)
}

// docs/development.md's commands and files are a newcomer's first steps too; what the build and
// the tests make (out/, test-results/) is not in a checkout until they ran
describe('docs/development.md', () => {
  const development = readFileSync(`${ROOT}docs/development.md`, 'utf8')
  const made = (path: string) => path.startsWith('out/') || path.startsWith('test-results/')

  it('names only paths that exist, in its text and in its commands', () => {
    const paths = [...checklistPaths(development), ...commandPaths(development)].filter((path) => !made(path))
    expect(paths.length).toBeGreaterThan(10)
    expect(paths.filter((path) => !existsSync(`${ROOT}${path}`))).toEqual([])
  })
})

describe('what the check reads as a path', () => {
  it('takes backticked files and folders, skips placeholders, routes, code and commands', () => {
    const text = [
      '`electron/cli/areas.ts`, `renderer/src/views/`, `electron/cli/commands/<area>.ts`, `<Name>View.vue`,',
      "`/fleet/compare`, `window.pbx.<operation>`, `defineStore('name', () => …)`, `npm run lint`,",
      '`grep -rln "x" electron renderer/src`, `--json`, `BATCH_FIELDS`',
    ].join('\n')
    expect(checklistPaths(text)).toEqual(['electron/cli/areas.ts', 'renderer/src/views/'])
  })

  it("takes a command's words that are paths, not its comments", () => {
    const doc = 'text `a/b.ts`\n\n```sh\nnpx vitest run test/unit/x.test.ts -t "a name"   # see docs/y.md\nbash test/support/in-keyring.sh npx tsc\n```\n'
    const inList = '- build first:\n\n  ```sh\n  npm run build   # out/renderer\n  npx playwright test test/e2e/a.spec.ts\n  ```\n'
    expect(commandPaths(doc + inList)).toEqual(['test/unit/x.test.ts', 'test/support/in-keyring.sh', 'test/e2e/a.spec.ts'])
  })

  it('finds the section up to the next heading of its level, and not a heading that only starts alike', () => {
    const doc = '# A\n\n## Where a change goes\n\nin\n\n### One\n\nstill in\n\n## Next\n\nout\n'
    expect(whereAChangeGoes(doc)).toBe('## Where a change goes\n\nin\n\n### One\n\nstill in\n\n')
    expect(whereAChangeGoes('# A\n\n## Where a change goes, later\n')).toBeUndefined()
  })

  it('fails naming a path that does not exist', () => {
    const wrong = checklistPaths('1. `electron/cli/area.ts`: a typo\n2. `electron/cli/areas.ts`')
    expect(wrong.filter((path) => !existsSync(`${ROOT}${path}`))).toEqual(['electron/cli/area.ts'])
  })
})
