import { IVR_TYPES, IvrServerCreateSchema, IvrServerUpdateSchema } from '../../contract/pbx'
import { noContent, ok, type RequestContext } from '../context'
import { forbidden, notFound } from '../errors'
import { applyListQuery, byText, type ListSpec } from '../list-query'
import type { Router } from '../router'
import type { StoredIvr } from '../state'
import { checkBodyId } from './common'

/** IVR servers (system-wide, system administrator only; README "IVR servers"). */

const view = (s: StoredIvr) => ({
  id: s.id,
  name: s.name,
  enabled: s.enabled,
  type: s.type,
  ...(s.ipv4 !== undefined ? { ipv4: s.ipv4 } : {}),
  ...(s.ipv6 !== undefined ? { ipv6: s.ipv6 } : {}),
})

const order = (ctx: RequestContext) => (s: StoredIvr) => ctx.state.ivrServers.indexOf(s)

const serverOf = (ctx: RequestContext): StoredIvr => {
  const id = ctx.param('id')
  const server = ctx.state.ivrServers.find((s) => s.id === id)
  if (!server) throw notFound(`id: no IVR server with the id ${id}`)
  return server
}

/** 192.0.2.0/24 (TEST-NET-1) never answers. */
const inTestNet1 = (ipv4: string | undefined): boolean => ipv4 !== undefined && ipv4.startsWith('192.0.2.')

const list = (ctx: RequestContext) => {
  ctx.need('ivr_servers:read')
  const pos = order(ctx)
  const byCreation = (a: StoredIvr, b: StoredIvr) => pos(a) - pos(b)
  const spec: ListSpec<StoredIvr> = {
    search: (s) => [s.name, s.ipv4, s.ipv6],
    filter: {
      enabled: { type: 'boolean', get: (s) => s.enabled },
      type: { type: 'string', get: (s) => s.type, values: IVR_TYPES },
      name: { type: 'string', get: (s) => s.name },
    },
    orderby: {
      name: (a, b) => byText(a.name, b.name) || byCreation(a, b),
      type: (a, b) => IVR_TYPES.indexOf(a.type) - IVR_TYPES.indexOf(b.type) || byCreation(a, b),
    },
    defaultOrder: byCreation,
  }
  const page = applyListQuery(ctx, ctx.state.ivrServers, spec)
  return ok({ count: page.count, items: page.items.map(view) })
}

const create = (ctx: RequestContext) => {
  ctx.need('ivr_servers:write')
  const body = ctx.json(IvrServerCreateSchema)
  const server: StoredIvr = {
    id: ctx.state.nextId('ivr'),
    name: body.name,
    enabled: body.enabled,
    type: 'EXTERNAL',
    ...(body.ipv4 !== undefined ? { ipv4: body.ipv4 } : {}),
    ...(body.ipv6 !== undefined ? { ipv6: body.ipv6 } : {}),
  }
  ctx.state.ivrServers.push(server)
  return ok({ id: server.id })
}

const get = (ctx: RequestContext) => {
  ctx.need('ivr_servers:read')
  return ok(view(serverOf(ctx)))
}

const update = (ctx: RequestContext) => {
  ctx.need('ivr_servers:write')
  const server = serverOf(ctx)
  const body = ctx.json(IvrServerUpdateSchema, true)
  checkBodyId(body.id, server.id)
  if (server.type === 'INTERNAL') {
    for (const field of ['name', 'ipv4', 'ipv6'] as const) {
      if (body[field] !== undefined && body[field] !== server[field]) {
        throw forbidden(`${field}: the built-in IVR server's ${field} cannot be changed; only enabled can`)
      }
    }
  }
  if (body.name !== undefined) server.name = body.name
  if (body.enabled !== undefined) server.enabled = body.enabled
  if (body.ipv4 !== undefined) server.ipv4 = body.ipv4
  if (body.ipv6 !== undefined) server.ipv6 = body.ipv6
  return ok()
}

const destroy = (ctx: RequestContext) => {
  ctx.need('ivr_servers:write')
  const server = serverOf(ctx)
  if (server.type === 'INTERNAL') throw forbidden('id: the built-in IVR server cannot be destroyed')
  ctx.state.ivrServers.splice(ctx.state.ivrServers.indexOf(server), 1)
  return noContent()
}

const status = (ctx: RequestContext) => {
  ctx.need('ivr_servers:read')
  const server = serverOf(ctx)
  return ok({ reachable: server.enabled && !inTestNet1(server.ipv4), checked_at: new Date(ctx.state.now()).toISOString() })
}

export const registerIvrServers = (router: Router): void => {
  router
    .get('/api/ivr_servers', list)
    .post('/api/ivr_servers', create)
    .get('/api/ivr_servers/:id', get)
    .post('/api/ivr_servers/:id', update)
    .post('/api/ivr_servers/:id/destroy', destroy)
    .get('/api/ivr_servers/:id/status', status)
}
