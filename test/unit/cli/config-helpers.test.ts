import { describe, expect, it } from 'vitest'
import type { ApplyPreview, TargetPlan } from '../../../electron/contract/config-apply'
import type { DiffLine } from '../../../electron/contract/config-compare'
import { chosenItems, chosenTargets, mappingsFor } from '../../../electron/cli/config-apply-args'
import type { ApplyItemRef } from '../../../electron/contract/config-apply'
import { pathText } from '../../../electron/contract/config-compare'
import { changeLines, finishOptions, skipRefusal, targetState } from '../../../electron/cli/config-text'
import { previewOutlook } from '../../../electron/contract/apply-outlook'
import type { Rollout, TargetResult } from '../../../electron/contract/config-apply'
import { CliError } from '../../../electron/cli/exit-codes'
import type { PbxProfile } from '../../../electron/contract/profiles'

// The config commands' small parts, in-process; config.test.ts runs the commands whole.

const source: ApplyItemRef[] = [
  { part: 'outboundRules', key: 'Local' },
  { part: 'outboundRules', key: 'Emergency' },
  { part: 'notification', key: 'settings' },
  { part: 'dectBases', key: '805EC0A1B2C3' },
]

const usage = (call: () => unknown): string => {
  try {
    call()
  } catch (error) {
    if (error instanceof CliError && error.exitCode === 2) return error.message
    throw error
  }
  throw new Error('expected bad usage')
}

describe('config apply arguments', () => {
  it('--item: a part by its name or a short one, a key in any case, a MAC in any spelling, * for all; none: every item', () => {
    expect(chosenItems(['rule:emergency', 'notification', 'bases:80-5e-c0-a1-b2-c3', 'outboundRules:Emergency'], source)).toEqual([
      { part: 'outboundRules', key: 'Emergency' },
      { part: 'notification', key: 'settings' },
      { part: 'dectBases', key: '805EC0A1B2C3' },
    ])
    expect(chosenItems(['rules:*'], source).map((item) => item.key)).toEqual(['Local', 'Emergency'])
    expect(chosenItems(undefined, source)).toHaveLength(4)
    expect(usage(() => chosenItems(['rule:Nope'], source))).toMatch(/the source has no such item; its outbound rules: "Local", "Emergency"\./)
    expect(usage(() => chosenItems(['ivr:x'], source))).toMatch(/the source has no ivr servers/)
    expect(usage(() => chosenItems(['rule'], source))).toMatch(/name the item after the colon/)
  })

  it('targets: --to, --tag and --group, each PBX once, never the source', () => {
    const pbx = (id: string, tags: string[], group = '') => ({ id, label: id, tags, group }) as PbxProfile
    const all = [pbx('a', ['branch']), pbx('b', ['Branch'], 'North'), pbx('c', [], 'north')]
    expect(chosenTargets(all, { to: ['c'], tag: ['branch'], group: ['NORTH'] }, 'a').targets.map((p) => p.id)).toEqual(['c', 'b'])
    expect(usage(() => chosenTargets(all, {}))).toMatch(/Choose the PBXs to apply to/)
    expect(usage(() => chosenTargets(all, { to: ['a'] }, 'a'))).toMatch(/The only PBX chosen is the source itself/)
  })

  it('maps a name only on the PBXs that lack it and have the name mapped to', () => {
    const target = (profileId: string, providers: string[], holidays: string[]): TargetPlan => ({
      profileId,
      label: profileId,
      state: 'ready',
      items: [],
      providers: providers.map((name, i) => ({ id: `${profileId}-p${i}`, name })),
      holidays: holidays.map((name, i) => ({ id: `${profileId}-h${i}`, name })),
    })
    const { mappings, notes } = mappingsFor({ mapProvider: ['Telco One=other telco'], dropHoliday: ['Christmas'] }, [
      target('same', ['Telco One'], ['Christmas']),
      target('other', ['Other Telco'], []),
      target('none', ['Third'], []),
    ])
    expect(mappings).toEqual({
      other: { providers: { 'Telco One': 'other-p0' }, holidays: { Christmas: null } },
      none: { providers: {}, holidays: { Christmas: null } },
    })
    expect(notes).toEqual([])
    expect(mappingsFor({ mapProvider: ['Telco One=Nowhere'] }, [target('x', [], [])]).notes).toEqual([
      'Note: --map-provider "Telco One=Nowhere": no PBX lacking "Telco One" has a provider named "Nowhere".',
    ])
  })
})

describe('config text', () => {
  it('a field change as a diff under its path; a long text by its changed lines with some context', () => {
    expect(pathText(['routes', 0, 'strip_digits'])).toBe('routes › 1 › strip digits')
    expect(changeLines({ path: ['prepend'], kind: 'changed', before: '', after: '9' }, '  ')).toEqual(['  prepend', '  - (empty)', '  + 9'])
    expect(changeLines({ path: ['holidays', 1], kind: 'added', after: 'Christmas' }, '')).toEqual(['holidays › 2', '+ Christmas'])
    const lines: DiffLine[] = Array.from({ length: 10 }, (_, i) => ({ kind: 'same', text: `line ${i + 1}` }))
    lines.splice(5, 1, { kind: 'removed', text: 'line 6' }, { kind: 'added', text: 'line six' })
    expect(changeLines({ path: ['body'], kind: 'changed', before: 'a', after: 'b', lines }, '')).toEqual([
      'body',
      '  …',
      '  line 4',
      '  line 5',
      '- line 6',
      '+ line six',
      '  line 7',
      '  line 8',
      '  …',
    ])
  })
})

describe('skipped PBXs in words', () => {
  const plan = (label: string, items: TargetPlan['items']): TargetPlan => ({ profileId: label, label, state: 'ready', items, providers: [], holidays: [] })
  const rule = { part: 'outboundRules', key: 'Night' } as const

  it('a PBX partly skipped is done and says what was skipped; one wholly skipped says only why', () => {
    const target = (outcomes: ('created' | 'skipped')[]): TargetResult => ({
      profileId: 'p',
      label: 'P',
      state: 'done',
      account: 'manager',
      items: outcomes.map((outcome, i) => ({ part: 'outboundRules', key: `R${i}`, outcome, changes: [], ...(outcome === 'skipped' ? { missing: { providers: ['Telco One'], holidays: ['Christmas'] } } : {}) })),
    })
    expect(targetState(target(['skipped']))).toBe('skipped: no provider "Telco One", no holiday "Christmas"')
    expect(targetState(target(['created', 'skipped']))).toBe('done, as manager; skipped: no provider "Telco One", no holiday "Christmas"')
    expect(targetState(target(['created']))).toBe('done, as manager')
    const rollout = { kind: 'apply', targets: [target(['skipped']), target(['created', 'skipped'])] } as Rollout
    expect(finishOptions(rollout)).toEqual(['--map-provider "Telco One=…"', '--map-holiday "Christmas=…"'])
  })

  it('the refusal to skip unattended names the mapping options only when a name is missing, and --yes when it was not given', () => {
    const outlook = previewOutlook({
      source: { label: 'S', fromFile: false, takenAt: '2026-01-01T00:00:00.000Z' },
      targets: [plan('A', [{ ...rule, action: 'create', changes: [] }]), plan('B', [{ ...rule, action: 'cannot', reason: 'not offered by the PBX', changes: [] }])],
    } as ApplyPreview)
    expect(skipRefusal(outlook, false)).toBe(
      'Nothing was done: 1 PBX would be skipped: 1 cannot: not offered by the PBX. To go on, add --skip-unmapped to apply to the others and skip it (with --yes, to apply unattended).',
    )
  })
})
