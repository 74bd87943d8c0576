import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import type { DectMember } from '../../../electron/contract/pbx'
import { createBatchStore } from '../../../electron/services/dect/batch-store'
import { createPushRunner } from '../../../electron/services/dect/push'
import type { PbxCaller } from '../../../electron/services/pbx-client/caller'
import { createDectMembersClient } from '../../../electron/services/pbx-client/dect-members'
import { PROFILE_ID, macOf, phonesOn, signedIn, startPbx, tempDir, type Demo } from './push-support'

/**
 * The proof for handsets: 1,000 handsets on 100 W70B bases (10 each), the pushing process
 * killed with SIGKILL during the members phase, a new one resumes: exactly 1,000 members, none
 * twice, no base over its lines.
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const CHILD = fileURLToPath(new URL('./fixtures/push-child.ts', import.meta.url))
const BASES = 100
const HANDSETS = 1000

let pbx: Demo | undefined
const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  await pbx?.stop()
  pbx = undefined
  for (const cleanup of cleanups.splice(0)) await cleanup()
})

const bases = Array.from({ length: BASES }, (_, i) => ({ row: i + 1, values: { name: `Base ${i + 1}`, mac: macOf(i, '0015CD00'), vendor: 'Yealink', model: 'W70B' }, problems: [] }))
const handsets = Array.from({ length: HANDSETS }, (_, i) => ({
  row: i + 1,
  values: { ipui: `00CD${i.toString(16).toUpperCase().padStart(6, '0')}`, extension: String(1101 + i) },
  problems: [],
}))

async function membersOfBatch(caller: PbxCaller): Promise<Map<string, DectMember[]>> {
  const client = createDectMembersClient(caller)
  const out = new Map<string, DectMember[]>()
  for (const phone of await phonesOn(caller)) if (phone.mac?.startsWith('0015CD')) out.set(phone.mac, await client.list(phone.id))
  return out
}

describe('enrolling 1,000 handsets', { timeout: 90_000 }, () => {
  it('the pushing process is killed with SIGKILL during the members phase; the resume ends with exactly 1,000 members, none twice, no base over 10', async () => {
    pbx = await startPbx({ seed: true, users: 1100, latencyMs: 8 })
    const temp = await tempDir()
    cleanups.push(temp.cleanup)
    const caller = await signedIn(pbx.url)
    const store = createBatchStore(temp.dir)
    const batch = await store.create({ name: 'Killed', source: 'k.csv', rows: bases, handsets })

    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, temp.dir, pbx.url, batch.id, '8'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)))

    // kill it once some bases have their members: the members phase starts after about 115
    // requests (sign-in, list, 100 creates, list, 11 pages of users) and reads 100 lists, then
    // takes three requests a base (read, read again, write) and one to read the write back
    const client = createDectMembersClient(caller)
    const deadline = Date.now() + 40_000
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the pushing process ended early: ${output}`)
      if (Date.now() > deadline) throw new Error(`the pushing process made no progress: ${output}`)
      const first = (await phonesOn(caller)).find((p) => p.mac === macOf(29, '0015CD00'))
      if (first && (await client.list(first.id)).length > 0) break
      await new Promise((r) => setTimeout(r, 20))
    }
    child.kill('SIGKILL')
    expect(await exited).toBe('SIGKILL')
    expect(output).not.toContain('ended')

    const atKill = [...(await membersOfBatch(caller)).values()].flat().length
    expect(atKill).toBeGreaterThan(0)
    expect(atKill).toBeLessThan(HANDSETS)
    const fresh = createBatchStore(temp.dir)
    const left = await fresh.get(batch.id)
    const savedDone = left.handsets.filter((h) => h.outcome.state === 'enrolled').length
    expect(savedDone).toBeLessThanOrEqual(atKill)

    const end = await createPushRunner({ store: fresh, callerFor: () => caller }).start(batch.id, PROFILE_ID, { concurrency: 8 })
    expect(end).toMatchObject({ status: 'done', failed: 0 })
    expect(end.created + end.matched).toBe(BASES)
    expect(end.handsets).toMatchObject({ total: HANDSETS, done: HANDSETS, failed: 0, pending: 0 })
    // members written before the kill whose outcome was not saved are matched, not written again
    expect(end.handsets?.matched).toBe(atKill - savedDone)

    const members = await membersOfBatch(caller)
    const all = [...members.values()].flat()
    expect(all).toHaveLength(HANDSETS)
    expect(new Set(all.map((m) => m.ipui)).size).toBe(HANDSETS)
    expect(new Set(all.map((m) => m.extension_number)).size).toBe(HANDSETS)
    expect(Math.max(...[...members.values()].map((list) => list.length))).toBe(10)
    for (const list of members.values()) expect(new Set(list.map((m) => m.handset_index)).size).toBe(list.length)
    const saved = await createBatchStore(temp.dir).get(batch.id)
    for (const h of saved.handsets) {
      const on = members.get(h.outcome.baseMac ?? '')
      expect(on?.some((m) => m.ipui === h.values.ipui && m.extension_number === h.values.extension && m.handset_index === h.outcome.handsetIndex), `handset row ${h.row}`).toBe(true)
    }
  })
})
