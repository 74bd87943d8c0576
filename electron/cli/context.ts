import type { OperationInput, OperationOutput } from '../contract/bridge'
import type { OperationName } from '../contract/operations'
import type { BridgeError, BridgeResult } from '../contract/result'
import type { Services } from '../services'
import type { KeychainState } from '../services/keychain/secret-store'
import { dataDirOf, dataDirProblem, dataDirSource, PRODUCT_NAME } from './data-dir'
import { CliError, EXIT, failedError, usageError, type ExitCode } from './exit-codes'
import type { Output } from './output'
import { plainHttpWarner } from './plain-http'
import type { PbxProfile, SavedPbxsNotice } from '../contract/profiles'

/** The options every command takes. */
export interface GlobalArgs {
  dataDir?: string | undefined
}

/** Whether a command opens the OS keychain (signing in does; listing saved PBXs does not). */
export type KeychainNeed = 'needed' | 'not-needed'

type InputArgs<N extends OperationName> = undefined extends OperationInput<N> ? [input?: OperationInput<N>] : [input: OperationInput<N>]

/** A Bridge operation that answered `{ ok: false }`, thrown by `must`. */
export class BridgeFailure extends Error {
  readonly error: BridgeError

  constructor(error: BridgeError) {
    super(error.message)
    this.name = 'BridgeFailure'
    this.error = error
  }
}

/** The services of one run of the command line, opened on the data folder it was given. */
export interface OpenServices {
  dataDir: string
  keychain: KeychainState
  services: Services
  /** an operation, as the renderer calls it: input checked against the contract, a BridgeResult back */
  call<N extends OperationName>(name: N, ...args: InputArgs<N>): Promise<BridgeResult<OperationOutput<N>>>
  /** as `call`, throwing a BridgeFailure when the operation fails */
  must<N extends OperationName>(name: N, ...args: InputArgs<N>): Promise<OperationOutput<N>>
  /** warns on stderr, once per PBX in the run, of those reached over plain http off this computer (plain-http.ts) */
  warnPlainHttp(pbxs: readonly Pick<PbxProfile, 'label' | 'baseUrl'>[]): void
  /**
   * the saved-PBX file could not be read and was moved aside (the list starts empty): said once on
   * stderr with where the file went, and the run's answer is incomplete (exit 3 where it was done)
   */
  damagedProfiles(notice: SavedPbxsNotice): void
  /**
   * what the command answers with was read from a file that is not whole (a damaged batch file):
   * `warning` said once on stderr, and the run's answer is incomplete (exit 3 where it was done)
   */
  readPartly(warning: string): void
}

export interface CliContext {
  out: Output
  /** the app's version (package.json) */
  version: string
  /** the exit code of the command that ran (set by its handler) */
  exitCode: ExitCode
  /** what the command read was not whole (a damaged saved-PBX or batch file): a done run exits 3 */
  readonly incomplete: boolean
  /** a shell's Tab is being answered: commands are parsed, never run */
  completing: boolean
  /** `--debug`: an internal error prints its stack (else one line says how to see it) */
  debug: boolean
  /**
   * Runs work that writes to PBXs (a rollout, a push): while it runs, a reader of the output that
   * goes away (`… | head`) does not stop it; it goes on to its end and records its result.
   */
  writingToPbxs<T>(work: () => Promise<T>): Promise<T>
  /** whether work that writes to PBXs is under way */
  readonly writing: boolean
  /** opens the services (once per run): the data folder, and the OS keychain when the command needs it */
  open(args: GlobalArgs, keychain: KeychainNeed): Promise<OpenServices>
  /**
   * The saved PBXs, read from the data folder's file without opening the services, for a command
   * that needs nothing else (`pbx list` then loads no area's code: issue 39, a start in 150 ms). A
   * damaged file is said once, as `savedPbxs` says it; plain http to them is warned of.
   */
  savedPbxsAlone(args: GlobalArgs): Promise<PbxProfile[]>
  /**
   * Something half done to undo if the run is stopped (Ctrl-C) before the command finishes, e.g.
   * a PBX saved before its sign-in. Answers a function that drops the undo once it is not needed.
   */
  undoOnStop(undo: () => Promise<unknown>): () => void
  /** stopped by a signal: undoes what is half done, then closes */
  stop(): Promise<void>
  /** signs out of every PBX and stops what the services started; safe to call twice */
  close(): Promise<void>
}

