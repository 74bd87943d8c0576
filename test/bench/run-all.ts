// npm run bench: runs every benchmark script of this folder, each in its own process, and prints
// their figures (`name: value ms`). A benchmark reports; it does not pass or fail.
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
// a file whose name starts with _ is a scratch script of someone's, not a benchmark
const scripts = readdirSync(here).filter((f) => f.endsWith('.ts') && f !== 'run-all.ts' && !f.startsWith('_')).sort()
console.log(`machine: ${process.platform} ${process.arch}, node ${process.versions.node}`)
let failed = 0
for (const script of scripts) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(here, script)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })
  process.stdout.write(run.stdout)
  if (run.status !== 0) {
    failed += 1
    console.log(`${script}: did not finish (exit ${run.status})`)
  }
}
process.exit(failed === 0 ? 0 : 1)
