import type { BuiltInRole, Holiday } from '../contract/pbx'
import { DEFAULT_CODECS, DECT_MODELS } from './dect-catalog'
import { defaultTemplate } from './resources/email-templates'
import { fullOfficeHours } from './resources/outbound-rules'
import type { DemoState, StoredNotification, StoredPhone, Tenant } from './state'

/** The demo accounts and the seed data of README "Accounts" and "Seed data". */

export interface DemoAccount {
  username: string
  password: string
  /** the tenant's SIP domain; empty for the system administrator */
  domain: string
  role: BuiltInRole
  /** signs in with a one-time code from the outbox after the password */
  twoFactor?: boolean
  /** must set a new password (through the recovery flow) before working */
  forceReset?: boolean
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { username: 'admin', password: 'admin', domain: '', role: 'SystemAdmin' },
  { username: 'manager', password: 'manager', domain: 'demo.pbx.example', role: 'Admin' },
  { username: '1001', password: '1001', domain: 'demo.pbx.example', role: 'StandardUser' },
  { username: 'manager', password: 'manager', domain: 'other.pbx.example', role: 'Admin' },
  { username: 'installer', password: 'installer', domain: 'demo.pbx.example', role: 'Admin', twoFactor: true },
  { username: 'trainee', password: 'trainee', domain: 'demo.pbx.example', role: 'Admin', forceReset: true },
]

const emptyTenant = (domain: string, name: string, idp: boolean): Tenant => ({
  domain,
  name,
  website: `https://www.${domain}`,
  avatar_url: `files/avatars/${domain}.png`,
  idp,
  providers: [],
  holidays: [],
  rules: [],
  templates: [],
  phones: [],
  extensionUsers: [],
  seenCount: 0,
})

const emptyNotification = (legacy: boolean): StoredNotification => ({
  type: 'SMTP',
  server: '',
  port: 587,
  reply_to: '',
  username: '',
  password: '',
  auth: legacy ? 'LOGIN' : 'AUTO',
  enable_tls_ssl: true,
  enable_starttls_auto: true,
  recipients: '',
  enable_tenant_access: true,
  hard_disk_threshold: 90,
  cpu_threshold: 90,
  memory_threshold: 90,
  notify_hard_disk_exceeded_threshold: false,
  notify_cpu_exceeded_threshold: false,
  notify_memory_exceeded_threshold: false,
  notify_ip_blocked: false,
  notify_license_limited: false,
  notify_service_disconnected: false,
  notify_push_certs_update_failed: false,
})

export const initialNotification = (legacy: boolean, seed: boolean): StoredNotification =>
  seed
    ? {
        ...emptyNotification(legacy),
        server: 'smtp.demo.example',
        port: 587,
        username: 'alerts@demo.example',
        password: 'smtp-secret',
        reply_to: 'noreply@demo.example',
        recipients: 'it@demo.example',
        notify_hard_disk_exceeded_threshold: true,
      }
    : emptyNotification(legacy)

const holiday = (state: DemoState, name: string, month: number, dayStart: number, dayEnd: number): Holiday => ({
  id: state.nextId('holiday'),
  name,
  every_year: true,
  consecutive: dayEnd > dayStart,
  year_start: 2020,
  year_end: 2099,
  month_start: month,
  month_end: month,
  day_start: dayStart,
  day_end: dayEnd,
  hour_start: 0,
  hour_end: 23,
  minute_start: 0,
  minute_end: 59,
})

const phone = (state: DemoState, name: string, mac: string, model: string): StoredPhone => {
  const m = DECT_MODELS.find((x) => x.model === model)
  if (!m) throw new Error(`seed data: unknown DECT model ${model}`)
  return {
    id: state.nextId('dect'),
    name,
    mac,
    template: m.template,
    vendor: m.vendor,
    model: m.model,
    password: 'phone-admin',
    timezone: 'Europe/Berlin',
    region: 'Germany',
    language: 'ENGLISH',
    handset_language: 'ENGLISH',
    rps: false,
    https: true,
    codecs: [...DEFAULT_CODECS],
    lines: m.lines,
    interface: 'WEB_DOMAIN',
    preferred_transport: 'UDP',
    members: [],
    reprovisions: 0,
    reboots: 0,
  }
}

const FIRST_NAMES = ['Anna', 'Ben', 'Clara', 'David', 'Emma', 'Felix', 'Greta', 'Hannah', 'Jonas', 'Lena', 'Max', 'Nora', 'Paul']
const LAST_NAMES = ['Becker', 'Fischer', 'Hoffmann', 'Koch', 'Meyer', 'Richter', 'Schmidt', 'Schulz', 'Wagner', 'Weber', 'Wolf']

