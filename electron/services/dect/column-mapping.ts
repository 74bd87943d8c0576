import { MAPPING_FIELDS, type ColumnMapping, type MappingField } from '../../contract/dect'
import { parseIpui } from '../../contract/ipui'
import type { DectModel } from '../../contract/pbx'
import { isMac } from './mac'

/**
 * Which spreadsheet column fills which batch field. `guessMapping` knows the usual headers in
 * English, German, French, Spanish, Italian and Dutch, compared without case, spaces,
 * punctuation or accents ("MAC-Adresse" = "mac adresse" = "MacAdresse"); a remembered mapping
 * (the last one the user confirmed) wins for the headers it names. One field takes at most one
 * column: the first column that claims it; the others are ignored.
 */

export type RawRowValues = Partial<Record<MappingField, string>>
export type MappingTarget = MappingField | 'ignore'

const SYNONYMS: Record<MappingField, readonly string[]> = {
  mac: [
    'mac', 'macaddress', 'macaddr', 'macadresse', 'macadres', 'adressemac', 'direccionmac', 'indirizzomac',
    'hwaddress', 'hardwareaddress', 'physicaladdress', 'ethernetaddress', 'handsetmac', 'phonemac', 'basemac',
    'basestationmac', 'basismac', 'basisstationmac', 'macbasis', 'macbasisstation', 'macderbasis',
  ],
  name: [
    'name', 'handsetname', 'displayname', 'phonename', 'devicename', 'handset', 'label', 'description',
    'anzeigename', 'bezeichnung', 'beschreibung', 'nom', 'nomaffiche', 'nombre', 'nome', 'naam', 'weergavenaam',
    'user', 'username', 'benutzer', 'benutzername', 'mitarbeiter', 'employee', 'fullname', 'mobilteilname',
  ],
  extension: [
    'extension', 'ext', 'extn', 'extno', 'extensionnumber', 'durchwahl', 'nebenstelle', 'rufnummer', 'nummer',
    'number', 'phonenumber', 'internalnumber', 'internal', 'poste', 'numeroposte', 'numero', 'extensioninterna',
    'interno', 'toestel', 'toestelnummer', 'sip', 'sipuser', 'account',
  ],
  vendor: ['vendor', 'manufacturer', 'make', 'brand', 'hersteller', 'marke', 'fabricant', 'marque', 'fabricante', 'marca', 'produttore', 'fabrikant', 'merk'],
  model: ['model', 'modell', 'modele', 'modelo', 'modello', 'phonemodel', 'handsetmodel', 'devicemodel', 'type', 'typ', 'devicetype', 'phonetype', 'geraetetyp', 'geratetyp'],
  template: ['template', 'templatefile', 'provisioningtemplate', 'vorlage', 'gabarit', 'plantilla', 'sjabloon'],
  language: ['language', 'displaylanguage', 'lang', 'sprache', 'anzeigesprache', 'langue', 'idioma', 'lingua', 'taal', 'baselanguage', 'weblanguage'],
  handset_language: ['handsetlanguage', 'handsetlang', 'mobilteilsprache', 'handsetsprache', 'languecombine', 'idiomaterminal', 'linguaportatile', 'handsettaal'],
  timezone: ['timezone', 'tz', 'zeitzone', 'fuseauhoraire', 'fuseau', 'zonahoraria', 'fusoorario', 'tijdzone'],
  region: ['region', 'country', 'countryregion', 'land', 'pays', 'pais', 'paese', 'regione', 'regio', 'locale'],
  tone: ['tone', 'tones', 'toneset', 'tonescheme', 'ton', 'toene', 'tonschema', 'tonalite', 'tono', 'toon'],
  interface: ['interface', 'interfacetype', 'provisioninginterface', 'schnittstelle', 'interfaz', 'interfaccia'],
  preferred_transport: ['preferredtransport', 'transport', 'siptransport', 'transportprotocol', 'protocol', 'protokoll', 'protocole', 'protocolo', 'protocollo'],
  codecs: ['codecs', 'codec', 'codecpriority', 'codeclist', 'audiocodecs', 'voicecodecs'],
  rps: ['rps', 'redirection', 'redirectionservice', 'redirectionprovisioningservice', 'redirectionserver', 'userps'],
  ipui: [
    'ipui', 'ipei', 'ipuin', 'handsetipui', 'handsetipei', 'ipuinumber', 'ipeinumber', 'mobilteilipui', 'mobilteilipei',
    'ipuimobilteil', 'ipeimobilteil', 'ipuinummer', 'ipeinummer', 'ipuiipei', 'ipeiipui',
  ],
  handset_index: [
    'handsetindex', 'handsetno', 'handsetnumber', 'handsetnr', 'handsetslot', 'hsindex', 'index', 'slot', 'position',
    'mobilteilindex', 'mobilteilnr', 'mobilteilnummer', 'mobilteilplatz', 'anmeldeplatz', 'platz',
  ],
  base_name: ['basename', 'basestation', 'basestationname', 'basisstation', 'basisstationname', 'basisname', 'namederbasis', 'dectbase', 'dectbasis'],
  https: ['https', 'usehttps', 'secure', 'ssl', 'httpsprovisioning', 'verschluesselt', 'verschlusselt'],
}

