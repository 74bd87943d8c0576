import type { Argv, CommandModule } from 'yargs'
import { PbxProfileFieldsSchema, SIGN_IN_METHODS, type TrustedCertificate } from '../../contract/profiles'
import type { CertificateInfo } from '../../contract/result'
import { certificateLines, normalFingerprint } from '../certificate-text'
import { BridgeFailure, type CliContext, type OpenServices } from '../context'
import { CliError, EXIT, failedError, usageError } from '../exit-codes'
import { PROGRAM } from '../output'
import { passwordSource, type PasswordOptions } from '../password-input'
import { signedInAs, signInKeeping } from '../sign-in'
import { action, checkedArgs, jsonOption, savedPbxs, type BaseArgs } from './common'

export interface AddArgs extends BaseArgs, PasswordOptions {
  name: string
  url: string
  user: string
  domain: string
  signInMethod: string
  customer?: string
  group?: string
  tag?: string[]
  trustFingerprint?: string
  password?: unknown
}

/** Which option or argument each field of a saved PBX comes from, for bad-usage messages. */
const FLAGS = {
  label: '<name>',
  baseUrl: '--url',
  username: '--user',
  domain: '--domain',
  signInMethod: '--sign-in-method',
  customer: '--customer',
  group: '--group',
  tags: '--tag',
}

/** The password options of the commands that sign in (`pbx add`, `pbx sign-in`). */
export function passwordOptions<T>(yargs: Argv<T>) {
  return yargs
    .option('password-env', { type: 'string', describe: 'Read the password from this environment variable (its name, not the password)' })
    .option('password-stdin', { type: 'boolean', describe: 'Read the password from stdin (one line)' })
    .conflicts('password-env', 'password-stdin')
    .option('password', { type: 'string', hidden: true })
    .check((argv) => {
      if (argv.password !== undefined) {
        throw usageError('A password is never taken as an argument (shell history and the process list would keep it): use --password-env VAR, --password-stdin, or type it when asked.')
      }
      return true
    })
}

export function addCommand(ctx: CliContext): CommandModule<BaseArgs, AddArgs> {
  return {
    command: 'add <name>',
    describe: 'Save a PBX: check its address, sign in, keep the password in the keychain',
    builder: (yargs) =>
      passwordOptions(
        yargs
          .positional('name', { type: 'string', demandOption: true, describe: 'The name the PBX is shown and named by' })
          .option('url', { type: 'string', demandOption: true, describe: 'The PBX address, e.g. https://pbx.example.com:8887' })
          .option('user', { type: 'string', demandOption: true, describe: 'The user to sign in as' })
          .option('domain', { type: 'string', default: '', describe: "The tenant's SIP domain (leave out for the system administrator)" })
          .option('sign-in-method', { choices: SIGN_IN_METHODS, default: 'sign_in', describe: 'sign_in (the API sign-in) or oauth (OAuth 2.0 password grant)' })
          .option('customer', { type: 'string', describe: 'The customer the PBX belongs to' })
          .option('group', { type: 'string', describe: 'A group for the fleet overview (a region, a contract)' })
          .option('tag', { type: 'string', array: true, describe: 'A tag (repeat for several)' })
          .option('trust-fingerprint', {
            type: 'string',
            describe: "Trust the PBX's self-signed certificate with this SHA-256 fingerprint (printed when it is not trusted)",
          })
          .option('json', jsonOption),
      )
        .example(`PBX_PASSWORD=… $0 pbx add "Demo Company" --url https://pbx.example.com:8887 --user manager --domain demo.pbx.example --password-env PBX_PASSWORD`, 'Save a tenant PBX, the password from a variable')
        .example(`pass show pbx/acme | $0 pbx add Acme --url https://10.0.0.5 --user admin --password-stdin --trust-fingerprint AB:CD:…`, 'A system administrator, a self-signed certificate, the password from a pipe') as unknown as Argv<AddArgs>,
    handler: action(ctx, (argv) => add(ctx, argv)),
  }
}

