import {
  DECT_INTERFACES,
  DECT_LANGUAGES,
  TRANSPORTS,
  type DectInterface,
  type DectLanguage,
  type Transport,
} from '../../contract/pbx'
import { headerKey } from './column-mapping'

/**
 * The spellings a spreadsheet cell may use for a language, an interface, a transport, yes/no and
 * codec names ("English", "de", "udp", "web domain", "G.711a"), read into the values the API
 * takes; `undefined` when a cell is not understood (row-validation.ts says so in the row).
 */

const LANGUAGE_WORDS: Record<DectLanguage, readonly string[]> = {
  ENGLISH: ['english', 'en', 'eng', 'englisch', 'anglais', 'ingles', 'inglese', 'engels'],
  CHINESE: ['chinese', 'zh', 'zho', 'chi', 'chinesisch', 'chinois', 'chino', 'cinese', 'chinees', '中文', '汉语', '漢語'],
  DUTCH: ['dutch', 'nl', 'nld', 'dut', 'nederlands', 'niederländisch', 'néerlandais', 'holandés', 'olandese'],
  FRENCH: ['french', 'fr', 'fra', 'fre', 'français', 'französisch', 'francés', 'francese', 'frans'],
  GERMAN: ['german', 'de', 'deu', 'ger', 'deutsch', 'allemand', 'alemán', 'tedesco', 'duits'],
  GREEK: ['greek', 'el', 'ell', 'gre', 'griechisch', 'grec', 'griego', 'greco', 'grieks', 'ελληνικά'],
  ITALIAN: ['italian', 'it', 'ita', 'italienisch', 'italien', 'italiano', 'italiaans'],
  JAPANESE: ['japanese', 'ja', 'jpn', 'japanisch', 'japonais', 'japonés', 'giapponese', 'japans', '日本語'],
  POLISH: ['polish', 'pl', 'pol', 'polnisch', 'polonais', 'polaco', 'polacco', 'pools', 'polski'],
  RUSSIAN: ['russian', 'ru', 'rus', 'russisch', 'russe', 'ruso', 'russo', 'русский'],
  SPANISH: ['spanish', 'es', 'spa', 'spanisch', 'espagnol', 'español', 'castellano', 'spagnolo', 'spaans'],
  SWEDISH: ['swedish', 'sv', 'swe', 'schwedisch', 'suédois', 'sueco', 'svedese', 'zweeds', 'svenska'],
  // not "uk": people write it for the United Kingdom
  UKRAINIAN: ['ukrainian', 'ukr', 'ukrainisch', 'ukrainien', 'ucraniano', 'ucraino', 'oekraïens', 'українська'],
  BULGARIAN: ['bulgarian', 'bg', 'bul', 'bulgarisch', 'bulgare', 'búlgaro', 'bulgaro', 'bulgaars', 'български'],
}
const LANGUAGES = new Map<string, DectLanguage>()
for (const language of DECT_LANGUAGES) {
  LANGUAGES.set(headerKey(language), language)
  for (const word of LANGUAGE_WORDS[language]) LANGUAGES.set(headerKey(word), language)
}

/** Enum cells repeat down a column: each distinct spelling is looked up once (bounded). */
function memo<T>(lookup: (value: string) => T | undefined): (value: string) => T | undefined {
  const seen = new Map<string, T | undefined>()
  return (value) => {
    // one lookup for a known spelling (most cells); `has` only tells a remembered "not understood"
    const known = seen.get(value)
    if (known !== undefined || seen.has(value)) return known
    const result = lookup(value)
    if (seen.size < 1000) seen.set(value, result)
    return result
  }
}

export const parseLanguage = memo((value: string): DectLanguage | undefined => {
  const direct = LANGUAGES.get(headerKey(value))
  if (direct !== undefined) return direct
  // a locale: en-GB, de_AT, pt-BR
  const locale = /^([a-z]{2,3})[-_][a-z0-9]{2,8}$/i.exec(value)
  return locale ? LANGUAGES.get((locale[1] as string).toLowerCase()) : undefined
})

const INTERFACES = new Map<string, DectInterface>([
  ...DECT_INTERFACES.map((v) => [headerKey(v), v] as [string, DectInterface]),
  ['web', 'WEB_DOMAIN'],
  ['domain', 'WEB_DOMAIN'],
  ['publicip', 'PUBLIC_IPV4'],
  ['publicip4', 'PUBLIC_IPV4'],
  ['publicip6', 'PUBLIC_IPV6'],
  ['privateip', 'PRIVATE_IPV4'],
  ['privateip4', 'PRIVATE_IPV4'],
  ['privateip6', 'PRIVATE_IPV6'],
  ['sbc', 'SBC_DOMAIN'],
])

const TRANSPORT_WORDS = new Map<string, Transport>([
  ...TRANSPORTS.map((v) => [headerKey(v), v] as [string, Transport]),
  ['sipudp', 'UDP'],
  ['siptcp', 'TCP'],
  ['siptls', 'TLS'],
  ['sips', 'TLS'],
])

export const parseInterface = memo((value: string) => INTERFACES.get(headerKey(value)))
export const parseTransport = memo((value: string) => TRANSPORT_WORDS.get(headerKey(value)))

const TRUE_WORDS = new Set(['yes', 'y', 'true', 't', '1', 'on', 'x', 'ja', 'j', 'oui', 'si', 'sí', 'wahr', 'enabled', 'enable', '✓', '✔'])
const FALSE_WORDS = new Set(['no', 'n', 'false', 'f', '0', 'off', 'nein', 'non', 'falsch', 'disabled', 'disable', '✗', '✘'])

export function parseBoolean(value: string): boolean | undefined {
  const key = value.toLowerCase()
  if (TRUE_WORDS.has(key)) return true
  if (FALSE_WORDS.has(key)) return false
  return undefined
}

/** Usual spellings of codec names → the names the PBXs of this API use. */
const CODEC_NAMES = new Map<string, string>([
  ['PCMU', 'PCMU'],
  ['PCMA', 'PCMA'],
  ['G711U', 'PCMU'],
  ['G711MU', 'PCMU'],
  ['G711ULAW', 'PCMU'],
  ['ULAW', 'PCMU'],
  ['MULAW', 'PCMU'],
  ['G711A', 'PCMA'],
  ['G711ALAW', 'PCMA'],
  ['ALAW', 'PCMA'],
  ['G722', 'G722'],
  ['G729', 'G729'],
  ['G726', 'G726'],
  ['OPUS', 'OPUS'],
  ['ILBC', 'iLBC'],
])

/** "PCMU;PCMA", "PCMU, PCMA", "pcmu pcma", "G.711a | G.722" → names in priority order. */
export function parseCodecs(value: string): string[] {
  return value
    .split(/[;,|/\s]+/)
    .filter((c) => c !== '')
    .map((c) => CODEC_NAMES.get(c.toUpperCase().replace(/[._-]/g, '')) ?? c)
}
