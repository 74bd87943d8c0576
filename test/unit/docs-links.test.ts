import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { isOfRepository, namedPaths, relativeLinks } from './docs-text'

// Issue 44: the README and docs/ send a reader to files; a file renamed or moved without the text
// following it fails here, naming the document and the path. Every relative link must lead to a
// file, and every `path` named in backticks must be one of the repository's files or folders,
// named whole from the root or by its end (`composables/stored-value.ts` is renderer/src's).
const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const TRACKED = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean)
const DOCUMENTS = TRACKED.filter((file) => file.endsWith('.md') && !file.startsWith('test/'))

describe('the README and docs/ name only what exists', () => {
  it('reads the README, docs/ and the demo PBX’s README', () => {
    expect(DOCUMENTS).toEqual(expect.arrayContaining(['README.md', 'docs/architecture.md', 'docs/development.md', 'electron/demo-pbx/README.md']))
  })

  for (const document of DOCUMENTS) {
    it(`${document}: every relative link leads to a file and every path named exists`, () => {
      const text = readFileSync(join(ROOT, document), 'utf8')
      const brokenLinks = relativeLinks(text).filter((link) => !existsSync(join(ROOT, dirname(document), link)))
      const missingPaths = namedPaths(text).filter((path) => !path.startsWith('../') && !isOfRepository(path, TRACKED))
      expect({ brokenLinks, missingPaths }).toEqual({ brokenLinks: [], missingPaths: [] })
    })
  }
})

describe('what the check reads', () => {
  it('takes relative links, not web addresses or anchors', () => {
    expect(relativeLinks('see [the CLI](docs/cli.md#flags), [npm](https://npmjs.com) and [below](#end)')).toEqual(['docs/cli.md'])
  })

  it('takes backticked paths outside code blocks, not commands, data folders or packages', () => {
    const text = 'Put it in `renderer/src/views/`, run `npm test`, see `batches/damaged/` and `@electron/get`.\n```\nnot/this.ts\n```'
    expect(namedPaths(text)).toEqual(['renderer/src/views/'])
  })

  it('finds a file by its whole path or its last parts, and fails a renamed one', () => {
    const tracked = ['renderer/src/composables/stored-value.ts', 'electron/cli/commands/common.ts']
    expect(isOfRepository('composables/stored-value.ts', tracked)).toBe(true)
    expect(isOfRepository('electron/cli/', tracked)).toBe(true)
    expect(isOfRepository('composables/stored-values.ts', tracked)).toBe(false)
    expect(isOfRepository('value.ts', tracked)).toBe(false)
  })
})
