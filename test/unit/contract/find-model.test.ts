import { describe, expect, it } from 'vitest'
import { findModel } from '../../../electron/contract/pbx'

// The one lookup of a base's model in a PBX's model list (the batch checks in main and the
// pickers in the renderer both use it for a base's lines).
const models = [
  { filename: 'yealink_w70b.xml', model: 'W70B', lines: 10, display_name: 'Yealink W70B' },
  { filename: 'acme_w70b.xml', model: 'W70B', lines: 4, display_name: 'Acme W70B' },
  { filename: 'snom_m400.xml', model: 'M400', lines: 20, display_name: 'Snom M400' },
]

describe('findModel', () => {
  it('takes the entry of the vendor, case ignored; else the first of the model', () => {
    expect(findModel(models, 'acme', 'w70b')?.lines).toBe(4)
    expect(findModel(models, undefined, 'W70B')?.lines).toBe(10)
    expect(findModel(models, 'Gigaset', 'W70B')?.lines).toBe(10)
    expect(findModel(models, 'Snom', 'm400')?.filename).toBe('snom_m400.xml')
  })
  it('finds nothing without a model, or for a model the list lacks', () => {
    expect(findModel(models, 'Yealink', undefined)).toBeUndefined()
    expect(findModel(models, 'Yealink', 'W90B')).toBeUndefined()
  })
})
