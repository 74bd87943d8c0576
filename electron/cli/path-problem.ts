import { CliError, usageError } from './exit-codes'

/**
 * A path the user gave the command line and what the command does with it, so that a path the
 * file system refuses is bad usage (exit 2) naming the option or argument, the path and why, in
 * plain words, never an internal error with a stack (issue 39).
 */
export interface PathUse {
  /** the option or argument that named it: `--out`, `<file>` */
  name: string
  path: string
  /** what the command does with it: read a file, write a file, or read and write a folder */
  use: 'read' | 'write' | 'read and write'
  /** what it was to be, when more than a file: "used as the data folder" */
  as?: string
  /** what to do instead: "name a CSV file" */
  hint?: string
}

/**
 * The usage error of a file-system error (ENOENT, EISDIR, EACCES, ENOSPC…) on a path the user
 * gave: "--out: /x/y.csv cannot be written (its folder does not exist)". Anything else (no error
 * code: a bug) is answered as it is, to be reported as an internal error.
 */
export function pathUsageError(where: PathUse, error: unknown): unknown {
  if (error instanceof CliError) return error
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  if (typeof code !== 'string' || !/^E[A-Z]+$/.test(code)) return error
  return usageError(pathProblem(where, code))
}

/** The sentence itself: "<name>: <path> cannot be <read|written|as> (<why>)[: <hint>]". */
export function pathProblem(where: PathUse, code: string | undefined): string {
  const doing = where.as ?? (where.use === 'read' ? 'read' : 'written')
  const why = code ? whyNot(code, where.use) : 'it cannot be used'
  return `${where.name}: ${where.path} cannot be ${doing} (${why})${where.hint ? `: ${where.hint}` : ''}`
}

/** For `.catch`: a file-system error on `where` thrown as bad usage, anything else as it is. */
export const failOnPath =
  (where: PathUse) =>
  (error: unknown): never => {
    throw pathUsageError(where, error)
  }

/** Why the file system refused the path, in words for whoever typed it. */
function whyNot(code: string, use: PathUse['use']): string {
  switch (code) {
    case 'ENOENT':
      // a file to write is made, so what is missing is a folder on the way to it
      return use === 'read' ? 'it does not exist' : 'its folder does not exist'
    case 'EISDIR':
      return 'it is a folder, not a file'
    case 'ENOTDIR':
      return 'a part of the path is a file'
    case 'EACCES':
    case 'EPERM':
      return `this user may not ${use} ${use === 'read' ? 'it' : 'there'}`
    case 'ENOSPC':
      return 'the disk is full'
    case 'EDQUOT':
      return "the user's disk quota is used up"
    case 'EROFS':
      return 'the disk is read-only'
    case 'EFBIG':
      return 'the file is too large for that disk'
    case 'EMFILE':
    case 'ENFILE':
      return 'too many files are open: try again with fewer programs running'
    case 'ENAMETOOLONG':
      return 'the name is too long'
    case 'ELOOP':
      return 'its symbolic links lead round in a circle'
    case 'EBUSY':
    case 'ETXTBSY':
      return 'it is in use by another program'
    case 'EIO':
      return 'the disk answered with an input/output error'
    case 'EEXIST':
      return 'it exists already'
    default:
      return code
  }
}
