import { invalid } from '../errors'

/** `id` in an update body is accepted only when it equals the id in the path. */
export const checkBodyId = (bodyId: string | undefined, pathId: string): void => {
  if (bodyId !== undefined && bodyId !== pathId) {
    throw invalid('id', `must equal the id in the path (${pathId}), not ${bodyId}`)
  }
}

/** Copy the defined fields of `patch` onto `target`. */
export const assignDefined = <T extends object>(target: T, patch: Partial<T>): void => {
  for (const [k, v] of Object.entries(patch)) {
    if (v !== undefined) (target as Record<string, unknown>)[k] = v
  }
}