/** Users with the extensions `from`..`to` and made-up names (README "Seed data"). */
const extensionUsers = (state: DemoState, tenant: Tenant, from: number, to: number): void => {
  for (let n = from; n <= to; n++) {
    const i = n - from
    const first = FIRST_NAMES[i % FIRST_NAMES.length] ?? 'Demo'
    const last = LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length] ?? 'User'
    tenant.extensionUsers.push({
      id: state.nextId('user'),
      name: String(n),
      display_name: `${first} ${last}`,
      extension_number: String(n),
      email: `${n}@${tenant.domain}`,
      enabled: true,
    })
  }
}

const route = (provider_id: string) => ({ enabled: true, provider_id, strip_digits: 0, prepend: '', outbound_caller_id: '' })

/** Fill a fresh state: accounts always, the seed data when `seed`. */
export const loadSeed = (state: DemoState, seed: boolean, users = 250): void => {
  const demo = emptyTenant('demo.pbx.example', 'Demo Company', true)
  const other = emptyTenant('other.pbx.example', 'Other Company', false)
  state.tenants.push(demo, other)
  state.users.push(
    { id: state.nextId('user'), username: 'admin', password: 'admin', email: 'admin@pbx.demo.example', role: 'SystemAdmin', tenant: null },
    { id: state.nextId('user'), username: 'manager', password: 'manager', email: 'manager@demo.pbx.example', role: 'Admin', tenant: demo },
    { id: state.nextId('user'), username: '1001', password: '1001', email: '1001@demo.pbx.example', role: 'StandardUser', tenant: demo },
    { id: state.nextId('user'), username: 'manager', password: 'manager', email: 'manager@other.pbx.example', role: 'Admin', tenant: other },
    { id: state.nextId('user'), username: 'installer', password: 'installer', email: 'installer@demo.pbx.example', role: 'Admin', tenant: demo, twoFactor: true },
    { id: state.nextId('user'), username: 'trainee', password: 'trainee', email: 'trainee@demo.pbx.example', role: 'Admin', tenant: demo, forceReset: true },
  )
  state.ivrServers.push({ id: state.nextId('ivr'), name: 'Built-in IVR', enabled: true, ipv4: '127.0.0.1', type: 'INTERNAL' })
  if (!seed) return

  state.ivrServers.push({ id: state.nextId('ivr'), name: 'Reception IVR', enabled: true, ipv4: '192.168.1.50', type: 'EXTERNAL' })

  const telcoOne = { id: state.nextId('provider'), name: 'Telco One' }
  const backup = { id: state.nextId('provider'), name: 'Backup SIP' }
  demo.providers.push(telcoOne, backup)
  demo.holidays.push(holiday(state, 'New Year', 1, 1, 1), holiday(state, 'Christmas', 12, 24, 26))
  const weekday = { enabled: true, ranges: [{ from: '08:00', to: '18:00' }] }
  const rule = (name: string, prefix: string, length: string, priority: number, routes: string[], hours = fullOfficeHours(undefined)) => ({
    id: state.nextId('rule'),
    name,
    number_prefix: prefix,
    number_length: length,
    number_mask: '',
    enabled: true,
    priority,
    office_hours: hours,
    holidays: [],
    routing_strategy: 'PRIORITIZED' as const,
    routes: routes.map(route),
    created: state.tick(),
  })
  demo.rules.push(
    rule('Local', '0', '10;11', 100, [telcoOne.id]),
    rule(
      'International',
      '00',
      '',
      200,
      [telcoOne.id, backup.id],
      fullOfficeHours({ mode: 'CUSTOM', monday: weekday, tuesday: weekday, wednesday: weekday, thursday: weekday, friday: weekday }),
    ),
    rule('Emergency', '112', '3', 1, [telcoOne.id, backup.id]),
  )
  demo.templates.push(
    { ...defaultTemplate('USER_CREATION'), subject: 'Welcome to Demo Company telephony', from: 'it@demo.pbx.example' },
    { ...defaultTemplate('VOICEMAIL_RECEIVED'), subject: 'New voicemail from {caller}', from: 'voicemail@demo.pbx.example' },
  )
  demo.phones.push(
    phone(state, 'Reception base', '805EC0A1B2C3', 'W70B'),
    phone(state, 'Warehouse base', '000413112233', 'M400'),
    phone(state, 'Office base', '7C2F80445566', 'N670'),
  )
  extensionUsers(state, demo, 1001, 1000 + users)
  demo.phones[0]?.members.push(
    { extension_number: '1001', ipui: '00092263DD', handset_index: 1 },
    { extension_number: '1002', ipui: '00092263DE', handset_index: 2 },
  )

  const otherTelco = { id: state.nextId('provider'), name: 'Other Telco' }
  other.providers.push(otherTelco)
  other.rules.push(rule('Other Local', '0', '', 100, [otherTelco.id]))
  extensionUsers(state, other, 2001, 2005)
}
