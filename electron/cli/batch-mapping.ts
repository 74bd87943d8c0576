import type { Argv } from 'yargs'
import { BatchDefaultsSchema, ColumnMappingSchema, MAPPING_FIELDS, type BatchDefaults, type ColumnMapping, type MappingField } from '../contract/dect'
import { DECT_INTERFACES, DECT_LANGUAGES, TRANSPORTS } from '../contract/pbx'
import { doubleMappings } from '../services/dect/column-mapping'
import { checkedArgs } from './commands/common'
import { usageError } from './exit-codes'
import { readInputFile } from './input-file'

/**
 * `batch import`'s column mapping and batch defaults from the command line. The mapping is the
 * app's (a header → a field, or `ignore`): the guess of `previewCsv`, then a `--mapping` file,
 * then each `--map field=Header`. A field takes one column: a column given a field takes it from
 * the column the guess gave it to.
 */

type Target = MappingField | 'ignore'
const TARGETS: readonly string[] = [...MAPPING_FIELDS, 'ignore']
const isTarget = (value: string): value is Target => TARGETS.includes(value)

/** `--map mac=MAC-Adresse` → ['mac', 'MAC-Adresse']; bad usage names the flag and the fields. */
export function parseMapFlag(flag: string): [Target, string] {
  const at = flag.indexOf('=')
  const field = (at === -1 ? flag : flag.slice(0, at)).trim().toLowerCase().replace(/-/g, '_')
  const header = at === -1 ? '' : flag.slice(at + 1).trim()
  if (at === -1 || header === '') throw usageError(`--map ${flag}: write field=Header, e.g. --map mac="MAC address".`)
  if (!isTarget(field)) throw usageError(`--map ${flag}: ${field} is not a field; the fields are ${TARGETS.join(', ')}.`)
  return [field, header]
}

/**
 * A mapping file: `{"Header": "field", …}` as `batch import --json` prints it under "mapping"
 * (that whole output is accepted too).
 */
export async function readMappingFile(path: string): Promise<ColumnMapping> {
  const text = (await readInputFile({ name: '--mapping', path })).toString('utf8')
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw usageError(`--mapping: ${path} is not JSON; write {"Header": "field", …} (fields: ${TARGETS.join(', ')}).`)
  }
  const inner = json !== null && typeof json === 'object' && 'mapping' in json ? (json as { mapping: unknown }).mapping : json
  const parsed = ColumnMappingSchema.safeParse(inner)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  const where = issue?.path.length ? `"${issue.path.map(String).join('.')}"` : 'the file'
  throw usageError(`--mapping: ${where} in ${path} is not a field; write {"Header": "field", …} with the fields ${TARGETS.join(', ')}.`)
}

/** The header a flag names: as written, else in any case; unknown is bad usage listing the headers. */
function headerNamed(headers: readonly string[], wanted: string, flag: string): string {
  const found = headers.find((h) => h === wanted) ?? headers.find((h) => h.toLowerCase() === wanted.toLowerCase())
  if (found !== undefined) return found
  throw usageError(`${flag}: the file has no column "${wanted}"; its columns are ${headers.map((h) => `"${h}"`).join(', ')}.`)
}

export interface MappingChoices {
  /** the `--mapping` file's mapping */
  file?: ColumnMapping
  /** the `--map` flags, parsed */
  flags: readonly [Target, string][]
}

/**
 * The mapping to import with: `guessed`, then the file's choices for this file's headers (the
 * headers it names that the file lacks are answered as `unused`), then the flags.
 */
export function chooseMapping(headers: readonly string[], guessed: ColumnMapping, choices: MappingChoices): { mapping: ColumnMapping; unused: string[] } {
  const mapping = new Map<string, Target>(headers.map((h) => [h, guessed[h] ?? 'ignore']))
  const assign = (header: string, target: Target) => {
    if (target !== 'ignore') for (const [other, field] of mapping) if (field === target && other !== header) mapping.set(other, 'ignore')
    mapping.set(header, target)
  }
  const unused: string[] = []
  const file = choices.file ?? {}
  for (const header of Object.keys(file)) if (!mapping.has(header)) unused.push(header)
  const named = headers.filter((h) => Object.hasOwn(file, h))
  const doubled = doubleMappings(Object.fromEntries(named.map((h) => [h, file[h] as Target])))[0]
  if (doubled) throw usageError(`--mapping: columns ${doubled[1].map((h) => `"${h}"`).join(' and ')} are both mapped to ${doubled[0]}; map one of them to another field or to ignore.`)
  for (const header of named) assign(header, file[header] as Target)
  const flagged = new Map<string, Target>()
  for (const [target, wanted] of choices.flags) {
    const header = headerNamed(headers, wanted, `--map ${target}=${wanted}`)
    const before = [...flagged].find(([h, t]) => t === target && t !== 'ignore' && h !== header)
    if (before) throw usageError(`--map: ${target} is given twice ("${before[0]}" and "${header}"); a field takes one column.`)
    flagged.set(header, target)
    assign(header, target)
  }
  return { mapping: Object.fromEntries(headers.map((h) => [h, mapping.get(h) ?? 'ignore'])), unused }
}

