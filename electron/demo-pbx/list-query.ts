import { ListQuerySchema, PageQuerySchema } from '../contract/pbx'
import type { RequestContext } from './context'
import { invalid } from './errors'

/**
 * The list query of README "Lists": `search` (case-insensitive substring), `filter`
 * (`<field> eq <value>` joined by ` and `), `orderby` (`<field> [asc|desc]`), `skip`, `top`.
 */

export type FilterField<T> =
  | { type: 'boolean'; get: (item: T) => boolean }
  | { type: 'int'; get: (item: T) => number }
  | { type: 'string'; get: (item: T) => string; values?: readonly string[] }

export interface ListSpec<T> {
  search: (item: T) => readonly (string | undefined)[]
  filter: Record<string, FilterField<T>>
  orderby: Record<string, (a: T, b: T) => number>
  defaultOrder: (a: T, b: T) => number
}

type Token = { kind: 'word'; value: string } | { kind: 'string'; value: string }
type Value = { kind: 'boolean'; value: boolean } | { kind: 'int'; value: number } | { kind: 'string'; value: string }

const tokenize = (s: string): Token[] => {
  const out: Token[] = []
  let i = 0
  while (i < s.length) {
    const c = s[i]
    if (c === ' ' || c === '\t') {
      i++
      continue
    }
    if (c === "'") {
      let value = ''
      i++
      for (;;) {
        if (i >= s.length) throw invalid('filter', 'a quoted value is not closed with a quote')
        if (s[i] === "'") {
          if (s[i + 1] === "'") {
            value += "'"
            i += 2
            continue
          }
          i++
          break
        }
        value += s[i]
        i++
      }
      out.push({ kind: 'string', value })
      continue
    }
    let value = ''
    while (i < s.length && s[i] !== ' ' && s[i] !== '\t') {
      value += s[i]
      i++
    }
    out.push({ kind: 'word', value })
  }
  return out
}

const valueOf = (t: Token): Value => {
  if (t.kind === 'string') return { kind: 'string', value: t.value }
  if (t.value === 'true' || t.value === 'false') return { kind: 'boolean', value: t.value === 'true' }
  if (/^-?\d+$/.test(t.value)) return { kind: 'int', value: Number(t.value) }
  throw invalid('filter', `${t.value} is not a value; write true, false, an integer or a quoted string ('text')`)
}

const FILTER_FORM = "write <field> eq <value>, joined by ' and ' (e.g. enabled eq true and name eq 'Local')"

export const parseFilter = <T>(filter: string, fields: Record<string, FilterField<T>>): ((item: T) => boolean) => {
  const tokens = tokenize(filter)
  if (tokens.length === 0) return () => true
  const tests: ((item: T) => boolean)[] = []
  let i = 0
  const names = Object.keys(fields).join(', ')
  for (;;) {
    const f = tokens[i]
    const op = tokens[i + 1]
    const v = tokens[i + 2]
    if (!f || !op || !v || f.kind !== 'word' || op.kind !== 'word' || op.value !== 'eq') throw invalid('filter', FILTER_FORM)
    const field = fields[f.value]
    if (!field) throw invalid('filter', `cannot filter on ${f.value}; fields: ${names}`)
    const value = valueOf(v)
    if (field.type === 'boolean') {
      if (value.kind !== 'boolean') throw invalid('filter', `${f.value} takes true or false`)
      const get = field.get
      tests.push((item) => get(item) === value.value)
    } else if (field.type === 'int') {
      if (value.kind !== 'int') throw invalid('filter', `${f.value} takes an integer`)
      const get = field.get
      tests.push((item) => get(item) === value.value)
    } else {
      if (value.kind !== 'string') throw invalid('filter', `${f.value} takes a quoted string ('text')`)
      if (field.values && !field.values.includes(value.value)) {
        throw invalid('filter', `${f.value} must be one of ${field.values.join(', ')}`)
      }
      const get = field.get
      tests.push((item) => get(item) === value.value)
    }
    i += 3
    if (i === tokens.length) break
    const and = tokens[i]
    if (!and || and.kind !== 'word' || and.value !== 'and' || i + 1 === tokens.length) throw invalid('filter', FILTER_FORM)
    i++
  }
  return (item) => tests.every((t) => t(item))
}

export const parseOrderby = <T>(orderby: string, spec: ListSpec<T>): ((a: T, b: T) => number) => {
  const parts = orderby.trim().split(/\s+/).filter((p) => p !== '')
  if (parts.length === 0) return spec.defaultOrder
  const names = Object.keys(spec.orderby).join(', ')
  const [field, dir, ...rest] = parts
  const compare = field === undefined ? undefined : spec.orderby[field]
  if (!compare || rest.length > 0) throw invalid('orderby', `write <field> or <field> asc|desc; fields: ${names}`)
  const direction = dir?.toLowerCase() ?? 'asc'
  if (direction !== 'asc' && direction !== 'desc') throw invalid('orderby', `the direction must be asc or desc, not ${dir}`)
  return direction === 'asc' ? compare : (a, b) => -compare(a, b)
}

/** Search, filter, order and page a list; `count` is the total before paging. */
export const applyListQuery = <T>(ctx: RequestContext, all: readonly T[], spec: ListSpec<T>): { count: number; items: T[] } => {
  const q = ctx.parseQuery(ListQuerySchema)
  let items = [...all]
  const search = q.search ? q.search.toLowerCase() : undefined
  if (search) items = items.filter((it) => spec.search(it).some((s) => s?.toLowerCase().includes(search)))
  if (q.filter !== undefined) items = items.filter(parseFilter(q.filter, spec.filter))
  items.sort(q.orderby !== undefined ? parseOrderby(q.orderby, spec) : spec.defaultOrder)
  return { count: items.length, items: items.slice(q.skip, q.skip + q.top) }
}

/** Paging only (providers, holidays). */
export const applyPaging = <T>(ctx: RequestContext, all: readonly T[]): { count: number; items: T[] } => {
  const q = ctx.parseQuery(PageQuerySchema)
  return { count: all.length, items: all.slice(q.skip, q.skip + q.top) }
}

/** Compare names case-insensitively, then exactly. */
export const byText = (a: string, b: string): number => {
  const x = a.toLowerCase()
  const y = b.toLowerCase()
  return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0
}
