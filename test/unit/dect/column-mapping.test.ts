import { describe, expect, it } from 'vitest'
import {
  applyMapping,
  doubleMappings,
  guessMapping,
  headerKey,
} from '../../../electron/services/dect/column-mapping'

describe('guessMapping', () => {
  it.each([
    ['MAC', 'mac'],
    ['mac', 'mac'],
    ['MAC address', 'mac'],
    ['MAC-Address', 'mac'],
    ['Mac_Address', 'mac'],
    ['MAC-Adresse', 'mac'],
    ['Adresse MAC', 'mac'],
    ['Dirección MAC', 'mac'],
    ['MAC (handset)', 'mac'],
    ['Base MAC', 'mac'],
    ['Name', 'name'],
    ['Handset name', 'name'],
    ['Display Name', 'name'],
    ['Anzeigename', 'name'],
    ['Nom', 'name'],
    ['User', 'name'],
    ['Extension', 'extension'],
    ['Ext', 'extension'],
    ['Ext.', 'extension'],
    ['Extension no.', 'extension'],
    ['Durchwahl', 'extension'],
    ['Nebenstelle', 'extension'],
    ['Poste', 'extension'],
    ['Model', 'model'],
    ['Modell', 'model'],
    ['Modèle', 'model'],
    ['Phone model', 'model'],
    ['Vendor', 'vendor'],
    ['Manufacturer', 'vendor'],
    ['Hersteller', 'vendor'],
    ['Marque', 'vendor'],
    ['Template', 'template'],
    ['Vorlage', 'template'],
    ['Language', 'language'],
    ['Sprache', 'language'],
    ['Langue', 'language'],
    ['Handset language', 'handset_language'],
    ['Handset-Language', 'handset_language'],
    ['Mobilteilsprache', 'handset_language'],
    ['Timezone', 'timezone'],
    ['Time zone', 'timezone'],
    ['Zeitzone', 'timezone'],
    ['Region', 'region'],
    ['Country', 'region'],
    ['Tone', 'tone'],
    ['Tone set', 'tone'],
    ['Interface', 'interface'],
    ['Schnittstelle', 'interface'],
    ['Transport', 'preferred_transport'],
    ['Preferred transport', 'preferred_transport'],
    ['preferred_transport', 'preferred_transport'],
    ['SIP transport', 'preferred_transport'],
    ['Codecs', 'codecs'],
    ['Codec priority', 'codecs'],
    ['RPS', 'rps'],
    ['HTTPS', 'https'],
    ['Use HTTPS', 'https'],
    ['Room', 'ignore'],
    ['Notes', 'ignore'],
    ['Serial number', 'ignore'],
    ['Column 7', 'ignore'],
  ])('%j → %s', (header, field) => {
    expect(guessMapping([header])).toEqual({ [header]: field })
  })

  it('never maps two columns to one field: the first claims it', () => {
    expect(guessMapping(['Name', 'Display name', 'MAC', 'MAC address'])).toEqual({
      Name: 'name',
      'Display name': 'ignore',
      MAC: 'mac',
      'MAC address': 'ignore',
    })
  })

  it('an exact synonym beats a word inside a longer header', () => {
    // "MAC (old base)" would claim mac by its word; "MAC address" is the exact one
    expect(guessMapping(['MAC (old base)', 'MAC address'])).toEqual({ 'MAC (old base)': 'ignore', 'MAC address': 'mac' })
  })

  it('a remembered mapping decides the headers it names; the rest is guessed', () => {
    const remembered = { Nummer: 'ignore', 'Phone ID': 'mac', Bemerkung: 'name' } as const
    expect(guessMapping(['Phone ID', 'Nummer', 'Bemerkung', 'Name', 'Modell'], remembered)).toEqual({
      'Phone ID': 'mac',
      Nummer: 'ignore',
      Bemerkung: 'name',
      // name is taken by the remembered Bemerkung
      Name: 'ignore',
      Modell: 'model',
    })
  })

  it('keeps headers in their order, and copes with odd ones', () => {
    const mapping = guessMapping(['__proto__', 'constructor', 'MAC'])
    expect(Object.keys(mapping)).toEqual(['__proto__', 'constructor', 'MAC'])
    expect(mapping.MAC).toBe('mac')
    expect(Object.getPrototypeOf(mapping)).toBe(Object.prototype)
  })

  it('headerKey ignores case, spaces, punctuation and accents', () => {
    expect(headerKey(' MAC-Adresse ')).toBe('macadresse')
    expect(headerKey('Modèle')).toBe('modele')
    expect(headerKey('Straße')).toBe('strasse')
  })
})

describe('applyMapping', () => {
  it('answers the raw cells of the mapped columns', () => {
    const headers = ['Room', 'MAC', 'Name', 'Ext']
    const mapping = guessMapping(headers)
    expect(applyMapping(['R1', ' 00:15:65:AA:BB:CC ', 'Zoë', '100'], headers, mapping)).toEqual({
      mac: ' 00:15:65:AA:BB:CC ',
      name: 'Zoë',
      extension: '100',
    })
  })

  it('doubleMappings lists the fields two columns claim', () => {
    expect(doubleMappings({ A: 'mac', B: 'mac', C: 'name', D: 'ignore', E: 'ignore' })).toEqual([['mac', ['A', 'B']]])
  })
})
