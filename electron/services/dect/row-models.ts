import { closest } from 'fastest-levenshtein'
import { withDefaults, type BatchDefaults, type BatchRow, type RowProblem } from '../../contract/dect'
import { vendorOfModel, type DectModel } from '../../contract/pbx'
import { withProblem } from './row-validation'

/**
 * A base row's vendor, model and template against the DECT models a PBX listed
 * (`GET /api/dect_phone_models`, remembered by the model catalog): a model the list does not have,
 * a vendor the list does not give that model, or a template that is not one of that model's
 * files. With no list known, nothing is checked. The row's own cells are checked with the batch
 * defaults in the empty ones, as the push sends them.
 *
 * When the list is the batch's own PBX's (`owner`: chosen at import, or the batch's last check or
 * push), a model it lacks is an error naming that PBX, the vendor's models there, the closest one,
 * and the day of the list ("model 'W73H' is not a model of Kunde Süd (its list as of 2026-12-02);
 * its Yealink models: W70B, W80B; the closest is W70B"): the PBX would refuse every such row. Any
 * other list (the last one the app read, of whichever PBX) gives warnings only.
 */

const SHOWN_MODELS = 4
/** the most of a vendor's models an error names */
const NAMED_MODELS = 8

/** The PBX a model list is of, when it is the batch's own: its label and when the list was read. */
export interface ModelsOwner {
  label: string
  /** when the list was read from the PBX (ISO 8601) */
  fetchedAt: string
}

const listed = (models: readonly DectModel[]): string => {
  const names = [...new Set(models.map((m) => m.display_name?.trim() || m.model))]
  const shown = names.slice(0, SHOWN_MODELS).join(', ')
  return names.length > SHOWN_MODELS ? `${shown} and ${names.length - SHOWN_MODELS} more` : shown
}

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase()

/** The problems of one row's model choice (empty when the list has it as the row says). */
export function modelProblems(row: Pick<BatchRow, 'values'>, defaults: BatchDefaults, models: readonly DectModel[], owner?: ModelsOwner): RowProblem[] {
  if (models.length === 0) return []
  const { vendor, model, template } = withDefaults(row.values, defaults)
  if (!model) return []
  const ofModel = models.filter((m) => same(m.model, model))
  if (ofModel.length === 0) {
    if (owner) return [{ field: 'model', severity: 'error', message: notOnPbx(model, vendor, models, owner) }]
    return [{ field: 'model', severity: 'warning', message: `model '${model}' is not one of the PBX's DECT models (${listed(models)}); the PBX may refuse it` }]
  }
  const problems: RowProblem[] = []
  const vendors = [...new Set(ofModel.map(vendorOfModel).filter(Boolean))]
  if (vendor && vendors.length > 0 && !vendors.some((v) => same(v, vendor))) {
    problems.push({ field: 'vendor', severity: 'warning', message: `vendor '${vendor}': the PBX lists model ${ofModel[0]!.model} as ${vendors.join(' or ')}'s` })
  }
  const files = ofModel.map((m) => m.filename)
  if (template && !files.some((f) => same(f, template))) {
    problems.push({ field: 'template', severity: 'warning', message: `template '${template}' is not a template of ${ofModel[0]!.model} on the PBX (${files.join(', ')})` })
  }
  return problems
}

/** "model 'W73H' is not a model of Kunde Süd (its list as of 2026-12-02); its Yealink models: W70B, W80B; the closest is W70B" */
function notOnPbx(model: string, vendor: string | undefined, models: readonly DectModel[], owner: ModelsOwner): string {
  const ofVendor = vendor ? models.filter((m) => same(vendorOfModel(m), vendor)) : []
  const names = [...new Set((ofVendor.length > 0 ? ofVendor : models).map((m) => m.model))]
  const named = names.length > NAMED_MODELS ? `${names.slice(0, NAMED_MODELS).join(', ')} and ${names.length - NAMED_MODELS} more` : names.join(', ')
  const nearest = names.find((name) => same(name, closest(model.toUpperCase(), names.map((n) => n.toUpperCase()))))
  const whose = ofVendor.length > 0 ? `its ${vendorOfModel(ofVendor[0]!)} models` : 'its models'
  return `model '${model}' is not a model of ${owner.label} (its list as of ${owner.fetchedAt.slice(0, 10)}); ${whose}: ${named}; the closest is ${nearest}`
}

/**
 * Every row with the problems of its model choice added (rows already saying so are left as they
 * are). The problems depend on the row's vendor, model and template alone, which repeat down a
 * batch: each combination is checked once, and each row gets its own copies of the problems.
 */
export function flagModels(rows: readonly BatchRow[], defaults: BatchDefaults, models: readonly DectModel[], owner?: ModelsOwner): BatchRow[] {
  if (models.length === 0) return [...rows]
  // vendor → model → template → problems: a lookup per row, without building a key
  const checked = new Map<string | undefined, Map<string | undefined, Map<string | undefined, RowProblem[]>>>()
  return rows.map((row) => {
    const { vendor, model, template } = row.values
    let byModel = checked.get(vendor)
    if (byModel === undefined) checked.set(vendor, (byModel = new Map()))
    let byTemplate = byModel.get(model)
    if (byTemplate === undefined) byModel.set(model, (byTemplate = new Map()))
    let problems = byTemplate.get(template)
    if (problems === undefined) byTemplate.set(template, (problems = modelProblems({ values: { vendor, model, template } }, defaults, models, owner)))
    return problems.length === 0 ? row : problems.reduce((out, problem) => withProblem(out, { ...problem }), row)
  })
}
