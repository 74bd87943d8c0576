import { isRetired, itemState } from '../../../contract/batch-state'
import type { SiteStatus } from '../../../contract/bridge-handsets'
import { macForPeople, withDefaults, type Batch, type BatchRow } from '../../../contract/dect'
import type { HandsetRow } from '../../../contract/dect-handsets'
import { HandoverReportSchema, type HandoverBase, type HandoverHandset, type HandoverReport, type HandoverUndone, type HandoverUnread } from '../../../contract/handover-report'
import { IPUI_PATTERN, ipuiToIpei } from '../../../contract/ipui'
import type { PbxProfile } from '../../../contract/profiles'
import { timeWords } from './handover/handover-words'

/**
 * The hand-over report (issue 43) from a batch and the on-site check's fresh read of the PBX
 * (site-check.ts: the provisioned devices, the bases' members): the bases, the handsets, what is
 * left undone with its reason, the counts, and what the PBX could not give. A PBX without an
 * endpoint (404/405) gives `null` facts and a line in `cannotRead`, never a failure.
 */

export interface HandoverInput {
  batch: Batch
  /** siteStatus read `fresh` just now */
  site: SiteStatus
  pbx: Pick<PbxProfile, 'label' | 'baseUrl' | 'customer' | 'domain'>
  installer?: string
}

const NO_DEVICES = 'this PBX does not list provisioned devices'
const NO_MEMBERS = 'this PBX does not list the handsets on its DECT bases'

const ipuiKey = (ipui: string): string => ipui.trim().toUpperCase()
const baseWords = (name: string, mac: string): string => (name ? `${name} (${macForPeople(mac)})` : macForPeople(mac))

/** "1161 Anna (IPUI 00AF100001)", as much of it as the handset has. */
function handsetWords(h: { extension?: string | undefined; name?: string | undefined; ipui?: string | undefined }): string {
  const head = [h.extension, h.name].filter(Boolean).join(' ')
  const ipui = h.ipui ? `IPUI ${h.ipui}` : ''
  if (head && ipui) return `${head} (${ipui})`
  return head || ipui || 'a handset with no IPUI'
}

/** A member as the on-site check found it, and on which base. */
interface MemberSeen {
  baseMac: string
  baseName: string
  extension?: string | undefined
  handsetIndex?: number | undefined
  name?: string | undefined
  inBatch: boolean
}

/** Every member of the batch's pushed bases, by IPUI. */
function membersByIpui(site: SiteStatus): Map<string, MemberSeen> {
  const out = new Map<string, MemberSeen>()
  for (const base of site.bases) {
    for (const h of base.handsets ?? []) {
      if (h.place === 'missing') continue
      out.set(ipuiKey(h.ipui), { baseMac: base.mac, baseName: base.name, extension: h.extension, handsetIndex: h.handsetIndex, name: h.name, inBatch: h.place !== 'not_in_batch' })
    }
  }
  return out
}

/** Why a row or handset the batch holds is not on the PBX, or undefined when it is. */
function notDone(item: Pick<BatchRow | HandsetRow, 'outcome' | 'problems'>, status: Batch['status']): Pick<HandoverUndone, 'kind' | 'reason'> | undefined {
  switch (itemState(item, status)) {
    case 'done':
    case 'retired':
      return undefined
    case 'failed':
      return { kind: 'failed', reason: item.outcome.error ?? 'the PBX refused it' }
    case 'not_sent':
      return { kind: 'not_sent', reason: item.problems.filter((p) => p.severity === 'error').map((p) => p.message).join('; ') }
    case 'pending':
      return { kind: 'not_sent', reason: 'the push that sends it is paused or still under way' }
    case 'ready':
      return { kind: 'not_sent', reason: 'no push has sent it yet' }
  }
}