/** Lower case, accents and everything but letters and digits removed: "MAC-Adresse" → "macadresse". */
export const headerKey = (header: string): string =>
  header
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^\p{L}\p{N}]/gu, '')

const EXACT = new Map<string, MappingField>()
for (const field of MAPPING_FIELDS) for (const s of SYNONYMS[field]) EXACT.set(headerKey(s), field)

/** Single words that name a field inside a longer header ("MAC (handset)", "Extension no."). */
const WORDS = new Map<string, MappingField>([
  ['mac', 'mac'],
  ['ipui', 'ipui'],
  ['ipei', 'ipui'],
  ['name', 'name'],
  ['ext', 'extension'],
  ['extension', 'extension'],
  ['durchwahl', 'extension'],
  ['vendor', 'vendor'],
  ['manufacturer', 'vendor'],
  ['hersteller', 'vendor'],
  ['model', 'model'],
  ['modell', 'model'],
  ['template', 'template'],
  ['timezone', 'timezone'],
  ['codecs', 'codecs'],
  ['codec', 'codecs'],
  ['transport', 'preferred_transport'],
])

function guessByWord(header: string): MappingField | undefined {
  const words = header
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
  for (const word of words) {
    const field = WORDS.get(word)
    if (field !== undefined) return field
  }
  return undefined
}

const isTarget = (v: unknown): v is MappingTarget =>
  v === 'ignore' || (MAPPING_FIELDS as readonly unknown[]).includes(v)

/**
 * A mapping for every header. `remembered` (a mapping confirmed before, e.g. for the previous
 * file) decides the headers it names; the others are guessed; unknown headers are 'ignore'.
 */
export function guessMapping(headers: readonly string[], remembered: ColumnMapping = {}): ColumnMapping {
  // a Map, not an object, while building: a header may be any text ("__proto__" included)
  const mapping = new Map<string, MappingTarget>()
  const taken = new Set<MappingField>()
  const claim = (header: string, field: MappingField | undefined): void => {
    if (field === undefined || taken.has(field)) return
    taken.add(field)
    mapping.set(header, field)
  }
  // 1. remembered choices, 2. exact synonyms, 3. a field's word inside a longer header
  for (const header of headers) {
    const target: unknown = Object.hasOwn(remembered, header) ? remembered[header] : undefined
    if (!isTarget(target)) continue
    if (target === 'ignore' || taken.has(target)) mapping.set(header, 'ignore')
    else claim(header, target)
  }
  for (const header of headers) if (!mapping.has(header)) claim(header, EXACT.get(headerKey(header)))
  for (const header of headers) if (!mapping.has(header)) claim(header, guessByWord(header))
  return Object.fromEntries(headers.map((h) => [h, mapping.get(h) ?? 'ignore']))
}

