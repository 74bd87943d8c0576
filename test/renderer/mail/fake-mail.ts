import { bridge, type PbxApi } from '@contract/bridge'
import type { EmailTemplateEntry, NotificationVariantName } from '@contract/bridge-mail'
import { EMAIL_TEMPLATE_NAMES, type EmailTemplate, type NotificationSettings } from '@contract/pbx'
import { fail, ok } from '../fake-pbx'

/**
 * The mail operations of `window.pbx` for renderer tests, as overrides for `createFakePbx`:
 * custom templates per PBX (only customised kinds are kept, as a PBX does), notification settings
 * per PBX with its variant, and the test emails "sent". Input is checked with the Bridge's own
 * schemas, so a body the contract refuses fails here as it would in main.
 */
export type MailFakeState = {
  /** the customised templates of each PBX (by profile id) */
  templates: Record<string, EmailTemplate[]>
  /** the notification settings of each PBX (by profile id; never a password) */
  settings: Record<string, NotificationSettings>
  /** the variant each PBX has (current unless set) */
  variants: Record<string, NotificationVariantName>
  /** the password last sent to each PBX (never answered back) */
  passwords: Record<string, string>
  /** PBXs that do not offer test emails */
  noTestEmail: Record<string, boolean>
  /** the test emails each PBX accepted */
  sent: { profileId: string; to: string }[]
  /** profile ids of the PBXs signed in (mail calls to others answer NOT_SIGNED_IN) */
  signedIn: Set<string>
}

export const seededTemplates = (): EmailTemplate[] => [
  { name: 'USER_CREATION', from: 'welcome@acme.example', subject: 'Welcome, {{user_name}}', body: 'Hello {{user_name}}, your extension is {{extension}}.' },
  { name: 'VOICEMAIL_RECEIVED', from: 'voicemail@acme.example', subject: 'Voicemail from {{caller}}', body: '<p>New message from <b>{{caller}}</b> for {{user_name}}.</p><script>alert(1)</script>' },
]

export const seededSettings = (): NotificationSettings => ({
  type: 'SMTP',
  server: 'smtp.acme.example',
  port: 587,
  reply_to: 'noreply@acme.example',
  username: 'alerts@acme.example',
  auth: 'AUTO',
  enable_tls_ssl: true,
  enable_starttls_auto: true,
  recipients: 'ops@acme.example, boss@acme.example',
  enable_tenant_access: true,
  hard_disk_threshold: 90,
  cpu_threshold: 80,
  memory_threshold: 85,
  notify_hard_disk_exceeded_threshold: true,
  notify_cpu_exceeded_threshold: false,
  notify_memory_exceeded_threshold: false,
  notify_ip_blocked: true,
  notify_license_limited: false,
  notify_service_disconnected: false,
  notify_push_certs_update_failed: false,
})

/** The older variant of the same settings: no type, no tenant access, auth LOGIN. */
export const legacySettings = (): NotificationSettings => {
  const { type: _type, enable_tenant_access: _access, ...rest } = seededSettings()
  return { ...rest, auth: 'LOGIN' }
}

const invalid = (issues: readonly { path: PropertyKey[]; message: string }[]) => {
  const problem = issues[0]
  const field = (problem?.path ?? []).map(String).join('.')
  return fail('INVALID_INPUT', `${field}: ${problem?.message ?? 'is not valid'}`, { field })
}

export function createMailFake(initial: Partial<MailFakeState> = {}) {
  const state: MailFakeState = {
    templates: {},
    settings: {},
    variants: {},
    passwords: {},
    noTestEmail: {},
    sent: [],
    signedIn: new Set(),
    ...initial,
  }
  const notSignedIn = () => fail('NOT_SIGNED_IN', 'Sign in to this PBX first.')
  const entriesOf = (profileId: string): EmailTemplateEntry[] =>
    EMAIL_TEMPLATE_NAMES.map((name) => {
      const template = state.templates[profileId]?.find((t) => t.name === name)
      return template ? { name, customised: true, template: structuredClone(template) } : { name, customised: false }
    })
  const saveOn = (profileId: string, name: EmailTemplate['name'], fields: Omit<EmailTemplate, 'name'>) => {
    const list = (state.templates[profileId] ??= [])
    const existing = list.find((t) => t.name === name)
    if (existing) Object.assign(existing, Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)))
    else list.push({ name, from: 'noreply@pbx.example', subject: `Default ${name}`, body: 'Default body', ...fields })
    return { created: !existing, entry: entriesOf(profileId).find((e) => e.name === name)! }
  }

  const operations: Pick<
    PbxApi,
    'listEmailTemplates' | 'saveEmailTemplate' | 'copyEmailTemplate' | 'getNotificationSettings' | 'saveNotificationSettings' | 'sendTestEmail'
  > = {
    listEmailTemplates: async ({ profileId }) => (state.signedIn.has(profileId) ? ok(entriesOf(profileId)) : notSignedIn()),
    saveEmailTemplate: async (input) => {
      const checked = bridge.saveEmailTemplate.input.safeParse(input)
      if (!checked.success) return invalid(checked.error.issues)
      const { profileId, name, template } = checked.data
      if (!state.signedIn.has(profileId)) return notSignedIn()
      return ok(saveOn(profileId, name, template).entry)
    },
    copyEmailTemplate: async ({ fromProfileId, toProfileId, name }) => {
      if (!state.signedIn.has(fromProfileId) || !state.signedIn.has(toProfileId)) return notSignedIn()
      const source = state.templates[fromProfileId]?.find((t) => t.name === name)
      if (!source) return fail('INVALID_INPUT', `name: there is nothing to copy: ${name} is not customised on this PBX.`, { field: 'name' })
      const { name: _name, ...fields } = source
      return ok(saveOn(toProfileId, name, fields))
    },
    getNotificationSettings: async ({ profileId }) => {
      if (!state.signedIn.has(profileId)) return notSignedIn()
      return ok({ variant: state.variants[profileId] ?? 'current', settings: structuredClone(state.settings[profileId] ?? {}) })
    },
    saveNotificationSettings: async (input) => {
      const checked = bridge.saveNotificationSettings.input.safeParse(input)
      if (!checked.success) return invalid(checked.error.issues)
      const { profileId, variant, settings } = checked.data
      if (!state.signedIn.has(profileId)) return notSignedIn()
      const has = state.variants[profileId] ?? 'current'
      if (variant !== has) return fail('INVALID_INPUT', `variant: this PBX has the ${has === 'legacy' ? 'older' : 'current'} notification settings; reload the form.`, { field: 'variant' })
      const { password, ...rest } = settings
      if (password !== undefined) state.passwords[profileId] = password
      state.settings[profileId] = { ...state.settings[profileId], ...rest }
      return ok({ variant, settings: structuredClone(state.settings[profileId]) })
    },
    sendTestEmail: async ({ profileId, to }) => {
      if (!state.signedIn.has(profileId)) return notSignedIn()
      if (state.noTestEmail[profileId]) {
        return fail('NOT_SUPPORTED', 'This PBX does not offer test emails (POST /api/admin/notification/test_email).', { status: 404 })
      }
      state.sent.push({ profileId, to })
      return ok({ sent: true as const })
    },
  }
  return { state, operations }
}