/** "MAC → mac, Name → name, Notes → (ignored)" */
export const mappingText = (headers: readonly string[], mapping: ColumnMapping): string =>
  headers.map((h) => `${h} → ${mapping[h] === undefined || mapping[h] === 'ignore' ? '(ignored)' : mapping[h]}`).join(', ')

export interface DefaultsArgs {
  vendor?: string
  model?: string
  template?: string
  language?: string
  handsetLanguage?: string
  timezone?: string
  region?: string
  tone?: string
  interface?: string
  transport?: string
  codecs?: string
  rps?: boolean
  https?: boolean
}

const DEFAULTS_GROUP = 'Defaults (for the rows whose cell is empty):'

/** The batch defaults' options. */
export function defaultsOptions<T>(yargs: Argv<T>): Argv<T & DefaultsArgs> {
  return yargs
    .option('vendor', { type: 'string', group: DEFAULTS_GROUP, describe: 'The phones\' vendor, e.g. Yealink' })
    .option('model', { type: 'string', group: DEFAULTS_GROUP, describe: 'The base model, e.g. W70B' })
    .option('template', { type: 'string', group: DEFAULTS_GROUP, describe: 'The provisioning template' })
    .option('language', { type: 'string', group: DEFAULTS_GROUP, describe: `The base's language (${DECT_LANGUAGES.join(', ')})` })
    .option('handset-language', { type: 'string', group: DEFAULTS_GROUP, describe: "The handsets' language" })
    .option('timezone', { type: 'string', group: DEFAULTS_GROUP, describe: 'The time zone, e.g. Europe/Berlin' })
    .option('region', { type: 'string', group: DEFAULTS_GROUP, describe: 'The region' })
    .option('tone', { type: 'string', group: DEFAULTS_GROUP, describe: 'The tone scheme, e.g. Germany' })
    .option('interface', { type: 'string', group: DEFAULTS_GROUP, describe: `Where the phones fetch their configuration (${DECT_INTERFACES.join(', ')})` })
    .option('transport', { type: 'string', group: DEFAULTS_GROUP, describe: `The SIP transport (${TRANSPORTS.join(', ')})` })
    .option('codecs', { type: 'string', group: DEFAULTS_GROUP, describe: 'Codecs in priority order, comma-separated, e.g. G722,PCMA' })
    .option('rps', { type: 'boolean', group: DEFAULTS_GROUP, describe: 'Use the vendor\'s redirection service' })
    .option('https', { type: 'boolean', group: DEFAULTS_GROUP, describe: 'Provision over https (--no-https: http)' }) as Argv<T & DefaultsArgs>
}

const upper = (value: string | undefined) => value?.trim().toUpperCase().replace(/[-\s]+/g, '_')

/** The batch defaults the options give, checked (bad usage names the option). */
export function defaultsOf(argv: DefaultsArgs): BatchDefaults {
  const given: Record<string, unknown> = {
    vendor: argv.vendor?.trim(),
    model: argv.model?.trim(),
    template: argv.template?.trim(),
    language: upper(argv.language),
    handset_language: upper(argv.handsetLanguage),
    timezone: argv.timezone?.trim(),
    region: argv.region?.trim(),
    tone: argv.tone?.trim(),
    interface: upper(argv.interface),
    preferred_transport: upper(argv.transport),
    codecs: argv.codecs?.split(',').map((codec) => codec.trim()).filter(Boolean),
    rps: argv.rps,
    https: argv.https,
  }
  const defaults = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined && value !== ''))
  return checkedArgs(BatchDefaultsSchema, defaults, {
    handset_language: '--handset-language',
    preferred_transport: '--transport',
    ...Object.fromEntries(['vendor', 'model', 'template', 'language', 'timezone', 'region', 'tone', 'interface', 'codecs'].map((f) => [f, `--${f}`])),
  })
}
