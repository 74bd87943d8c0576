import {
  OutboundRuleCreateSchema,
  OutboundRuleListItemSchema,
  OutboundRuleSchema,
  OutboundRuleUpdateSchema,
  type ListOf,
  type ListQueryInput,
  type OutboundRule,
  type OutboundRuleCreate,
  type OutboundRuleListItem,
  type OutboundRuleUpdate,
} from '../../contract/pbx'
import type { PbxCaller } from './caller'
import { fetchPage, walkList, type WalkQuery } from './list'
import { parseBody } from './request'
import { checked } from '../validation'
import { createdId, destroyItem, itemPath, type CallOptions } from './resource'

/**
 * Outbound rules (seed 2.4, 4.3): `GET/POST /api/outbound_rules`, `GET/POST /api/outbound_rules/{id}`,
 * and the optional `POST /api/outbound_rules/{id}/destroy` (404/405 → NOT_SUPPORTED; a 404 for a
 * rule that is gone → NOT_FOUND).
 *
 * Bodies are checked against the contract's create/update schema before anything is sent and are
 * sent as the caller wrote them (the PBX applies its own defaults). List items have no `routes`;
 * `get` has them.
 */

const BASE = 'api/outbound_rules'
const NAMES = { what: 'outbound rule', plural: 'outbound rules' }

export interface OutboundRulesClient {
  /** one page (`top` 1..100, `skip`, `filter`, `search`, `orderby`) */
  list(query?: ListQueryInput, options?: CallOptions): Promise<ListOf<OutboundRuleListItem>>
  /** every rule, page after page */
  listAll(query?: WalkQuery, options?: CallOptions): Promise<ListOf<OutboundRuleListItem>>
  get(id: string, options?: CallOptions): Promise<OutboundRule>
  /** answers the new rule's id */
  create(body: OutboundRuleCreate, options?: CallOptions): Promise<string>
  update(id: string, body: OutboundRuleUpdate, options?: CallOptions): Promise<void>
  destroy(id: string, options?: CallOptions): Promise<void>
}

export function createOutboundRulesClient(caller: PbxCaller): OutboundRulesClient {
  return {
    list: (query = {}, options = {}) => fetchPage(caller, BASE, OutboundRuleListItemSchema, query, options),
    listAll: (query = {}, options = {}) => walkList(caller, BASE, OutboundRuleListItemSchema, query, options),
    async get(id, options = {}) {
      const response = await caller.call(itemPath(BASE, id), { signal: options.signal })
      return parseBody(OutboundRuleSchema, response, 'GET /api/outbound_rules/{id}')
    },
    async create(body, options = {}) {
      checked(OutboundRuleCreateSchema, body)
      const response = await caller.call(BASE, { method: 'POST', json: body, signal: options.signal })
      return createdId(response, 'POST /api/outbound_rules')
    },
    async update(id, body, options = {}) {
      const path = itemPath(BASE, id)
      checked(OutboundRuleUpdateSchema, body)
      await caller.call(path, { method: 'POST', json: body, signal: options.signal })
    },
    destroy: (id, options = {}) => destroyItem(caller, BASE, id, NAMES, options),
  }
}
