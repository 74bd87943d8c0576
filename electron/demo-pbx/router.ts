import type { RequestContext, Reply } from './context'

/** A route handler: gets the request, answers a reply or throws an `HttpError`. */
export type Handler = (ctx: RequestContext) => Reply | Promise<Reply>

type Route = { method: string; segments: string[]; handler: Handler }

export type RouteMatch =
  | { kind: 'found'; handler: Handler; params: Record<string, string> }
  | { kind: 'wrong-method'; allow: string[] }
  | { kind: 'none' }

/** A tiny method + path router. Patterns are `/api/things/:id`; a `:name` segment matches one segment. */
export class Router {
  private readonly routes: Route[] = []

  add(method: string, pattern: string, handler: Handler): this {
    this.routes.push({ method: method.toUpperCase(), segments: split(pattern), handler })
    return this
  }

  get(pattern: string, handler: Handler): this {
    return this.add('GET', pattern, handler)
  }

  post(pattern: string, handler: Handler): this {
    return this.add('POST', pattern, handler)
  }

  match(method: string, path: string): RouteMatch {
    const parts = split(path)
    const allow = new Set<string>()
    let found: { handler: Handler; params: Record<string, string> } | undefined
    let foundSpecificity = -1
    for (const route of this.routes) {
      const params = matchSegments(route.segments, parts)
      if (!params) continue
      // a literal segment beats a parameter (e.g. /status over /:id when both could match)
      const specificity = route.segments.filter((s) => !s.startsWith(':')).length
      if (route.method === method.toUpperCase()) {
        if (specificity > foundSpecificity) {
          found = { handler: route.handler, params }
          foundSpecificity = specificity
        }
      }
      allow.add(route.method)
    }
    if (found) return { kind: 'found', ...found }
    if (allow.size > 0) return { kind: 'wrong-method', allow: [...allow].sort() }
    return { kind: 'none' }
  }
}

const split = (path: string): string[] => path.split('/').filter((s) => s !== '')

const matchSegments = (pattern: readonly string[], parts: readonly string[]): Record<string, string> | undefined => {
  if (pattern.length !== parts.length) return undefined
  const params: Record<string, string> = {}
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i] ?? ''
    const v = parts[i] ?? ''
    if (p.startsWith(':')) {
      let decoded: string
      try {
        decoded = decodeURIComponent(v)
      } catch {
        return undefined
      }
      params[p.slice(1)] = decoded
    } else if (p !== v) {
      return undefined
    }
  }
  return params
}
