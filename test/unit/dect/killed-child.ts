import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { Batch } from '../../../electron/contract/dect'
import type { DectMember } from '../../../electron/contract/pbx'
import type { PbxCaller } from '../../../electron/services/pbx-client/caller'
import { createDectMembersClient } from '../../../electron/services/pbx-client/dect-members'
import { createBatchStore } from '../../../electron/services/dect/batch-store'
import { lockOf } from '../../../electron/services/files/shared-file'
import { phonesOn, type Demo } from './push-support'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const CHILD = fileURLToPath(new URL('./fixtures/change-child.ts', import.meta.url))

/**
 * A step of a SIGKILL proof run in a process of its own (`tsx <script> <args>`, from the
 * repository's root): the test waits until the PBX or the batch shows the step it kills at
 * (`until`), then kills it (`kill`, answering the signal it ended by). A child that ends or
 * stalls first fails the test with what it printed.
 */
export function startChild(script: string, args: readonly string[], timeoutMs = 30_000) {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)))
  const deadline = Date.now() + timeoutMs
  return {
    /** polls `reached` every 10 ms until it answers true */
    async until(reached: () => Promise<boolean>): Promise<void> {
      for (;;) {
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the child process ended or stalled: ${output}`)
        if (await reached()) return
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
    },
    kill(): Promise<NodeJS.Signals | number | null> {
      child.kill('SIGKILL')
      return exited
    },
  }
}

export interface KillAt {
  pbx: Demo
  caller: PbxCaller
  dataDir: string
  batchId: string
  /** the batch as the child noted its change, before its first write */
  noted: (batch: Batch) => boolean
  /** the base whose members show the write to kill after (its MAC), and how they show it */
  baseMac: string
  written: (members: readonly DectMember[]) => boolean
}

/**
 * A handset change (`fixtures/change-child.ts`: swap, move or renumber, with its arguments) run in
 * a child and killed with SIGKILL after a write of the PBX, before the batch records it: every
 * call of the PBX takes 250 ms meanwhile, so its steps take time to watch; once it `noted` the
 * change, the batch's write lock is held here, so the child's next record waits; once the base's
 * members show the write, the child is killed. Answers the signal it ended by.
 */
export async function killedBetween(change: readonly string[], at: KillAt): Promise<NodeJS.Signals | number | null> {
  const base = (await phonesOn(at.caller)).find((p) => p.mac === at.baseMac)!.id
  const members = createDectMembersClient(at.caller)
  at.pbx.faults.setLatency(250)
  const child = startChild(CHILD, [change[0]!, at.dataDir, at.pbx.url, at.batchId, ...change.slice(1)])
  await child.until(async () => at.noted(await createBatchStore(at.dataDir).get(at.batchId)))
  const release = await lockOf(`${at.dataDir}/batches/${at.batchId}.json.write`, 5_000, 'test', 2_000)
  try {
    await child.until(async () => at.written(await members.list(base)))
    return await child.kill()
  } finally {
    await release()
    at.pbx.faults.setLatency(0)
  }
}
