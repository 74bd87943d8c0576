import { DECT_LANGUAGES } from '../contract/pbx'

/**
 * Demo-only DECT rules (README "DECT phones"): the model list of `GET /api/dect_phone_models`,
 * which also decides what a create accepts (vendor, model, template) and how many handsets a base
 * takes, and the codec set. A real PBX has its own; the contract deliberately does not know them.
 */

export interface DectModel {
  vendor: string
  model: string
  lines: number
  /** the template (the API's `filename`) */
  template: string
  /** the firmware a base of this model reports once it fetched its configuration */
  firmware: string
}

export const DECT_MODELS: readonly DectModel[] = [
  { vendor: 'Yealink', model: 'W70B', lines: 10, template: 'yealink_w70b.xml', firmware: '146.85.0.20' },
  { vendor: 'Yealink', model: 'W80B', lines: 100, template: 'yealink_w80b.xml', firmware: '103.85.0.30' },
  { vendor: 'Snom', model: 'M400', lines: 20, template: 'snom_m400.xml', firmware: '530' },
  { vendor: 'Snom', model: 'M900', lines: 200, template: 'snom_m900.xml', firmware: '540' },
  { vendor: 'Gigaset', model: 'N670', lines: 20, template: 'gigaset_n670.xml', firmware: '2.52.0' },
  { vendor: 'Gigaset', model: 'N870', lines: 250, template: 'gigaset_n870.xml', firmware: '2.57.1' },
]

export const DECT_VENDORS: readonly string[] = [...new Set(DECT_MODELS.map((m) => m.vendor))]

export const DECT_CODECS = ['PCMU', 'PCMA', 'G722', 'G729', 'OPUS', 'iLBC', 'G726'] as const
export const DEFAULT_CODECS: readonly string[] = ['PCMU', 'PCMA', 'G722']
export const DECT_TONES = ['Germany', 'Europe', 'United States', 'United Kingdom', 'France'] as const
export const DECT_TIME_ZONES = ['Europe/Berlin', 'Europe/London', 'Europe/Paris', 'America/New_York', 'UTC'] as const

export const modelsOf = (vendor: string): DectModel[] => DECT_MODELS.filter((m) => m.vendor === vendor)
export const templatesOf = (vendor: string): string[] => modelsOf(vendor).map((m) => m.template)
export const modelByTemplate = (template: string): DectModel | undefined => DECT_MODELS.find((m) => m.template === template)

/** An entry of `GET /api/dect_phone_models`. */
export const modelEntry = (m: DectModel) => ({ filename: m.template, model: m.model, lines: m.lines, display_name: `${m.vendor} ${m.model}` })

/** `GET /api/dect_phone_models/{filename}`. */
export const modelDetail = (m: DectModel) => ({
  template: m.template,
  languages: [...DECT_LANGUAGES],
  tones: [...DECT_TONES],
  time_zones: [...DECT_TIME_ZONES],
  codecs: [...DECT_CODECS],
  lines: m.lines,
})
