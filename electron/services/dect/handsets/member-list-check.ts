import type { BaseMembers } from '../../../contract/bridge-handsets'
import type { DectMemberWrite } from '../../../contract/pbx'
import { ServiceError } from '../../errors'

/**
 * A base's member list as the DECT phones screen writes it, checked before it replaces the one
 * on the PBX: the checks the batch's handsets pass (an extension, a handset or an index once; no
 * more handsets than the base's model takes; extensions the PBX has users for), so a mistake is
 * named by its line ("members.2.extension_number: …") instead of by the PBX's refusal. What only
 * the PBX knows (a handset or extension on another base) it still refuses (409), with its words.
 */
export function checkMemberList(members: readonly DectMemberWrite[], facts: Pick<BaseMembers, 'lines' | 'extensions'>): DectMemberWrite[] {
  const refuse = (i: number, field: keyof DectMemberWrite, message: string): never => {
    throw new ServiceError('INVALID_INPUT', `members.${i}.${field}: line ${i + 1}: ${message}`, { field: `members.${i}.${field}` })
  }
  if (facts.lines !== undefined && members.length > facts.lines) {
    throw new ServiceError('INVALID_INPUT', `members: the base takes ${facts.lines} handsets; the list has ${members.length}`, { field: 'members' })
  }
  const known = facts.extensions === undefined ? undefined : new Set(facts.extensions.map((e) => e.extension))
  const seen = { extension_number: new Map<string, number>(), ipui: new Map<string, number>(), handset_index: new Map<string, number>() }
  members.forEach((m, i) => {
    for (const field of ['extension_number', 'ipui', 'handset_index'] as const) {
      const value = field === 'ipui' ? m.ipui.toUpperCase() : m[field]
      const before = seen[field].get(value)
      if (before !== undefined) refuse(i, field, `${value} is also on line ${before + 1}`)
      seen[field].set(value, i)
    }
    if (known && !known.has(m.extension_number)) refuse(i, 'extension_number', `extension ${m.extension_number} has no user on the PBX`)
    if (facts.lines !== undefined && Number(m.handset_index) > facts.lines) refuse(i, 'handset_index', `index ${m.handset_index} is past the base's ${facts.lines} handsets`)
  })
  return members.map((m) => ({ ...m, ipui: m.ipui.toUpperCase() }))
}
