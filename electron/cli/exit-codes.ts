import type { BatchState } from '../contract/batch-state'

/**
 * The exit codes scripts may rely on (docs/command-line.md, "Exit codes"): 0 done, 1 failed, 2 bad usage
 * (nothing was done), 3 partly failed (some PBXs of several failed, or an answer read from a damaged
 * file: context.ts `readPartly`), 130 stopped by Ctrl-C, 141
 * stopped because the reader of its output went away (work writing to PBXs goes on to its end instead).
 */
export const EXIT = {
  done: 0,
  failed: 1,
  usage: 2,
  partly: 3,
  interrupted: 130,
  /** the reader of the output went away (`… | head`) before the command was done: it stopped, as a shell's SIGPIPE does */
  outputClosed: 141,
} as const
export type ExitCode = (typeof EXIT)[keyof typeof EXIT]

/**
 * A failure the command line reports in one sentence on stderr (what failed and what to do),
 * then exits with `exitCode`. Anything else thrown is a bug.
 */
export class CliError extends Error {
  readonly exitCode: ExitCode

  constructor(exitCode: ExitCode, message: string) {
    super(message)
    this.name = 'CliError'
    this.exitCode = exitCode
  }
}

/** Bad usage: a missing or malformed argument, an unknown PBX. Nothing was done. */
export const usageError = (message: string): CliError => new CliError(EXIT.usage, message)

/** The command was run but did not succeed. */
export const failedError = (message: string): CliError => new CliError(EXIT.failed, message)

/** The exit code of work done for several items: done, failed (all), or partly failed. */
export function exitCodeOf(succeeded: number, failed: number): ExitCode {
  if (failed === 0) return EXIT.done
  return succeeded === 0 ? EXIT.failed : EXIT.partly
}

/**
 * The exit code of a batch's push or retry, from its state (contract/batch-state.ts): 0 only when
 * every row and every handset is on the PBX; 1 when none is (all failed, or nothing could be
 * sent); 3 when some are and some failed, were not sent (errors), or are still to push.
 */
export function exitCodeOfBatch(state: BatchState): ExitCode {
  switch (state.verdict) {
    case 'done':
      return EXIT.done
    case 'incomplete':
    case 'partly_failed':
      return EXIT.partly
    default:
      return EXIT.failed
  }
}
