import type { EmailTemplateName } from './pbx-resources'

/**
 * The 14 kinds of custom email template (seed 2.6) as a person reads them, with the placeholders
 * PBXs of this family fill in when they send each kind. The seed names the kinds but not their
 * placeholders; these are the ones this app offers in the editor (as chips) and fills with a
 * sample value in the preview. The PBX, not the app, replaces them when it sends a mail, so a
 * placeholder it does not know reaches the recipient as written.
 *
 * A placeholder is written `{{key}}`: lower-case letters, digits and `_` between double braces.
 */

export interface EmailPlaceholder {
  /** the name between the braces, e.g. `user_name` */
  key: string
  /** what the PBX puts there, in a few words */
  description: string
  /** what the preview shows in its place */
  sample: string
}

export interface EmailTemplateKind {
  name: EmailTemplateName
  /** a short human title, e.g. "New voicemail" */
  title: string
  /** when the PBX sends it */
  description: string
  /** the placeholders of this kind, the shared ones last */
  placeholders: readonly EmailPlaceholder[]
}

/** `{{key}}` */
export const placeholderText = (key: string): string => `{{${key}}}`

/** Finds every `{{key}}` (spaces inside the braces allowed) of a text. */
export const PLACEHOLDER_PATTERN = /\{\{\s*([a-z0-9_]+)\s*\}\}/g

const p = (key: string, description: string, sample: string): EmailPlaceholder => ({ key, description, sample })

/** In every kind: who the mail is from and when. */
const SHARED: readonly EmailPlaceholder[] = [
  p('company', "the tenant's name", 'Demo Company'),
  p('pbx_url', "the address of the PBX's web portal", 'https://pbx.demo.example'),
  p('date_time', 'when it happened (date and time of the PBX)', '2025-03-14 09:41'),
]

const userName = p('user_name', "the user's full name", 'Anna Schmidt')
const extension = p('extension', "the user's extension number", '1001')
const caller = p('caller', "the caller's number", '+49 30 1234567')
const callerName = p('caller_name', "the caller's name, when the PBX knows it", 'Max Mustermann')
const queue = p('queue', 'the name of the call queue', 'Sales')
const queueNumber = p('queue_number', 'the extension of the call queue', '8000')
const trunk = p('trunk', 'the name of the trunk (SIP provider)', 'Telco One')

const kind = (name: EmailTemplateName, title: string, description: string, own: readonly EmailPlaceholder[]): EmailTemplateKind => ({
  name,
  title,
  description,
  placeholders: [...own, ...SHARED],
})

