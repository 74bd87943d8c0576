import type { CliContext } from './context'
import { usageError } from './exit-codes'
import { promptLine } from './password-input'

/**
 * Asks "<question> [y/N]" on the terminal; `--yes` answers for it. Without a terminal and without
 * `--yes` nothing is done: bad usage saying to add `--yes`.
 */
export async function confirmed(ctx: CliContext, question: string, yes: boolean, unattended: string): Promise<boolean> {
  if (yes) return true
  if (!ctx.out.interactive()) throw usageError(`Nothing was done: ${unattended}`)
  const answer = await promptLine(`${question} [y/N] `)
  return /^y(es)?$/i.test(answer)
}