async function add(ctx: CliContext, argv: AddArgs): Promise<void> {
  const { out } = ctx
  const fields = checkedArgs(
    PbxProfileFieldsSchema,
    {
      label: argv.name,
      baseUrl: argv.url,
      username: argv.user,
      domain: argv.domain,
      signInMethod: argv.signInMethod,
      ...(argv.customer !== undefined ? { customer: argv.customer } : {}),
      ...(argv.group !== undefined ? { group: argv.group } : {}),
      ...(argv.tag !== undefined ? { tags: argv.tag } : {}),
    },
    FLAGS,
  )
  const fingerprint = argv.trustFingerprint === undefined ? undefined : normalFingerprint(argv.trustFingerprint)
  const password = passwordSource(argv, `Password of ${fields.username} on ${fields.baseUrl}: `)
  const open = await ctx.open(argv, 'needed')
  const taken = (await savedPbxs(open)).find((profile) => profile.label.toLowerCase() === fields.label.toLowerCase())
  if (taken) throw usageError(`A PBX named "${taken.label}" is saved already (id ${taken.id}): choose another name, or remove that one first with \`${PROGRAM} pbx remove ${taken.id}\`.`)

  // said before the password is typed, as the app's form does
  open.warnPlainHttp([fields])
  const trustedCertificate = await checkAddress(open, fields.baseUrl, fields.domain, fingerprint, out)
  const typed = await password()
  const profile = await open.must('saveProfile', { fields, ...(trustedCertificate ? { trustedCertificate } : {}) })
  // stopped (Ctrl-C) while signing in: the PBX is not kept either
  const dropUndo = ctx.undoOnStop(() => open.call('removeProfile', { profileId: profile.id }))
  let state
  try {
    state = await signInKeeping(open, profile, typed, out)
    dropUndo()
  } catch (error) {
    dropUndo()
    // a PBX that cannot be signed in to is not kept: the command is all or nothing
    await open.call('removeProfile', { profileId: profile.id })
    if (error instanceof CliError && error.exitCode === EXIT.interrupted) throw error
    const why = error instanceof BridgeFailure ? error.error.message : error instanceof Error ? error.message : String(error)
    throw failedError(`Could not sign in to "${profile.label}", so it was not saved: ${why.replace(/\.$/, '')}. Check --user, --domain and the password, then run the command again.`)
  }
  const saved = (await savedPbxs(open)).find((p) => p.id === profile.id) ?? profile
  if (argv.json) {
    out.json({ profile: saved, session: state })
  } else {
    const kept = open.keychain.available ? 'the password is kept in the keychain' : 'the password was not kept'
    out.line(`Added "${saved.label}" (id ${saved.id}): signed in as ${signedInAs(state, saved)}; ${kept}.`)
  }
  if (!open.keychain.available) {
    out.note(`Warning: ${open.keychain.reason} Until a keychain answers, commands that sign in to "${saved.label}" will fail.`)
  }
}

/**
 * GET /api/info of the address before anything is saved, as the app's "Test connection" does.
 * A self-signed certificate is trusted only with the fingerprint the person compared: without
 * one, the certificate is printed with the command to trust it.
 */
async function checkAddress(
  open: OpenServices,
  baseUrl: string,
  domain: string,
  fingerprint: string | undefined,
  out: CliContext['out'],
): Promise<TrustedCertificate | undefined> {
  const first = await open.call('probePbx', { baseUrl, ...(domain ? { domain } : {}) })
  if (first.ok) {
    if (fingerprint) out.note(`Note: this computer trusts the certificate of ${baseUrl} already (or it is plain http), so --trust-fingerprint was not needed.`)
    return undefined
  }
  const certificate: CertificateInfo | undefined = first.error.certificate
  if (first.error.code !== 'UNTRUSTED_CERTIFICATE' || !certificate) {
    throw failedError(`${first.error.message.replace(/\.$/, '')}. Nothing was saved.`)
  }
  if (!fingerprint) {
    out.note(`The certificate of ${baseUrl} is not trusted by this computer:`)
    for (const line of certificateLines(certificate)) out.note(line)
    throw failedError(
      `Nothing was saved: compare the fingerprint with the one the PBX shows, and if they match run the command again with --trust-fingerprint ${certificate.fingerprint256}.`,
    )
  }
  if (fingerprint !== certificate.fingerprint256) {
    throw failedError(
      `The certificate of ${baseUrl} has the fingerprint ${certificate.fingerprint256}, not the one given to --trust-fingerprint: nothing was saved. Check the address, and ask whoever runs the PBX which certificate it presents.`,
    )
  }
  const again = await open.call('probePbx', { baseUrl, ...(domain ? { domain } : {}), trustedFingerprint256: fingerprint })
  if (!again.ok) throw failedError(`${again.error.message.replace(/\.$/, '')}. Nothing was saved.`)
  return { fingerprint256: certificate.fingerprint256, subject: certificate.subject, validTo: certificate.validTo }
}