export function buildHandoverReport({ batch, site, pbx, installer }: HandoverInput): HandoverReport {
  const seen = new Map(site.bases.map((b) => [b.mac, b]))
  const members = membersByIpui(site)
  const undone: HandoverUndone[] = []
  const baseNames = new Map(batch.rows.flatMap((row) => (row.values.mac ? [[row.values.mac, row.values.name ?? ''] as const] : [])))

  // what was retired is no longer installed: not in the report
  const rows = batch.rows.filter((row) => !isRetired(row))
  const live = batch.handsets.filter((handset) => !isRetired(handset))
  const bases: HandoverBase[] = []
  for (const row of rows) {
    const name = row.values.name ?? ''
    const item = row.values.mac ? baseWords(name, row.values.mac) : name || `row ${row.row}`
    const open = notDone(row, batch.status)
    if (open) undone.push({ ...open, what: 'base', item })
    if (!row.values.mac) continue
    const onSite = seen.get(row.values.mac)
    const onPbx = !open
    const fetchedConfig = !site.supported ? null : onSite?.state === 'seen'
    const model = onSite?.model ?? withDefaults(row.values, batch.defaults).model
    bases.push({
      name,
      mac: row.values.mac,
      ...(model ? { model } : {}),
      ...(onSite?.fwver ? { firmware: onSite.fwver } : {}),
      ...(onSite?.ip ? { ip: onSite.ip } : {}),
      onPbx,
      fetchedConfig,
    })
    if (onPbx && fetchedConfig === false) {
      const since = onSite?.pushedAt ? ` since it was pushed at ${timeWords(onSite.pushedAt)}` : ''
      undone.push({ kind: 'not_seen', what: 'base', item, reason: `it has not fetched its configuration from the PBX${since}` })
    }
  }

  const handsets: HandoverHandset[] = []
  const listed = new Set<string>()
  for (const handset of live) {
    const { ipui, extension, name } = handset.values
    const open = notDone(handset, batch.status)
    if (open) undone.push({ ...open, what: 'handset', item: handsetWords(handset.values) })
    if (ipui === undefined) continue
    const key = ipuiKey(ipui)
    listed.add(key)
    const member = members.get(key)
    const batchBase = handset.outcome.baseMac ?? handset.values.base_mac
    const onPbx = member ? true : site.membersSupported ? false : null
    const where = member ? { baseMac: member.baseMac, baseName: member.baseName } : batchBase ? { baseMac: batchBase, baseName: baseNames.get(batchBase) ?? '' } : {}
    const shownExtension = member?.extension ?? extension
    const shownName = name ?? member?.name
    handsets.push({
      ...(shownExtension ? { extension: shownExtension } : {}),
      ...(shownName ? { name: shownName } : {}),
      ipui: key,
      ...(IPUI_PATTERN.test(key) ? { ipei: ipuiToIpei(key) } : {}),
      ...where,
      ...(member?.handsetIndex !== undefined ? { handsetIndex: member.handsetIndex } : {}),
      onPbx,
      inBatch: true,
    })
    if (!open && onPbx === false) {
      const on = batchBase ? ` (the batch put it on ${baseWords(baseNames.get(batchBase) ?? '', batchBase)})` : ''
      undone.push({ kind: 'not_seen', what: 'handset', item: handsetWords({ extension: shownExtension, name: shownName, ipui: key }), reason: `it is no member of any of the batch's bases on the PBX${on}` })
    }
  }
  // members of the batch's bases the batch does not list: on site, so in the report
  for (const [key, member] of members) {
    if (listed.has(key)) continue
    handsets.push({
      ...(member.extension ? { extension: member.extension } : {}),
      ...(member.name ? { name: member.name } : {}),
      ipui: key,
      ...(IPUI_PATTERN.test(key) ? { ipei: ipuiToIpei(key) } : {}),
      baseMac: member.baseMac,
      baseName: member.baseName,
      ...(member.handsetIndex !== undefined ? { handsetIndex: member.handsetIndex } : {}),
      onPbx: true,
      inBatch: false,
    })
  }

  const cannotRead: HandoverUnread[] = []
  if (!site.supported) for (const field of ['firmware', 'IP address', 'configuration fetched']) cannotRead.push({ field, reason: NO_DEVICES })
  if (!site.membersSupported) for (const field of ['handset index', 'handsets on the PBX']) cannotRead.push({ field, reason: NO_MEMBERS })

  const ofKind = (kind: HandoverUndone['kind']) => undone.filter((u) => u.kind === kind).length
  const inBatch = handsets.filter((h) => h.inBatch)
  return HandoverReportSchema.parse({
    version: 1,
    readAt: site.checkedAt,
    date: site.checkedAt.slice(0, 10),
    batch: { id: batch.id, name: batch.name },
    customer: pbx.customer,
    pbx: { label: pbx.label, address: pbx.baseUrl },
    ...(pbx.domain ? { tenant: pbx.domain } : {}),
    ...(installer ? { installer } : {}),
    counts: {
      bases: bases.length,
      basesOnPbx: bases.filter((b) => b.onPbx).length,
      basesFetchedConfig: site.supported ? bases.filter((b) => b.fetchedConfig === true).length : null,
      handsets: live.length,
      handsetsOnPbx: site.membersSupported ? inBatch.filter((h) => h.onPbx === true).length : null,
      notSent: ofKind('not_sent'),
      failed: ofKind('failed'),
      notSeen: ofKind('not_seen'),
    },
    bases,
    handsets,
    undone,
    cannotRead,
  })
}