/**
 * What a column's cells look like, for the fields a look at them can tell: a MAC, an IPUI (10 hex
 * digits starting with 0, or a 13-digit IPEI whose check digit holds), a model the PBX lists.
 */
type CellTest = (cell: string) => boolean
const IPUI_OR_IPEI = /^(0[0-9A-F]{9}|\d{12}[\d*])$/i
const looksLikeIpui: CellTest = (cell) => IPUI_OR_IPEI.test(cell.replace(/[\s.:-]/g, '')) && parseIpui(cell).ok

function cellTests(models: readonly Pick<DectModel, 'model'>[]): Array<[MappingField, CellTest]> {
  const names = new Set(models.map((m) => m.model.toLowerCase()))
  const tests: Array<[MappingField, CellTest]> = [
    ['mac', isMac],
    ['ipui', looksLikeIpui],
  ]
  if (names.size > 0) tests.push(['model', (cell) => names.has(cell.toLowerCase())])
  return tests
}

/**
 * `guessMapping`, then a look at the cells: for the MAC, the IPUI and the model (when the PBX's
 * model list is known), when no header names the field, the first ignored column whose cells are
 * (at least 80 %) of that kind is taken for it ("Geräte-ID", "Typ 2", or a file without a header
 * row). A remembered choice is never overridden.
 */
export function guessMappingFromRecords(
  headers: readonly string[],
  records: readonly (readonly string[])[],
  remembered: ColumnMapping = {},
  models: readonly Pick<DectModel, 'model'>[] = [],
): ColumnMapping {
  const guessed = guessMapping(headers, remembered)
  // a Map while changing it: a header may be any text ("__proto__" included)
  const mapping = new Map<string, MappingTarget>(headers.map((h) => [h, guessed[h] ?? 'ignore']))
  const sample = records.slice(0, 20)
  const mapped = new Set(mapping.values())
  for (const [field, test] of cellTests(models)) {
    if (mapped.has(field)) continue
    for (const [index, header] of headers.entries()) {
      if (mapping.get(header) !== 'ignore' || Object.hasOwn(remembered, header)) continue
      const cells = sample.map((record) => (record[index] ?? '').trim()).filter((cell) => cell !== '')
      if (cells.length > 0 && cells.filter(test).length >= cells.length * 0.8) {
        mapping.set(header, field)
        mapped.add(field)
        break
      }
    }
  }
  return Object.fromEntries(headers.map((h) => [h, mapping.get(h) ?? 'ignore']))
}

/** Columns (by index) of each mapped field, for applying a mapping to many records. */
export type ColumnPlan = ReadonlyArray<readonly [index: number, field: MappingField]>

export function planOf(headers: readonly string[], mapping: ColumnMapping): ColumnPlan {
  const plan: Array<readonly [number, MappingField]> = []
  headers.forEach((header, index) => {
    const target = Object.hasOwn(mapping, header) ? mapping[header] : undefined
    if (target !== undefined && target !== 'ignore') plan.push([index, target])
  })
  return plan
}

/** The fields mapped by more than one column: `[field, headers]` (a mapping the user must fix). */
export function doubleMappings(mapping: ColumnMapping): Array<[MappingField, string[]]> {
  const byField = new Map<MappingField, string[]>()
  for (const [header, target] of Object.entries(mapping)) {
    if (target === 'ignore') continue
    byField.set(target, [...(byField.get(target) ?? []), header])
  }
  return [...byField].filter(([, hs]) => hs.length > 1)
}

/** One record's cells as raw field values (untrimmed; unmapped columns left out). */
export function applyMapping(
  record: readonly string[],
  headers: readonly string[],
  mapping: ColumnMapping | ColumnPlan,
): RawRowValues {
  const plan = Array.isArray(mapping) ? (mapping as ColumnPlan) : planOf(headers, mapping as ColumnMapping)
  const raw: RawRowValues = {}
  for (const [index, field] of plan) {
    const cell = record[index]
    if (cell !== undefined) raw[field] = cell
  }
  return raw
}
