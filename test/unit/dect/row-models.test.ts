import { describe, expect, it } from 'vitest'
import type { BatchRow } from '../../../electron/contract/dect'
import type { DectModel } from '../../../electron/contract/pbx'
import { flagModels, modelProblems } from '../../../electron/services/dect/row-models'

// A base row's vendor, model and template against the PBX's DECT model list.

const MODELS: DectModel[] = [
  { filename: 'yealink_w70b.xml', model: 'W70B', lines: 10, display_name: 'Yealink W70B' },
  { filename: 'yealink_w80b.xml', model: 'W80B', lines: 100, display_name: 'Yealink W80B' },
  { filename: 'snom_m400.xml', model: 'M400', lines: 20, display_name: 'Snom M400' },
  { filename: 'snom_m900.xml', model: 'M900', lines: 200, display_name: 'Snom M900' },
  { filename: 'gigaset_n870.xml', model: 'N870', lines: 250, display_name: 'Gigaset N870' },
]

const row = (values: BatchRow['values'], problems: BatchRow['problems'] = []): BatchRow => ({ id: 'r1', row: 1, values: { mac: '001565000001', name: 'Base', ...values }, problems, outcome: { state: 'pending' } })

describe("a base's model against the PBX's list", () => {
  it('passes a model the list has, in any case, with its vendor and template', () => {
    expect(modelProblems(row({ vendor: 'yealink', model: 'w70b', template: 'YEALINK_W70B.xml' }), {}, MODELS)).toEqual([])
  })

  it('warns of a model the list does not have, naming a few of those it has', () => {
    expect(modelProblems(row({ vendor: 'Yealink', model: 'W90B' }), {}, MODELS)).toEqual([
      { field: 'model', severity: 'warning', message: "model 'W90B' is not one of the PBX's DECT models (Yealink W70B, Yealink W80B, Snom M400, Snom M900 and 1 more); the PBX may refuse it" },
    ])
  })

  it("warns of a vendor the list does not give the model, and of a template that is not the model's", () => {
    expect(modelProblems(row({ vendor: 'Snom', model: 'W70B', template: 'snom_m400.xml' }), {}, MODELS)).toEqual([
      { field: 'vendor', severity: 'warning', message: "vendor 'Snom': the PBX lists model W70B as Yealink's" },
      { field: 'template', severity: 'warning', message: "template 'snom_m400.xml' is not a template of W70B on the PBX (yealink_w70b.xml)" },
    ])
  })

  it("checks the batch defaults in the row's empty cells, as the push sends them", () => {
    expect(modelProblems(row({}), { vendor: 'Yealink', model: 'T99' }, MODELS).map((p) => p.field)).toEqual(['model'])
    expect(modelProblems(row({ model: 'M400' }), { vendor: 'Snom', template: 'snom_m400.xml' }, MODELS)).toEqual([])
  })

  it('checks nothing without a list, or without a model', () => {
    expect(modelProblems(row({ model: 'anything' }), {}, [])).toEqual([])
    expect(modelProblems(row({ vendor: 'Nobody' }), {}, MODELS)).toEqual([])
  })

  it('checks each row by its own choice when many rows share a few (each row gets its own problems)', () => {
    const rows = [
      row({ vendor: 'Yealink', model: 'W70B' }),
      row({ vendor: 'Yealink', model: 'W90B' }),
      row({ vendor: 'Yealink', model: 'W70B', template: 'snom_m400.xml' }),
      row({ vendor: 'Yealink', model: 'W90B' }),
      row({ model: 'W70B' }),
      row({ vendor: 'Snom', model: 'W70B' }),
      row({ vendor: 'Yealink', model: 'W70B' }),
      // the same letters split otherwise between vendor and model
      row({ vendor: 'YealinkW', model: '70B' }),
    ]
    const flagged = flagModels(rows, { vendor: 'Snom' }, MODELS)
    expect(flagged.map((r) => r.problems.map((p) => p.field))).toEqual([[], ['model'], ['template'], ['model'], ['vendor'], ['vendor'], [], ['model']])
    expect(flagged[0]).toBe(rows[0])
    expect(flagged[1]!.problems[0]).toEqual(flagged[3]!.problems[0])
    expect(flagged[1]!.problems[0]).not.toBe(flagged[3]!.problems[0])
  })

  it('adds each warning once, however often the rows are flagged', () => {
    const once = flagModels([row({ model: 'W90B' })], {}, MODELS)
    const twice = flagModels(once, {}, MODELS)
    expect(twice[0]!.problems).toHaveLength(1)
    expect(twice[0]!.problems[0]!.field).toBe('model')
  })
})

describe("a base's model against the batch's own PBX's list", () => {
  const owner = { label: 'Kunde Süd', fetchedAt: '2026-11-30T16:05:00.000Z' }

  it('a model the PBX lacks is an error naming the PBX, the day of its list, the vendor\'s models there and the closest', () => {
    expect(modelProblems(row({ vendor: 'Snom', model: 'M4OO' }), {}, MODELS, owner)).toEqual([
      { field: 'model', severity: 'error', message: "model 'M4OO' is not a model of Kunde Süd (its list as of 2026-11-30); its Snom models: M400, M900; the closest is M400" },
    ])
  })

  it('without a vendor (or one the PBX has no model of), all its models are named', () => {
    expect(modelProblems(row({ model: 'N87O' }), {}, MODELS, owner)[0]!.message).toBe(
      "model 'N87O' is not a model of Kunde Süd (its list as of 2026-11-30); its models: W70B, W80B, M400, M900, N870; the closest is N870",
    )
    expect(modelProblems(row({ vendor: 'Panasonic', model: 'W7OB' }), {}, MODELS, owner)[0]!.message).toMatch(/; its models: W70B, .*; the closest is W70B$/)
  })

  it('a vendor or template the PBX gives otherwise stays a warning; a model it has is fine', () => {
    expect(modelProblems(row({ vendor: 'Snom', model: 'W70B' }), {}, MODELS, owner)).toEqual([expect.objectContaining({ field: 'vendor', severity: 'warning' })])
    expect(modelProblems(row({ vendor: 'Yealink', model: 'W80B' }), {}, MODELS, owner)).toEqual([])
  })
})
