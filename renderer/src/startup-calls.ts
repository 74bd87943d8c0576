import type { PbxApi } from '@contract/bridge'

/**
 * The calls the first screen waits for, made by the renderer's very first code, before the
 * libraries are even run: the saved PBXs, their sessions, the app's information. Until now they
 * went out once the shell was set up, and the list then waited for its answer after the shell had
 * rendered (issue 17: `startup_pbx_list_*_ms`); now the answers are there, or on their way, by then.
 * VS Code's window likewise gets its configuration before the workbench loads.
 *
 * This module runs first: `main.ts` imports it before anything else, and the build puts it in a
 * chunk of its own that index.html runs before Vue's and the libraries' (electron.vite.config.ts).
 * It asks only at the app's start (the start frame of index.html still up, `window.pbx` there):
 * in a test, or anywhere else, nothing is asked early. Each early answer is taken once, by the
 * store that would have asked; every later call goes to main as usual.
 */
const STARTUP_CALLS = ['listProfiles', 'listSessions', 'getAbout'] as const
export type StartupCall = (typeof STARTUP_CALLS)[number]

type Answer<Name extends StartupCall> = ReturnType<PbxApi[Name]>

const early = new Map<StartupCall, Promise<unknown>>()

const atStart = typeof document !== 'undefined' && document.querySelector('#app > .start-frame') !== null
const bridge = typeof window !== 'undefined' ? (window as Partial<Window>).pbx : undefined
if (atStart && bridge) {
  for (const name of STARTUP_CALLS) {
    const answer = bridge[name]()
    // a call that fails before its store takes it is the store's to report, not an unhandled rejection
    answer.catch(() => undefined)
    early.set(name, answer)
  }
}

/** The answer of `name` asked at the start, the first time; otherwise `call()`. */
export function takeStartupCall<Name extends StartupCall>(name: Name, call: () => Answer<Name>): Answer<Name> {
  const answer = early.get(name) as Answer<Name> | undefined
  early.delete(name)
  return answer ?? call()
}
