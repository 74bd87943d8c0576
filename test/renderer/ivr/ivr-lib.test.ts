import { blankServer, createBody, ivrServerRules, type IvrServerModel } from '@renderer/lib/ivr-form'
import { nextSortOrder, orderbyOf, pageOf, skipOf, sortOrderOf } from '@renderer/lib/ivr-list'
import { checkedAtText, serverName, serversText, switchFailedText } from '@renderer/lib/ivr-text'
import type { FormItemRule } from 'naive-ui'
import { describe, expect, it } from 'vitest'

/** What every rule of a field answers for the model: the first message, or true. */
function check(rules: FormItemRule | FormItemRule[] | undefined, value: unknown): true | string {
  for (const rule of [rules ?? []].flat()) {
    const answer = rule.validator?.(rule, value as never, () => undefined, {}, {})
    if (answer instanceof Error) return answer.message
  }
  return true
}

describe('ivr-list', () => {
  it('shows the order of a column from orderby', () => {
    expect(sortOrderOf('name', 'name')).toBe('ascend')
    expect(sortOrderOf('name desc', 'name')).toBe('descend')
    expect(sortOrderOf('name', 'type')).toBe(false)
    expect(sortOrderOf(undefined, 'type')).toBe(false)
  })

  it('sorts a column ascending first, then descending, then not at all', () => {
    // Naive UI asks for "descend" on the first click: a column not sorted yet goes A to Z
    expect(orderbyOf(undefined, 'name', 'descend')).toBe('name')
    expect(orderbyOf('type desc', 'name', 'descend')).toBe('name')
    expect(orderbyOf('name', 'name', 'descend')).toBe('name desc')
    expect(orderbyOf('name desc', 'name', false)).toBeUndefined()
    expect(orderbyOf(undefined, 'ipv4', 'ascend')).toBeUndefined()
    expect(nextSortOrder(false)).toBe('ascend')
    expect(nextSortOrder('ascend')).toBe('descend')
    expect(nextSortOrder('descend')).toBe(false)
  })

  it('turns pages into skip and back', () => {
    expect(skipOf(1, 25)).toBe(0)
    expect(skipOf(3, 10)).toBe(20)
    expect(pageOf({ skip: 20, top: 10 })).toBe(3)
    expect(pageOf({ skip: 0, top: 100 })).toBe(1)
  })
})

describe('ivr-form', () => {
  const model = (more: Partial<IvrServerModel>): IvrServerModel => ({ ...blankServer(), ...more })

  it('leaves empty addresses out of the body, and spaces around what was typed', () => {
    expect(createBody(model({ name: ' Reception ', ipv4: ' 10.0.0.1 ' }))).toEqual({ name: 'Reception', enabled: true, ipv4: '10.0.0.1' })
    const onlyV6 = createBody(model({ name: 'R', ipv4: '  ', ipv6: '2001:db8::1', enabled: false }))
    expect(onlyV6).toEqual({ name: 'R', enabled: false, ipv6: '2001:db8::1' })
    expect('ipv4' in onlyV6).toBe(false)
  })

  it('says beside each field what the contract says', () => {
    let current = model({ name: '' })
    const rules = ivrServerRules(() => current)

    expect(check(rules.name, '   ')).toBe('must not be empty')
    expect(check(rules.name, 'x'.repeat(65))).toBe('must be at most 64 characters')
    expect(check(rules.ipv4, '10.0.0.256')).toBe('must be an IPv4 address (e.g. 192.168.1.50)')
    expect(check(rules.ipv6, '2001:db8:::1')).toBe('must be an IPv6 address (e.g. 2001:db8::1)')

    // neither address: both fields say so
    current = model({ name: 'R' })
    expect(check(rules.ipv4, '')).toBe('give an IPv4 or an IPv6 address (at least one is needed)')
    expect(check(rules.ipv6, '')).toBe('give an IPv4 or an IPv6 address (at least one is needed)')

    current = model({ name: 'R', ipv6: '2001:db8::1' })
    expect(check(rules.ipv4, '')).toBe(true)
    expect(check(rules.ipv6, '2001:db8::1')).toBe(true)
  })

  it('marks the name required, the addresses not (one of them is)', () => {
    const rules = ivrServerRules(() => blankServer())
    expect([rules.name].flat()[0]?.required).toBe(true)
    expect([rules.ipv4].flat()[0]?.required).toBe(false)
    expect([rules.ipv6].flat()[0]?.required).toBe(false)
  })
})

describe('ivr-text', () => {
  it('counts and names servers', () => {
    expect(serversText(1)).toBe('1 server')
    expect(serversText(3)).toBe('3 servers')
    expect(serverName({ name: 'Reception', type: 'EXTERNAL' })).toBe('Reception')
    expect(serverName({ type: 'INTERNAL' })).toBe('the built-in server')
    expect(switchFailedText('Reception', false, 'refused (403)')).toBe('Could not switch Reception off: refused (403)')
  })

  it('says when the PBX checked, in the user’s format, or as the PBX wrote it', () => {
    expect(checkedAtText('2025-03-01T08:00:00.000Z')).toBe(`checked ${new Date('2025-03-01T08:00:00.000Z').toLocaleString()}`)
    expect(checkedAtText('a moment ago')).toBe('checked a moment ago')
  })
})
