import { text } from 'node:stream/consumers'
import { isSystemEntry } from '../../contract/profiles'
import type { Argv, CommandModule } from 'yargs'
import type { CliContext } from '../context'
import { failedError, usageError } from '../exit-codes'
import { readInputFile } from '../input-file'
import { checkOutputFile, mustWriteOutputFile } from '../output-file'
import { plural, PROGRAM } from '../output'
import { passwordSource, type PasswordOptions } from '../password-input'
import { failOnPath } from '../path-problem'
import { signedInAs, signInKeeping } from '../sign-in'
import { action, jsonOption, localTime, namedPbx, type BaseArgs, type AreaCommandModule, areaCommand, areaOf } from './common'
import { addCommand, passwordOptions } from './pbx-add'
import { testCommand } from './pbx-test'

/** `pbx …`: the saved PBXs, shared with the desktop app. */
export function pbxCommand(ctx: CliContext): AreaCommandModule {
  return areaOf(
    'pbx',
    [areaCommand(listCommand(ctx)), areaCommand(addCommand(ctx)), areaCommand(testCommand(ctx)), areaCommand(signInCommand(ctx)), areaCommand(removeCommand(ctx)), areaCommand(exportCommand(ctx)), areaCommand(importCommand(ctx))],
    [
      ['$0 pbx list', 'The saved PBXs'],
      ['$0 pbx test --all', 'Reach and sign in to every saved PBX'],
    ],
  )
}

function listCommand(ctx: CliContext): CommandModule<BaseArgs, BaseArgs> {
  return {
    command: 'list',
    aliases: ['ls'],
    describe: 'The saved PBXs, most recently used first',
    builder: (yargs) =>
      yargs
        .option('json', jsonOption)
        .example('$0 pbx list', 'A table of the saved PBXs')
        .example("$0 pbx list --json | jq -r '.[].label'", 'Their names, for a script'),
    handler: action(ctx, async (argv) => {
      const profiles = await ctx.savedPbxsAlone(argv)
      if (argv.json) return ctx.out.json(profiles)
      // after a damaged file the list is empty for that reason, said already: not "none saved yet"
      if (profiles.length === 0) return ctx.incomplete ? undefined : ctx.out.note(`No PBX is saved yet: add one with \`${PROGRAM} pbx add\` (see --help).`)
      ctx.out.table(
        ['NAME', 'ID', 'ADDRESS', 'USER', 'DOMAIN', 'SYSTEM ADMIN', 'PASSWORD', 'LAST USED'],
        profiles.map((p) => [p.label, p.id, p.baseUrl, p.username, p.domain || '-', p.systemAdmin?.username ?? '-', p.rememberPassword ? 'kept' : '-', localTime(p.lastUsedAt)]),
      )
    }),
  }
}

interface NamedArgs extends BaseArgs, PasswordOptions {
  pbx: string
}

interface SignInArgs extends NamedArgs {
  'system-admin'?: string
}

function signInCommand(ctx: CliContext): CommandModule<BaseArgs, SignInArgs> {
  return {
    command: 'sign-in <pbx>',
    describe: 'Sign in to a saved PBX and keep its password in the keychain (after an import, or a new password)',
    builder: (yargs) =>
      passwordOptions(yargs.positional('pbx', { type: 'string', demandOption: true, describe: 'A saved PBX, by name or id' }))
        .option('system-admin', {
          type: 'string',
          describe: "Sign in as this system administrator of the tenant PBX's server, kept on the same entry (IVR servers and notification settings use it)",
        })
        .example('$0 pbx sign-in "Demo Company"', 'Asks for the password on the terminal')
        .example('pass show pbx/demo | $0 pbx sign-in "Demo Company" --password-stdin', 'The password from a pipe')
        .example('$0 pbx sign-in "Demo Company" --system-admin admin', 'The same entry also signs in as the system administrator') as Argv<SignInArgs>,
    handler: action(ctx, async (argv) => {
      const systemAdmin = argv['system-admin']
      if (systemAdmin !== undefined && systemAdmin.trim() === '') throw usageError('--system-admin: give the user name of the system administrator')
      const password = passwordSource(argv, systemAdmin === undefined ? `Password of the PBX "${argv.pbx}": ` : `Password of ${systemAdmin}, system administrator of "${argv.pbx}": `)
      const open = await ctx.open(argv, 'needed')
      if (!open.keychain.available) throw failedError(`The password cannot be kept: ${open.keychain.reason}`)
      const profile = await namedPbx(open, argv.pbx)
      if (systemAdmin !== undefined && isSystemEntry(profile)) throw usageError(`--system-admin: "${profile.label}" signs in as the system administrator already`)
      const state = await signInKeeping(open, profile, await password(), ctx.out, systemAdmin === undefined ? {} : { systemAdmin: systemAdmin.trim() })
      if (systemAdmin === undefined) {
        ctx.out.line(`Signed in to "${profile.label}" as ${signedInAs(state, profile)}; the password is kept in the keychain.`)
      } else {
        ctx.out.line(`Signed in to "${profile.label}" as its system administrator ${systemAdmin.trim()}, beside ${profile.username}; the password is kept in the keychain.`)
      }
    }),
  }
}

