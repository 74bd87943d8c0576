import { isRetired } from '../../../contract/batch-state'
import { macForPeople, type RowProblem } from '../../../contract/dect'
import type { HandsetRow } from '../../../contract/dect-handsets'
import type { DectMember } from '../../../contract/pbx'

/**
 * A batch's handsets against what the PBX has, before a push: an extension the PBX has no user
 * for, an extension or a handset (IPUI) that a base already has. The same facts the push acts on
 * (member-push.ts), said ahead: a member with the same IPUI and extension will be matched (a
 * warning); an extension held by another handset, or the handset enrolled for another extension,
 * would fail (an error, so the push leaves that handset out until it is sorted). A retired handset
 * is no part of it.
 */

/** A member of a base on the PBX, with the base it is on. */
export interface PbxMember {
  baseName: string
  baseMac: string | undefined
  member: DectMember
}

export interface PbxHandsetFacts {
  /** the extensions the PBX has users for; undefined when it has no list of users */
  extensions: ReadonlySet<string> | undefined
  members: readonly PbxMember[]
}

const where = (m: PbxMember): string => `base ${m.baseName}${m.baseMac ? ` (${macForPeople(m.baseMac)})` : ''} at index ${m.member.handset_index}`

export function flagHandsetsOnPbx(handsets: readonly HandsetRow[], facts: PbxHandsetFacts): HandsetRow[] {
  const byExtension = new Map(facts.members.map((m) => [m.member.extension_number, m]))
  const byIpui = new Map(facts.members.map((m) => [m.member.ipui.toUpperCase(), m]))
  return handsets.map((h) => {
    const { extension, ipui } = h.values
    const broken = (field: string) => h.problems.some((p) => p.field === field && p.severity === 'error')
    if (extension === undefined || ipui === undefined || broken('extension') || broken('ipui') || isRetired(h)) return h
    const found: RowProblem[] = []
    if (facts.extensions && !facts.extensions.has(extension)) {
      found.push({ field: 'extension', severity: 'error', message: `extension ${extension} has no user on the PBX: add the user there, or change the extension` })
    }
    const holder = byExtension.get(extension)
    const enrolled = byIpui.get(ipui)
    if (holder && holder.member.ipui.toUpperCase() === ipui) {
      found.push({ field: 'ipui', severity: 'warning', message: `handset ${ipui} is enrolled for extension ${extension} already, on ${where(holder)}: the push will match it` })
    } else {
      if (holder) found.push({ field: 'extension', severity: 'error', message: `extension ${extension} is held by handset ${holder.member.ipui} on ${where(holder)}: remove it there first, or change the extension` })
      if (enrolled) found.push({ field: 'ipui', severity: 'error', message: `handset ${ipui} is enrolled for extension ${enrolled.member.extension_number} on ${where(enrolled)}: remove it there first` })
    }
    return found.length === 0 ? h : { ...h, problems: [...h.problems, ...found] }
  })
}
