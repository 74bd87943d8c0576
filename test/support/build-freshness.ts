import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * Whether out/ (what `npm run build` makes) is as new as what it is made from: a file of these
 * newer than the build means the build is stale. The build's tests build first when it is
 * (test/build/fresh-build.ts); the command line's tests run the build only when it is not
 * (test/unit/cli/run-cli.ts), so a change is never tested through an old build.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
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

/** Why `built` (a file of out/) cannot stand for the source, or undefined when it can. */
export function staleBuildReason(built: string): string | undefined {
  if (!existsSync(built)) return `there is no ${relative(ROOT, built)}`
  const newest = newestSource()
  return statSync(built).mtimeMs < newest.mtimeMs ? `${relative(ROOT, newest.file)} changed since the last build` : undefined
}