function removeCommand(ctx: CliContext): CommandModule<BaseArgs, NamedArgs> {
  return {
    command: 'remove <pbx>',
    aliases: ['rm'],
    describe: 'Sign out, forget its password and tokens in the keychain, and remove the saved PBX',
    builder: (yargs) =>
      yargs
        .positional('pbx', { type: 'string', demandOption: true, describe: 'A saved PBX, by name or id' })
        .example('$0 pbx remove "Demo Company"', 'Remove one saved PBX') as Argv<NamedArgs>,
    handler: action(ctx, async (argv) => {
      const open = await ctx.open(argv, 'needed')
      const profile = await namedPbx(open, argv.pbx)
      await open.must('removeProfile', { profileId: profile.id })
      ctx.out.line(`Removed "${profile.label}" (id ${profile.id}).`)
      if (!open.keychain.available && profile.rememberPassword) {
        ctx.out.note(`Warning: its password may still be in the keychain, which did not answer: ${open.keychain.reason}`)
      }
    }),
  }
}

interface FileArgs extends BaseArgs {
  file?: string
  force?: boolean
}

/** No file, or `-` (which yargs reads as an empty string): stdin or stdout. */
const standardStream = (file: string | undefined): file is undefined | '' | '-' => file === undefined || file === '' || file === '-'

function exportCommand(ctx: CliContext): CommandModule<BaseArgs, FileArgs> {
  return {
    command: 'export [file]',
    describe: 'Write the saved PBXs to a file for another computer (no password, no token), or to stdout',
    builder: (yargs) =>
      yargs
        .positional('file', { type: 'string', describe: 'The file to write (none, or -, for stdout)' })
        .option('force', { type: 'boolean', default: false, describe: 'Replace the file if it exists' })
        .example('$0 pbx export pbxs.json', 'Export to a file')
        .example('$0 pbx export | ssh other pbx-provisioner pbx import', 'Copy the saved PBXs to another computer') as Argv<FileArgs>,
    handler: action(ctx, async (argv) => {
      const file = argv.file
      const toStdout = standardStream(file)
      if (!toStdout) await checkOutputFile({ name: '[file]', path: file }, Boolean(argv.force))
      const open = await ctx.open(argv, 'not-needed')
      const { json } = await open.must('exportProfiles')
      const exported = JSON.parse(json) as { profiles: unknown[] }
      const count = exported.profiles.length
      // the file's JSON, as exact JSON: a C1 control or DEL in a label is escaped as JSON escapes it
      if (toStdout) ctx.out.json(exported)
      else await mustWriteOutputFile({ name: '[file]', path: file }, json, Boolean(argv.force))
      ctx.out.note(`Exported ${plural(count, 'PBX', 'PBXs')}${toStdout ? '' : ` to ${file}`}. Passwords are not in the file: they stay in this computer's keychain.`)
    }),
  }
}

function importCommand(ctx: CliContext): CommandModule<BaseArgs, FileArgs> {
  return {
    command: 'import [file]',
    describe: 'Add the PBXs of an exported file, or of stdin (ones saved already are skipped)',
    builder: (yargs) =>
      yargs
        .positional('file', { type: 'string', describe: 'A file written by `pbx export` or the app (none, or -, for stdin)' })
        .option('json', jsonOption)
        .example('$0 pbx import pbxs.json', 'Import, then `pbx sign-in` each to keep its password') as Argv<FileArgs>,
    handler: action(ctx, async (argv) => {
      const file = argv.file
      if (standardStream(file) && process.stdin.isTTY) throw usageError('Name the file to import, or pipe it into the command.')
      const hint = `name a file written by \`${PROGRAM} pbx export\``
      const json = standardStream(file)
        ? await text(process.stdin).catch(failOnPath({ name: 'stdin', path: '-', use: 'read', hint }))
        : (await readInputFile({ name: '[file]', path: file, hint })).toString('utf8')
      const open = await ctx.open(argv, 'not-needed')
      const result = await open.must('importProfiles', { json })
      if (argv.json) return ctx.out.json(result)
      ctx.out.line(`Added ${plural(result.added, 'PBX', 'PBXs')}.`)
      if (result.skipped.length > 0) ctx.out.line(`Skipped, saved already: ${result.skipped.map((label) => `"${label}"`).join(', ')}.`)
      if (result.added > 0) ctx.out.note(`Passwords are not in an export: run \`${PROGRAM} pbx sign-in <name>\` for each PBX to keep its password here.`)
    }),
  }
}
