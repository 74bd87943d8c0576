// Whether out/ (what `npm run build` makes) is as new as what it is made from, and the build that
// makes it new again. Plain JavaScript: the bin (bin/pbx-provisioner.mjs) runs it before anything
// is built, and the tests use it (test/support/build-freshness.ts).
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** What the whole build is made from. */
export const APP_SOURCES = ['electron', 'renderer', 'package.json', 'package-lock.json', 'electron.vite.config.ts']
/** What the command line's build (out/main) is made from: all but the renderer. */
export const CLI_SOURCES = APP_SOURCES.filter((source) => source !== 'renderer')

function newestSource(sources) {
  let newest = { file: '', mtimeMs: 0 }
  const visit = (path) => {
    const info = statSync(path)
    if (info.isDirectory()) {
      for (const name of readdirSync(path)) if (name !== 'node_modules') visit(join(path, name))
    } else if (info.mtimeMs > newest.mtimeMs) newest = { file: path, mtimeMs: info.mtimeMs }
  }
  for (const source of sources) if (existsSync(join(ROOT, source))) visit(join(ROOT, source))
  return newest
}

/** Why `built` (a file of out/) cannot stand for `sources`, or undefined when it can. */
export function staleBuildReason(built, sources = APP_SOURCES) {
  if (!existsSync(built)) return `there is no ${relative(ROOT, built)}`
  const newest = newestSource(sources)
  return statSync(built).mtimeMs < newest.mtimeMs ? `${relative(ROOT, newest.file)} changed since the last build` : undefined
}

const LOCK = join(ROOT, 'out', '.building')
const LOCK_STALE_MS = 5 * 60_000

/**
 * Builds (`electron-vite build`, its output on stderr) unless `built` became fresh meanwhile: one
 * build at a time, however many runs find it stale at once (parallel tests, a shell loop); the
 * others wait for it, then find it fresh.
 */
export function buildWhenStale(built, sources) {
  mkdirSync(join(ROOT, 'out'), { recursive: true })
  for (;;) {
    try {
      mkdirSync(LOCK)
      break
    } catch {
      // another run builds; a lock left by a build that died is taken over after 5 minutes
      const age = Date.now() - (statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? 0)
      if (age > LOCK_STALE_MS) rmSync(LOCK, { recursive: true, force: true })
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200)
    }
  }
  try {
    if (staleBuildReason(built, sources) === undefined) return
    execFileSync(process.execPath, [join(ROOT, 'node_modules/electron-vite/bin/electron-vite.js'), 'build', '--logLevel', 'warn'], {
      cwd: ROOT,
      stdio: ['ignore', 2, 2],
    })
  } finally {
    rmSync(LOCK, { recursive: true, force: true })
  }
}
