import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createBatchStore, type BatchStore, type NewBatchRow, type NewHandsetRow } from '../../../electron/services/dect/batch-store'
import { startDemoPbx, type DemoPbxOptions } from '../../../electron/demo-pbx'
import { createPbxSecrets } from '../../../electron/services/keychain/pbx-secrets'
import { createMemorySecretStore } from '../../../electron/services/keychain/memory-store'
import { createPbxSession } from '../../../electron/services/session/pbx-session'
import type { PbxCaller } from '../../../electron/services/pbx-client/caller'
import { createDectMembersClient } from '../../../electron/services/pbx-client/dect-members'
import { createDectPhonesClient } from '../../../electron/services/pbx-client/dect-phones'
import type { DectPhone } from '../../../electron/contract/pbx'
import { ServiceError } from '../../../electron/services/errors'

/** Shared by the batch and push tests (and the SIGKILL child): a demo PBX, a real session, rows. */

export type Demo = Awaited<ReturnType<typeof startDemoPbx>>

export const PROFILE_ID = 'demo-profile'

export const startPbx = (options: DemoPbxOptions = {}): Promise<Demo> => startDemoPbx({ port: 0, seed: false, ...options })

/** A signed-in session of `manager` on demo.pbx.example: refreshes tokens like the app does. */
export async function signedIn(baseUrl: string, profileId = PROFILE_ID, now?: () => number): Promise<PbxCaller> {
  const secrets = createPbxSecrets({ available: true, store: createMemorySecretStore() })
  const session = createPbxSession({ id: profileId, baseUrl, username: 'manager', domain: 'demo.pbx.example', signInMethod: 'sign_in' }, secrets, now)
  const state = await session.signIn('manager')
  if (state.status !== 'signed_in') throw new Error(`sign-in failed: ${state.status}`)
  return session.caller
}

export const macOf = (i: number, prefix = '00156500'): string => `${prefix}${i.toString(16).toUpperCase().padStart(12 - prefix.length, '0')}`

/** `n` valid rows: Yealink W80B, MACs 00156500xxxx. */
export function makeRows(n: number, prefix = '00156500'): NewBatchRow[] {
  return Array.from({ length: n }, (_, i) => ({
    row: i + 1,
    values: { name: `Handset ${i + 1}`, mac: macOf(i, prefix), extension: String(1000 + i), vendor: 'Yealink', model: 'W80B' },
    problems: [],
  }))
}

/** a base row of a batch: a Yealink W70B */
export const baseRow = (row: number, name: string, mac: string): NewBatchRow => ({ row, values: { name, mac, vendor: 'Yealink', model: 'W70B' }, problems: [] })
/** a handset row of a batch, on the base with that MAC */
export const handsetRow = (row: number, base_mac: string, ipui: string, extension: string, name: string): NewHandsetRow => ({ row, values: { base_mac, ipui, extension, name }, problems: [] })

/** every phone on the PBX, read back with GET /api/dect_phones */
export async function phonesOn(caller: PbxCaller): Promise<DectPhone[]> {
  return (await createDectPhonesClient(caller).list()).items
}

/** the members of these bases that are on the PBX, by MAC, as [extension, IPUI, index] (a base not on the PBX is left out) */
export async function membersByMac(caller: PbxCaller, macs: readonly string[]): Promise<Record<string, [string, string, number][]>> {
  const client = createDectMembersClient(caller)
  const out: Record<string, [string, string, number][]> = {}
  for (const phone of await phonesOn(caller)) {
    if (phone.mac === undefined || !macs.includes(phone.mac)) continue
    out[phone.mac] = (await client.list(phone.id)).map((m) => [m.extension_number, m.ipui, m.handset_index])
  }
  return out
}

export async function tempDir(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'dect-batches-'))
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) }
}

/** What a test of a push or of the site stands on; `close` stops the PBX and removes the folder. */
export interface Site {
  pbx: Demo
  caller: PbxCaller
  store: BatchStore
  /** the data folder the batch store keeps its batches in */
  dataDir: string
  close(): Promise<void>
}

/** A demo PBX (`options`: seeded or not), a caller signed in to it, and a batch store in a new temporary folder. */
export async function openSite(options: DemoPbxOptions = {}): Promise<Site> {
  const pbx = await startPbx(options)
  const caller = await signedIn(pbx.url)
  const temp = await tempDir()
  return {
    pbx,
    caller,
    store: createBatchStore(temp.dir),
    dataDir: temp.dir,
    close: async () => {
      await pbx.stop()
      await temp.cleanup()
    },
  }
}

/** The ServiceError a promise rejects with (the test fails when it settles otherwise). */
export async function rejection(promise: Promise<unknown>): Promise<ServiceError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof ServiceError) return error
    throw error
  }
  throw new Error('expected a rejection')
}
