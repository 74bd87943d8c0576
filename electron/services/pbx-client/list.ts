import type { z } from 'zod'
import { ListQuerySchema, listOf, type ListOf, type ListQueryInput } from '../../contract/pbx'
import { cancelled } from '../errors'
import type { PbxCaller } from './caller'
import { checked } from '../validation'
import { type CallOptions } from './resource'
import { parseBody } from './request'

/**
 * The paged lists of the API (seed 4: `{count, items}` with `skip`/`top`, top 1..100).
 *
 * - `fetchPage` reads one page; the query is checked against the contract's `ListQuerySchema`
 *   before anything is sent (INVALID_INPUT otherwise).
 * - `walkList` reads every page, 100 items at a time (or `top` when given), until `count` items
 *   are read. A PBX whose count lies must not make it loop: it stops on an empty page, and it
 *   answers what it read, so `count` of its answer is always `items.length`.
 *
 * `path` is relative (`api/outbound_rules`). Both accept an AbortSignal; a cancelled walk throws
 * the same ServiceError as a cancelled request.
 */

/** The filters of a walk: anything of the list query but `skip` (`top` is the page size). */
export type WalkQuery = Omit<ListQueryInput, 'skip'>

export async function fetchPage<S extends z.ZodType>(
  caller: PbxCaller,
  path: string,
  itemSchema: S,
  query: ListQueryInput = {},
  options: CallOptions = {},
): Promise<ListOf<z.output<S>>> {
  const q = checked(ListQuerySchema, query, 'query')
  const response = await caller.call(path, {
    query: { top: q.top, skip: q.skip, filter: q.filter, search: q.search, orderby: q.orderby },
    signal: options.signal,
  })
  return parseBody(listOf(itemSchema), response, `GET /${path}`)
}

export async function walkList<S extends z.ZodType>(
  caller: PbxCaller,
  path: string,
  itemSchema: S,
  query: WalkQuery = {},
  options: CallOptions = {},
): Promise<ListOf<z.output<S>>> {
  // check the whole query once, so a bad filter fails before the first page
  const q = checked(ListQuerySchema, { ...query, skip: 0 }, 'query')
  const items: z.output<S>[] = []
  let count = Infinity
  while (items.length < count) {
    if (options.signal?.aborted) throw cancelled()
    const page = await fetchPage(caller, path, itemSchema, { ...q, skip: items.length }, options)
    count = page.count
    if (page.items.length === 0) break
    items.push(...page.items)
  }
  return { count: items.length, items }
}
