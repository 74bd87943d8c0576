import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { staleBuildReason } from '../support/build-freshness'
import { BUILT_MAIN, ROOT } from './built'

/**
 * vitest's global set-up for test/build: the tests of what ships need the build. `npm test` builds
 * before it runs vitest, so this does nothing there; run alone (`npm run test:unit -- test/build`)
 * after a change, it builds first, saying why.
 */
export default function freshBuild(): void {
  const why = staleBuildReason(BUILT_MAIN)
  if (!why) return
  console.log(`test/build: building first (${why})`)
  execFileSync(process.execPath, [join(ROOT, 'node_modules/electron-vite/bin/electron-vite.js'), 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' })
}
