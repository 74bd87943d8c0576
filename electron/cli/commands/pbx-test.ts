import type { CommandModule } from 'yargs'
import type { PbxProfile } from '../../contract/profiles'
import type { BridgeError } from '../../contract/result'
import { mapLimited } from '../../services/concurrency/map-limited'
import type { CliContext, OpenServices } from '../context'
import { exitCodeOf, usageError, type ExitCode } from '../exit-codes'
import { PROGRAM } from '../output'
import { notSignedInText } from '../sign-in'
import { action, jsonOption, namedPbxs, type BaseArgs } from './common'

/** How many PBXs are tested at once. */
const AT_ONCE = 4

interface TestArgs extends BaseArgs {
  pbx?: string[]
  all: boolean
}

/** One PBX's test, as `--json` prints it. */
export interface PbxTestResult {
  profileId: string
  name: string
  ok: boolean
  /** signed_in, or code_required (the password was right; the PBX mails a code at each sign-in) */
  status?: 'signed_in' | 'code_required'
  user?: string
  role?: string
  ms: number
  error?: { code: BridgeError['code']; message: string }
}

export function testCommand(ctx: CliContext): CommandModule<BaseArgs, TestArgs> {
  return {
    command: 'test [pbx..]',
    describe: 'Reach saved PBXs and sign in with the kept password; one line per PBX',
    builder: (yargs) =>
      yargs
        .positional('pbx', { type: 'string', array: true, describe: 'Saved PBXs, by name or id' })
        .option('all', { type: 'boolean', default: false, describe: 'Test every saved PBX' })
        .option('json', jsonOption)
        .check((argv) => {
          const named = (argv.pbx ?? []).length > 0
          if (named && argv.all) throw usageError('Name PBXs or give --all, not both.')
          if (!named && !argv.all) throw usageError(`Name the PBXs to test (see \`${PROGRAM} pbx list\`), or give --all.`)
          return true
        })
        .example('$0 pbx test "Demo Company"', 'Test one PBX')
        .example('$0 pbx test --all --json', 'Test every saved PBX; exit code 3 when some fail'),
    handler: action(ctx, (argv) => testPbxs(ctx, argv)),
  }
}

async function testPbxs(ctx: CliContext, argv: TestArgs): Promise<ExitCode> {
  const open = await ctx.open(argv, 'needed')
  const profiles = await namedPbxs(open, argv.all ? undefined : argv.pbx)
  if (profiles.length === 0) {
    ctx.out.note(`No PBX is saved yet: add one with \`${PROGRAM} pbx add\`.`)
    if (argv.json) ctx.out.json([])
    return exitCodeOf(0, 0)
  }
  const results = (await mapLimited(profiles, AT_ONCE, (profile) => testOne(open, profile))) as PbxTestResult[]
  if (argv.json) {
    ctx.out.json(results)
  } else {
    ctx.out.table(
      ['RESULT', 'PBX', 'DETAILS'],
      results.map((result) => [result.ok ? 'ok' : 'FAILED', result.name, details(result)]),
    )
  }
  const failed = results.filter((result) => !result.ok).length
  if (failed > 0 && !open.keychain.available) ctx.out.note(`Note: ${open.keychain.reason}`)
  return exitCodeOf(results.length - failed, failed)
}

/** Reaches the PBX (GET /api/info), then opens it as the app does: the kept token or password. */
async function testOne(open: OpenServices, profile: PbxProfile): Promise<PbxTestResult> {
  const started = performance.now()
  const base = { profileId: profile.id, name: profile.label }
  const elapsed = () => Math.round(performance.now() - started)
  const failed = (error: BridgeError): PbxTestResult => ({ ...base, ok: false, ms: elapsed(), error: { code: error.code, message: messageOf(error, profile) } })
  // the demo's saved PBXs point at the demo as it last ran: opening them starts it first
  if (!profile.demo) {
    const probe = await open.call('probePbx', {
      baseUrl: profile.baseUrl,
      ...(profile.domain ? { domain: profile.domain } : {}),
      ...(profile.trustedCertificate ? { trustedFingerprint256: profile.trustedCertificate.fingerprint256 } : {}),
    })
    if (!probe.ok) return failed(probe.error)
  }
  const opened = await open.call('openPbx', { profileId: profile.id, touch: false })
  if (!opened.ok) return failed(opened.error)
  const state = opened.value
  if (state.status === 'signed_out') return failed({ code: 'NOT_SIGNED_IN', message: '' })
  const role = state.user?.role_name
  return {
    ...base,
    ok: true,
    status: state.status,
    ...(state.user ? { user: state.user.username } : {}),
    ...(role ? { role } : {}),
    ms: elapsed(),
  }
}

function messageOf(error: BridgeError, profile: PbxProfile): string {
  if (error.code === 'NOT_SIGNED_IN') return notSignedInText(profile)
  if (error.code === 'UNTRUSTED_CERTIFICATE' && error.certificate) {
    return `${error.message.replace(/\.$/, '')} (fingerprint ${error.certificate.fingerprint256}).`
  }
  return error.message
}

function details(result: PbxTestResult): string {
  if (!result.ok) return result.error?.message ?? 'failed'
  const who = `${result.user ?? ''}${result.role ? ` (${result.role})` : ''}`
  if (result.status === 'code_required') return `the password was accepted; the PBX asks for a one-time code by email at each sign-in (${result.ms} ms)`
  return `signed in as ${who} (${result.ms} ms)`
}
