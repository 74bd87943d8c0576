import { spawnSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PROFILES_FILE_VERSION, type PbxProfile } from '../../electron/contract/profiles'
import { PROFILES_FILE } from '../../electron/services/profiles/profile-store'
import { buildWhenStale, CLI_SOURCES } from '../../electron/tools/build-freshness.mjs'

/**
 * Bench (a script, not a test): how fast the command line answers, from the build (what the bin
 * runs), beside bare node in the same run (issue 39). Prints the median of 15 runs each:
 * - `cli_node_floor_ms`: `node -e ''`, the floor any Node command line stands on;
 * - `cli_help_ms`: `--help` (goal ≤ 150 ms);
 * - `cli_pbx_list_ms`: `pbx list` with 50 saved PBXs (goal ≤ 250 ms).
 * Wall time of a child process each, as a script in a loop sees it. NODE_EXTRA_CA_CERTS is left
 * out of the children's environment (node reads that file at every start, in every run alike).
 * Run with `npx tsx test/bench/cli-start.ts`.
 */
const RUNS = 15
const PBXS = 50
const CLI = fileURLToPath(new URL('../../out/main/cli.js', import.meta.url))

buildWhenStale(CLI, CLI_SOURCES)
const dataDir = await mkdtemp(join(tmpdir(), 'cli-start-bench-'))
const env: NodeJS.ProcessEnv = { ...process.env, PBX_PROVISIONER_DATA_DIR: dataDir }
delete env.NODE_EXTRA_CA_CERTS

/** The median wall time of `node <args>`, which must exit 0. */
function medianMs(args: string[]): number {
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now()
    const run = spawnSync(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] })
    times.push(performance.now() - start)
    if (run.status !== 0) throw new Error(`node ${args.join(' ')} exited ${run.status}: ${run.stderr.toString()}`)
  }
  times.sort((a, b) => a - b)
  return times[Math.floor(RUNS / 2)]!
}

try {
  const profiles: PbxProfile[] = Array.from({ length: PBXS }, (_, i) => ({
    id: `bench-${i}`,
    label: `Customer ${i + 1}`,
    baseUrl: `https://pbx${i + 1}.example.com:8887`,
    username: 'admin',
    domain: `customer${i + 1}.example.com`,
    signInMethod: 'sign_in',
    customer: `Customer ${i + 1}`,
    tags: ['bench'],
    notes: '',
    group: '',
    colour: '',
    favourite: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    lastUsedAt: null,
    rememberPassword: false,
    trustedCertificate: null,
    systemAdmin: null,
    demo: false,
  }))
  await writeFile(join(dataDir, PROFILES_FILE), JSON.stringify({ version: PROFILES_FILE_VERSION, profiles }))
  // the first runs fill the OS's file cache; not counted
  medianMs([CLI, 'pbx', 'list'])

  const floor = medianMs(['-e', ''])
  const help = medianMs([CLI, '--help'])
  const list = medianMs([CLI, 'pbx', 'list'])
  const inputs = `(median of ${RUNS}, node ${process.versions.node})`
  console.log(`cli_node_floor_ms: ${floor.toFixed(0)} ms ${inputs}`)
  console.log(`cli_help_ms: ${help.toFixed(0)} ms ${inputs}; floor ${floor.toFixed(0)} ms, goal 150 ms`)
  console.log(`cli_pbx_list_ms: ${list.toFixed(0)} ms (${PBXS} saved PBXs) ${inputs}; floor ${floor.toFixed(0)} ms, goal 250 ms`)
} finally {
  await rm(dataDir, { recursive: true, force: true })
}
