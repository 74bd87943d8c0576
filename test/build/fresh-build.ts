import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { BUILT_MAIN, ROOT } from './built'

/** What the build is made from: a file here newer than the build means the build is stale. */
const SOURCES = ['electron', 'renderer', 'package.json', 'package-lock.json', 'electron.vite.config.ts']

function newestSource(): { file: string; mtimeMs: number } {
  let newest = { file: '', mtimeMs: 0 }
  const visit = (path: string) => {
    const info = statSync(path)
    if (info.isDirectory()) {
      for (const name of readdirSync(path)) if (name !== 'node_modules') visit(join(path, name))
    } else if (info.mtimeMs > newest.mtimeMs) newest = { file: path, mtimeMs: info.mtimeMs }
  }
  for (const source of SOURCES) if (existsSync(join(ROOT, source))) visit(join(ROOT, source))
  return newest
}

/**
 * vitest's global set-up for test/build: the tests of what ships need the build. `npm test` builds
 * before it runs vitest, so this does nothing there; run alone (`npm run test:unit -- test/build`)
 * after a change, it builds first, saying why.
 */
export default function freshBuild(): void {
  const newest = newestSource()
  const why = !existsSync(BUILT_MAIN)
    ? 'there is no build in out/'
    : statSync(BUILT_MAIN).mtimeMs < newest.mtimeMs
      ? `${relative(ROOT, newest.file)} changed since the last build`
      : undefined
  if (!why) return
  console.log(`test/build: building first (${why})`)
  execFileSync(process.execPath, [join(ROOT, 'node_modules/electron-vite/bin/electron-vite.js'), 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' })
}
