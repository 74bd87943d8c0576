import type { LabelSizeName } from '../contract/dect'
import { startProblem, type LabelStart } from '../contract/label-sheet'
import { usageError } from './exit-codes'

/**
 * `--start row,column` of `batch labels`: the first cell of a partly used sheet, counted from 1
 * ("3,2": row 3, column 2). A start past the stock's end is a usage error naming the flag, as the
 * app refuses it naming the field.
 */
export function labelStartOf(flag: string | undefined, size: LabelSizeName): LabelStart | undefined {
  if (flag === undefined) return undefined
  const match = /^\s*(\d{1,3})\s*,\s*(\d{1,3})\s*$/.exec(flag)
  if (!match) throw usageError(`--start ${flag}: write row,column, counted from 1 (3,2 is row 3, column 2).`)
  const start = { row: Number(match[1]), column: Number(match[2]) }
  if (start.row < 1 || start.column < 1) throw usageError(`--start ${flag}: rows and columns are counted from 1.`)
  const problem = startProblem(start, size)
  if (problem) throw usageError(`--start ${flag}: ${problem.message}.`)
  return start
}
