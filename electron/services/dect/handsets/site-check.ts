import { isRetired } from '../../../contract/batch-state'
import type { BridgeHandlers } from '../../../contract/bridge'
import { SITE_MEMBERS_FRESH_MS, type BaseActionOutcome, type SiteBase } from '../../../contract/bridge-handsets'
import { macForPeople, withDefaults } from '../../../contract/dect'
import { normalizeMac, type DectMember } from '../../../contract/pbx'
import { mapLimited } from '../../concurrency/map-limited'
import { ServiceError } from '../../errors'
import type { PbxCaller } from '../../pbx-client/caller'
import { createDectMembersClient } from '../../pbx-client/dect-members'
import { createDectPhonesClient } from '../../pbx-client/dect-phones'
import { createProvisionedPhonesClient } from '../../pbx-client/provisioned-phones'
import type { BatchStore } from '../batch-store'
import { baseSlots, type LinesOf } from './handset-import'
import { batchHandsetPlaces, compareMembers } from './site-members'

/**
 * The on-site check of a batch (issues 14 and 40): each base as the PBX's provisioned phones show
 * it (waiting, seen with its IP and firmware), its members on the PBX against the batch's handsets
 * (site-members.ts), and re-provision or reboot for many bases at once, each base's outcome kept.
 * The members are read again when asked `fresh` (the view opening, "Check now") or every
 * SITE_MEMBERS_FRESH_MS; the polls between answer those read last, so a poll every 5 s of a site of
 * 100 bases asks the PBX for 2 lists, not 102.
 */

/** How many bases are read or acted on at once. */
const CONCURRENCY = 4

export interface SiteCheckOptions {
  store: BatchStore
  callerFor: (profileId: string) => Promise<PbxCaller>
  linesOf: () => Promise<LinesOf>
  /** the clock the members' age is told by (tests) */
  now?: () => number
}

interface MembersRead {
  supported: boolean
  lists: Map<string, DectMember[]>
}

/** A base as people name it: "Hall (00:15:65:E1:00:01)", or its MAC alone. */
const baseLabel = (name: string, mac: string): string => (name ? `${name} (${macForPeople(mac)})` : macForPeople(mac))

export function createSiteCheck({ store, callerFor, linesOf, now = Date.now }: SiteCheckOptions): Pick<BridgeHandlers, 'siteStatus' | 'baseActions'> {
  /** each pushed base's members (by MAC; undefined: not on the PBX), or none at all when the PBX offers no members */
  async function membersOf(caller: PbxCaller, macs: readonly string[]): Promise<MembersRead> {
    const lists = new Map<string, DectMember[]>()
    if (macs.length === 0) return { supported: true, lists }
    const phones = (await createDectPhonesClient(caller).list()).items
    const byMac = new Map(phones.flatMap((p) => (p.mac ? [[normalizeMac(p.mac.trim()), p.id] as const] : [])))
    const client = createDectMembersClient(caller)
    let supported = true
    await mapLimited(macs, CONCURRENCY, async (mac) => {
      const id = byMac.get(mac)
      if (id === undefined) return
      try {
        lists.set(mac, await client.list(id))
      } catch (error) {
        if (error instanceof ServiceError && error.code === 'NOT_SUPPORTED') supported = false
        // removed from the PBX between the two reads: no members to show
        else if (!(error instanceof ServiceError && error.code === 'NOT_FOUND')) throw error
      }
    }, () => !supported)
    return { supported, lists: supported ? lists : new Map() }
  }

  /** the members last read for a batch on a PBX, and when, with the bases they were read for */
  const lastRead = new Map<string, { at: number; macs: string; read: MembersRead }>()

  /** The members of these bases: read again when asked `fresh`, when older than SITE_MEMBERS_FRESH_MS, or for other bases. */
  async function membersFor(caller: PbxCaller, key: string, macs: readonly string[], fresh: boolean): Promise<MembersRead> {
    const kept = lastRead.get(key)
    if (!fresh && kept && kept.macs === macs.join() && now() - kept.at < SITE_MEMBERS_FRESH_MS) return kept.read
    const read = await membersOf(caller, macs)
    lastRead.set(key, { at: now(), macs: macs.join(), read })
    return read
  }

  return {
    async siteStatus({ batchId, profileId, fresh }) {
      const [batch, caller, lines] = await Promise.all([store.get(batchId), callerFor(profileId), linesOf()])
      const pushedMacs = batch.rows.filter((row) => row.values.mac !== undefined && (row.outcome.state === 'created' || row.outcome.state === 'matched')).map((row) => row.values.mac as string)
      const [phones, members] = await Promise.all([createProvisionedPhonesClient(caller).list(), membersFor(caller, `${profileId}\n${batchId}`, pushedMacs, fresh)])
      const seen = new Map(phones.supported ? phones.items.map((p) => [normalizeMac(p.mac), p]) : [])
      const places = batchHandsetPlaces(batch.handsets, baseSlots(batch.rows, batch.defaults, lines))
      const names = new Map(batch.rows.flatMap((row) => (row.values.mac ? [[row.values.mac, row.values.name ?? ''] as const] : [])))
      const nameOf = (mac: string): string => names.get(mac) || macForPeople(mac)
      const bases: SiteBase[] = batch.rows
        // a retired base is not on site any more
        .filter((row) => row.values.mac !== undefined && !isRetired(row))
        .map((row) => {
          const mac = row.values.mac as string
          const modelLines = lines(withDefaults(row.values, batch.defaults))
          const common = { rowId: row.id, row: row.row, name: row.values.name ?? '', mac, ...(modelLines === undefined ? {} : { lines: modelLines }) }
          const pushed = row.outcome.state === 'created' || row.outcome.state === 'matched'
          if (!pushed) return { ...common, state: 'not_pushed' as const }
          const list = members.lists.get(mac)
          const since = {
            ...common,
            ...(row.outcome.at ? { pushedAt: row.outcome.at } : {}),
            ...(list ? { handsets: compareMembers(mac, list, places, nameOf) } : {}),
          }
          const phone = seen.get(mac)
          if (!phone) return { ...since, state: 'waiting' as const }
          return {
            ...since,
            state: 'seen' as const,
            ...(phone.ip ? { ip: phone.ip } : {}),
            ...(phone.fwver ? { fwver: phone.fwver } : {}),
            ...(phone.model ? { model: phone.model } : {}),
          }
        })
      return { supported: phones.supported, membersSupported: members.supported, bases, checkedAt: new Date().toISOString() }
    },

    async baseActions({ batchId, profileId, macs, action }) {
      const [batch, caller] = await Promise.all([store.get(batchId), callerFor(profileId)])
      const names = new Map(batch.rows.flatMap((row) => (row.values.mac ? [[row.values.mac, row.values.name ?? ''] as const] : [])))
      const client = createProvisionedPhonesClient(caller)
      const unique = [...new Set(macs.map((mac) => normalizeMac(mac.trim())))]
      const outcomes = await mapLimited(unique, CONCURRENCY, async (mac): Promise<BaseActionOutcome> => {
        const name = names.get(mac) ?? ''
        try {
          await client.act(mac, action)
          return { mac, name, done: true }
        } catch (error) {
          // a failure is this base's outcome; the other bases go on
          if (!(error instanceof ServiceError)) throw error
          return { mac, name, done: false, message: `${baseLabel(name, mac)}: ${error.message}` }
        }
      })
      return { outcomes: outcomes.filter((o): o is BaseActionOutcome => o !== undefined) }
    },
  }
}