/** Every kind, in the seed's order. */
export const EMAIL_TEMPLATE_KINDS: Readonly<Record<EmailTemplateName, EmailTemplateKind>> = {
  USER_CREATION: kind('USER_CREATION', 'New user account', 'to a user whose account was just created', [
    userName,
    extension,
    p('username', 'the name the user signs in with', '1001'),
    p('email', "the user's email address", 'anna.schmidt@demo.example'),
    p('password_link', 'the link where the user sets a password', 'https://pbx.demo.example/set-password?token=…'),
  ]),
  QUEUE_CALL_LOST: kind('QUEUE_CALL_LOST', 'Queue call lost', 'when a caller hangs up in a queue before anyone answers', [
    queue,
    queueNumber,
    caller,
    callerName,
    p('wait_time', 'how long the caller waited', '2 min 35 s'),
  ]),
  QUEUE_SLA: kind('QUEUE_SLA', 'Queue service level missed', 'when a queue answers fewer calls in time than its service level asks', [
    queue,
    queueNumber,
    p('sla_seconds', 'the answer time the service level asks for, in seconds', '20'),
    p('sla_percent', 'the share of calls answered in that time', '72 %'),
    p('waiting_calls', 'the calls waiting at that moment', '6'),
  ]),
  QUEUE_CALLBACK: kind('QUEUE_CALLBACK', 'Queue callback requested', 'when a caller in a queue asks to be called back', [
    queue,
    queueNumber,
    caller,
    callerName,
  ]),
  QUEUE_CALLBACK_FAILED: kind('QUEUE_CALLBACK_FAILED', 'Queue callback failed', 'when the PBX could not reach a caller who asked for a callback', [
    queue,
    queueNumber,
    caller,
    callerName,
    p('attempts', 'how many times the PBX tried', '3'),
  ]),
  VOICEMAIL_RECEIVED: kind('VOICEMAIL_RECEIVED', 'New voicemail', "to a user when a caller leaves a message in the user's mailbox", [
    userName,
    extension,
    caller,
    callerName,
    p('duration', 'the length of the message', '0:42'),
  ]),
  CALL_REPORT_COMPLETED: kind('CALL_REPORT_COMPLETED', 'Call report ready', 'when a scheduled call report has been made', [
    userName,
    p('report_name', 'the name of the report', 'Weekly calls by queue'),
    p('period', 'the time the report covers', '3–9 March 2025'),
    p('report_link', 'where to download the report', 'https://pbx.demo.example/reports/42'),
  ]),
  DISK_LOW: kind('DISK_LOW', 'Disk space low', "when the PBX's disk is fuller than its threshold", [
    p('disk_usage', 'how full the disk is', '91 %'),
    p('disk_free', 'the space left', '4.2 GB'),
    p('threshold', 'the threshold set in the notification settings', '90 %'),
    p('server', 'the host name of the PBX', 'pbx.demo.example'),
  ]),
  EMERGENCY_CALL: kind('EMERGENCY_CALL', 'Emergency call made', 'when someone dials an emergency number', [
    userName,
    extension,
    p('number', 'the emergency number dialled', '112'),
    p('location', 'where the phone is, as set on the PBX', 'Building A, 2nd floor'),
  ]),
  LICENSE_LIMITED: kind('LICENSE_LIMITED', 'License limit reached', "when the PBX's license does not cover what is in use", [
    p('license_item', 'what the license limits', 'concurrent calls'),
    p('license_limit', 'what the license allows', '32'),
    p('license_used', 'what is in use', '32'),
  ]),
  RECHARGE: kind('RECHARGE', 'Recharge your account', 'when the prepaid call credit runs low', [
    p('balance', 'the credit left', '€ 4.80'),
    p('recharge_threshold', 'the credit below which this mail is sent', '€ 5.00'),
    p('recharge_link', 'where to add credit', 'https://pbx.demo.example/billing'),
  ]),
  CONFERENCE_INVITATION: kind('CONFERENCE_INVITATION', 'Conference invitation', 'to the people invited to a conference', [
    p('conference_name', 'the name of the conference', 'Monday planning'),
    p('organizer', 'who invites', 'Anna Schmidt'),
    p('start_time', 'when it starts', '2025-03-17 10:00'),
    p('conference_number', 'the number to dial in', '8500'),
    p('pin', 'the PIN to join', '4711'),
  ]),
  TRUNK_CONNECTED: kind('TRUNK_CONNECTED', 'Trunk connected', 'when a trunk registers again', [trunk, p('server', 'the host name of the PBX', 'pbx.demo.example')]),
  TRUNK_DISCONNECTED: kind('TRUNK_DISCONNECTED', 'Trunk disconnected', 'when a trunk loses its registration', [
    trunk,
    p('reason', 'why, as the PBX saw it', '408 Request Timeout'),
    p('server', 'the host name of the PBX', 'pbx.demo.example'),
  ]),
}

/** The placeholders of a kind. */
export const placeholdersOf = (name: EmailTemplateName): readonly EmailPlaceholder[] => EMAIL_TEMPLATE_KINDS[name].placeholders

/** "New voicemail (VOICEMAIL_RECEIVED)" */
export const templateKindText = (name: EmailTemplateName): string => `${EMAIL_TEMPLATE_KINDS[name].title} (${name})`

/**
 * `text` with each placeholder of the kind replaced by its sample value (the preview). Unknown
 * placeholders stay as written, as a PBX would leave them.
 */
export function fillSamples(text: string, name: EmailTemplateName): string {
  const samples = new Map(placeholdersOf(name).map((placeholder) => [placeholder.key, placeholder.sample]))
  return text.replace(PLACEHOLDER_PATTERN, (whole, key: string) => samples.get(key) ?? whole)
}
