/**
 * Demo-only DECT rules (README "DECT phones"): the vendor/model table and the codec set. A real PBX
 * has its own; the contract deliberately does not know them.
 */

export interface DectModel {
  vendor: string
  model: string
  lines: number
  template: string
}

export const DECT_MODELS: readonly DectModel[] = [
  { vendor: 'Yealink', model: 'W70B', lines: 10, template: 'yealink_w70b.xml' },
  { vendor: 'Yealink', model: 'W80B', lines: 100, template: 'yealink_w80b.xml' },
  { vendor: 'Snom', model: 'M400', lines: 20, template: 'snom_m400.xml' },
  { vendor: 'Snom', model: 'M900', lines: 200, template: 'snom_m900.xml' },
  { vendor: 'Gigaset', model: 'N670', lines: 20, template: 'gigaset_n670.xml' },
  { vendor: 'Gigaset', model: 'N870', lines: 250, template: 'gigaset_n870.xml' },
]

export const DECT_VENDORS: readonly string[] = [...new Set(DECT_MODELS.map((m) => m.vendor))]

export const DECT_CODECS = ['PCMU', 'PCMA', 'G722', 'G729', 'OPUS', 'iLBC', 'G726'] as const
export const DEFAULT_CODECS: readonly string[] = ['PCMU', 'PCMA', 'G722']

export const modelsOf = (vendor: string): DectModel[] => DECT_MODELS.filter((m) => m.vendor === vendor)
export const templatesOf = (vendor: string): string[] => modelsOf(vendor).map((m) => m.template)
