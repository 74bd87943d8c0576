import { BridgeFailure, cliErrorOf, type CliContext } from './context'
import { CliError, EXIT, type ExitCode } from './exit-codes'
import { buildProgram } from './program'

/**
 * Runs one command line: parses it, runs the command, reports a failure in one sentence on
 * stderr, and always closes the services (signing out of every PBX). Answers the exit code.
 */
export async function runCli(args: readonly string[], ctx: CliContext): Promise<ExitCode> {
  if (args[0] === COMPLETION_REQUEST) return complete(args, ctx)
  // known before parsing: an error while parsing is reported by it too
  ctx.debug = args.includes('--debug')
  try {
    await (await buildProgram(args, ctx)).parseAsync()
    return ctx.exitCode
  } catch (error) {
    const failure = cliErrorOf(error)
    // a bug (not a CliError or a service's answer): where it happened, with --debug
    if (ctx.debug && error instanceof Error && !(error instanceof CliError) && !(error instanceof BridgeFailure)) ctx.out.note(error.stack ?? error.message)
    ctx.out.error(failure.message)
    return failure.exitCode
  } finally {
    await ctx.close().catch((error: unknown) => {
      ctx.out.note(`Warning: signing out at the end did not finish (${error instanceof Error ? error.message : String(error)}).`)
    })
  }
}

/** How the completion scripts ask for completions: `pbx-provisioner --get-yargs-completions <words…>`. */
const COMPLETION_REQUEST = '--get-yargs-completions'

/**
 * Answers a shell's Tab: the completions of the words typed, one a line on stdout, and nothing
 * else (no validation error: the command line is unfinished by nature).
 */
async function complete(args: readonly string[], ctx: CliContext): Promise<ExitCode> {
  // no command runs while completing (a Tab after `pbx remove Foo` removes nothing)
  ctx.completing = true
  const written: Promise<void>[] = []
  try {
    await (await buildProgram(args, ctx, { completing: (done) => written.push(done) })).parseAsync()
    await Promise.all(written)
  } catch {
    // an unfinished command line: no completions
  }
  return EXIT.done
}

/**
 * Ctrl-C (and a polite kill): sign out of every PBX, then exit 130 (143 for SIGTERM). A second
 * Ctrl-C, or signing out taking longer than 5 s, exits at once.
 */
export function stopOnSignals(ctx: CliContext, exit: (code: number) => void = (code) => process.exit(code)): () => void {
  let stopping = false
  const stop = (code: number) => {
    if (stopping) return exit(code)
    stopping = true
    ctx.out.note('\nStopping: signing out of the PBXs… (Ctrl-C again to quit at once)')
    setTimeout(() => exit(code), 5000).unref()
    void ctx.stop().finally(() => exit(code))
  }
  const onInt = () => stop(EXIT.interrupted)
  const onTerm = () => stop(143)
  process.on('SIGINT', onInt)
  process.on('SIGTERM', onTerm)
  return () => {
    process.off('SIGINT', onInt)
    process.off('SIGTERM', onTerm)
  }
}