export function createCliContext(out: Output, version: string): CliContext {
  let opened: Promise<OpenServices> | undefined
  let closing: Promise<void> | undefined
  const undos = new Set<() => Promise<unknown>>()
  const warnPlainHttp = plainHttpWarner(out)
  let incomplete = false
  let writing = 0
  const warned = new Set<string>()
  const readPartly = (warning: string) => {
    incomplete = true
    if (warned.has(warning)) return
    warned.add(warning)
    out.note(warning)
  }
  const damagedProfiles = (notice: SavedPbxsNotice) =>
    readPartly(`Warning: the saved PBXs in ${notice.file} could not be read (${notice.reason}). The file was kept as ${notice.keptAs}, and the list starts empty: put the copy back, or import an export.`)

  /** The data folder the arguments name, or bad usage saying what is wrong with it. */
  async function checkedDataDir(args: GlobalArgs): Promise<string> {
    const dataDir = dataDirOf(args.dataDir)
    const problem = await dataDirProblem(dataDir, dataDirSource(args.dataDir))
    if (problem) throw usageError(problem)
    return dataDir
  }

  async function open(args: GlobalArgs, need: KeychainNeed): Promise<OpenServices> {
    const dataDir = await checkedDataDir(args)
    // loaded when a command runs, so --help, completions and bad usage answer at once
    const [{ createServices }, { dispatch }, { openKeytarStore }] = await Promise.all([
      import('../services'),
      import('../services/bridge/dispatch'),
      import('../services/keychain/keytar-store'),
    ])
    const keychain: KeychainState = need === 'needed' ? await openKeytarStore() : { available: false, reason: 'This command does not use the keychain.' }
    const services = createServices({
      dataDir,
      keychain,
      app: { name: PRODUCT_NAME, version, versions: { node: process.versions.node }, platform: process.platform },
    })
    const onBug = (bug: unknown) => out.error(internalErrorText(bug, context.debug))
    const call = async (name: OperationName, input?: unknown) => dispatch(services.handlers, name, input, onBug)
    return {
      dataDir,
      keychain,
      services,
      call: call as OpenServices['call'],
      must: (async (name: OperationName, input?: unknown) => {
        const result = await call(name, input)
        if (!result.ok) throw new BridgeFailure(result.error)
        return result.value
      }) as OpenServices['must'],
      warnPlainHttp,
      damagedProfiles,
      readPartly,
    }
  }

  function close(): Promise<void> {
    closing ??= (async () => {
      const services = await opened?.catch(() => undefined)
      if (!services) return
      await services.services.dispose()
    })()
    return closing
  }

  const context: CliContext = {
    out,
    version,
    exitCode: EXIT.done,
    completing: false,
    debug: false,
    get incomplete() {
      return incomplete
    },
    get writing() {
      return writing > 0
    },
    async writingToPbxs(work) {
      writing++
      try {
        return await work()
      } finally {
        writing--
      }
    },
    open(args, need) {
      opened ??= open(args, need)
      return opened
    },
    async savedPbxsAlone(args) {
      const dataDir = await checkedDataDir(args)
      // the profile store alone: the same file, read and checked as the services read it
      const { createProfileStore } = await import('../services/profiles/profile-store')
      const store = createProfileStore(dataDir)
      const profiles = await store.list()
      const notice = store.notice()
      if (notice) damagedProfiles(notice)
      warnPlainHttp(profiles)
      return profiles
    },
    undoOnStop(undo) {
      undos.add(undo)
      return () => void undos.delete(undo)
    },
    async stop() {
      const pending = [...undos]
      undos.clear()
      await Promise.allSettled(pending.map((undo) => undo()))
      await close()
    },
    close,
  }
  return context
}

/** An internal error as stderr shows it: its stack with `--debug`, else its message and how to see more. */
export function internalErrorText(bug: unknown, debug: boolean): string {
  if (!(bug instanceof Error)) return `internal error: ${String(bug)}`
  return debug ? `internal error: ${bug.stack ?? bug.message}` : `internal error: ${bug.message} (run again with --debug to see where it happened)`
}

/**
 * What a failure becomes on the command line: bad input is bad usage (2), a cancelled request is
 * a stop (130), anything else failed (1). The services' messages already say what to do.
 */
export function cliErrorOf(error: unknown): CliError {
  if (error instanceof CliError) return error
  if (error instanceof BridgeFailure) {
    const { code, message } = error.error
    if (code === 'INVALID_INPUT') return usageError(message)
    if (code === 'CANCELLED') return new CliError(EXIT.interrupted, message)
    if (code === 'INTERNAL') return failedError('Something went wrong inside the command line (the error is shown above): please report it.')
    return failedError(message)
  }
  const text = error instanceof Error ? error.message : String(error)
  return failedError(`Something went wrong inside the command line (${text}): please report it.`)
}
