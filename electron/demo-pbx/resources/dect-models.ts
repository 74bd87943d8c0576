import { ok, type RequestContext } from '../context'
import { DECT_MODELS, modelByTemplate, modelDetail, modelEntry } from '../dect-catalog'
import { notFound } from '../errors'
import type { Router } from '../router'

/** The DECT models the PBX knows (README "DECT models"); the same list decides what a create accepts. */

const list = (ctx: RequestContext) => {
  ctx.tenantFor('dect_phones:read')
  return ok({ items: DECT_MODELS.map(modelEntry) })
}

const get = (ctx: RequestContext) => {
  ctx.tenantFor('dect_phones:read')
  const name = ctx.param('name')
  const model = modelByTemplate(name)
  if (!model) throw notFound(`name: no DECT model with the template ${name}`)
  return ok(modelDetail(model))
}

export const registerDectModels = (router: Router): void => {
  router.get('/api/dect_phone_models', list).get('/api/dect_phone_models/:name', get)
}
