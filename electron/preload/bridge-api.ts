import type { OperationName } from '../contract/operations'

/**
 * The calls the first screen waits for: the saved PBXs, their sessions, the app's information.
 * The preload asks them as the window's page starts loading, before the page has parsed its HTML
 * or fetched a script, and the page's first call of each takes that answer (issue 17). VS Code's
 * preload likewise asks for the window's configuration before the workbench loads.
 */
export const ASKED_AT_START = ['listProfiles', 'listSessions', 'getAbout'] as const satisfies readonly OperationName[]

/**
 * `window.pbx`: one method per operation of `names`, each calling `invoke` with its name. The
 * operations of `askedAtStart` are asked at once, here; the first call of each without input gets
 * that answer, every later call is asked anew. An early call that fails is no unhandled rejection:
 * the caller that takes it gets the failure.
 *
 * Self-contained (nothing from outside the function at run time): the Chromium test harness puts
 * its source into the page as the preload's stand-in (test/e2e/bridge-binding.ts).
 */
export function createBridgeApi<Name extends string>(
  names: readonly Name[],
  askedAtStart: readonly Name[],
  invoke: (name: Name, input?: unknown) => Promise<unknown>,
): Readonly<Record<Name, (input?: unknown) => Promise<unknown>>> {
  const early = new Map<Name, Promise<unknown>>()
  for (const name of askedAtStart) {
    const answer = invoke(name)
    answer.catch(() => undefined)
    early.set(name, answer)
  }
  const method = (name: Name) => (input?: unknown) => {
    const answer = input === undefined ? early.get(name) : undefined
    if (answer === undefined) return invoke(name, input)
    early.delete(name)
    return answer
  }
  return Object.freeze(Object.fromEntries(names.map((name) => [name, method(name)])) as Record<Name, (input?: unknown) => Promise<unknown>>)
}
