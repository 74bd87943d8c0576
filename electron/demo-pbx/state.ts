import { randomBytes } from 'node:crypto'
import type {
  BuiltInRole,
  DectInterface,
  EmailTemplateName,
  Holiday,
  IvrType,
  NotificationAuth,
  NotificationType,
  OfficeHours,
  Provider,
  RoutingStrategy,
  Transport,
} from '../contract/pbx'

/** Everything the demo PBX knows: tenants, users, sessions and the data of each resource. */

export type NotificationVariant = 'current' | 'legacy'

export interface DemoOptions {
  tokenTtl: number
  refreshTtl: number
  notificationVariant: NotificationVariant
  /** a member list's 409 names the item and the base (true), or only says there is a clash */
  conflictsNamed: boolean
}

export interface User {
  id: string
  username: string
  password: string
  email: string
  role: BuiltInRole
  /** null for the system administrator */
  tenant: Tenant | null
  /** signs in with a one-time code mailed after the password (README "Two-factor sign-in") */
  twoFactor?: boolean
  /** must set a new password before working (GET /api/auth/user: password_force_reset) */
  forceReset?: boolean
}

export interface StoredRoute {
  enabled: boolean
  provider_id: string
  strip_digits: number
  prepend: string
  outbound_caller_id: string
}

export interface StoredRule {
  id: string
  name: string
  number_prefix: string
  number_length: string
  number_mask: string
  enabled: boolean
  priority: number
  office_hours: Required<OfficeHours>
  holidays: string[]
  routing_strategy: RoutingStrategy
  routes: StoredRoute[]
  created: number
}

export interface StoredTemplate {
  name: EmailTemplateName
  from: string
  subject: string
  body: string
}

export interface StoredPhone {
  id: string
  name: string
  mac: string
  template: string
  vendor: string
  model: string
  password?: string
  user_password?: string
  engineer_password?: string
  timezone?: string
  region?: string
  language?: string
  handset_language?: string
  tone?: string
  rps: boolean
  https: boolean
  codecs: string[]
  lines: number
  interface: DectInterface
  preferred_transport: Transport
  /** the handsets enrolled on this base (README "DECT members") */
  members: StoredMember[]
  /** set once the base fetched its configuration file (README "Provisioned phones") */
  seen?: { ip: string; fwver: string; fetches: number; at: number }
  /** re-provision and reboot requests received for this base */
  reprovisions: number
  reboots: number
}

export interface StoredMember {
  extension_number: string
  /** 10 upper-case hex digits */
  ipui: string
  handset_index: number
}

/** A user of a tenant's directory (`GET /api/users`), who owns an extension. */
export interface ExtensionUser {
  id: string
  name: string
  display_name: string
  extension_number: string
  email: string
  enabled: boolean
}

export interface Tenant {
  domain: string
  name: string
  website: string
  avatar_url: string
  idp: boolean
  providers: Provider[]
  holidays: Holiday[]
  rules: StoredRule[]
  templates: StoredTemplate[]
  phones: StoredPhone[]
  /** the tenant's users with their extensions (README "Users") */
  extensionUsers: ExtensionUser[]
  /** how many bases of the tenant have fetched their configuration (for their made-up IPs) */
  seenCount: number
}

export interface StoredIvr {
  id: string
  name: string
  enabled: boolean
  ipv4?: string
  ipv6?: string
  type: IvrType
}

export interface StoredNotification {
  type: NotificationType
  server: string
  port: number
  reply_to: string
  username: string
  password: string
  auth: NotificationAuth
  enable_tls_ssl: boolean
  enable_starttls_auto: boolean
  recipients: string
  enable_tenant_access: boolean
  hard_disk_threshold: number
  cpu_threshold: number
  memory_threshold: number
  notify_hard_disk_exceeded_threshold: boolean
  notify_cpu_exceeded_threshold: boolean
  notify_memory_exceeded_threshold: boolean
  notify_ip_blocked: boolean
  notify_license_limited: boolean
  notify_service_disconnected: boolean
  notify_push_certs_update_failed: boolean
}

/** A mail the PBX "sent" (README "Outbox"). */
export interface OutboxMail {
  kind: 'password_reset' | 'otp' | 'test_email'
  to: string
  domain: string
  username: string
  token?: string
  code?: string
  link?: string
  subject: string
  body: string
  at: string
}

/** A re-provision or reboot a phone was asked for (README "Provisioned phones"), for tests to read. */
export interface PhoneActionRecord {
  /** the tenant's domain */
  domain: string
  /** the phone's MAC, 12 upper-case hex digits */
  mac: string
  action: 'reprovision' | 'reboot'
  at: string
}

export interface Session {
  id: string
  user: User
  kind: 'bearer' | 'cookie'
  refreshToken: string | undefined
  refreshExpiresAt: number
  /** access tokens issued for this session (all stop working when it ends) */
  accessTokens: Set<string>
  /** the newest access token (the cookie session answers it at GET /api/login) */
  currentAccess: string | undefined
  ended: boolean
}

export interface AccessToken {
  token: string
  session: Session
  expiresAt: number
}

export interface RecoveryFlow {
  /** a password recovery, or the second step of a two-factor sign-in */
  purpose: 'recovery' | 'sign_in'
  token: string
  user: User
  expiresAt: number
  code: string | undefined
  wrongCodes: number
  verified: boolean
  ended: boolean
}

/**
 * A one-time code of the identity provider's authorization page (README "Identity provider"):
 * bound to the user who signed in and the redirect_uri it was sent to; it works once.
 */
export interface IdpCode {
  code: string
  user: User
  redirectUri: string
  expiresAt: number
  /** presented once at the token endpoint already (whatever the outcome) */
  used: boolean
  /** the session the code opened; a second use of the code ends it (RFC 6749, section 4.1.2) */
  session: Session | undefined
}

/** System metadata of GET /api/info (README "System metadata"). */
export const SYSTEM_INFO = {
  web_domain: 'pbx.demo.example',
  private_ipv4: '192.168.1.10',
  public_ipv4: '203.0.113.10',
  enable_ipv6: true,
  private_ipv6: 'fd00::10',
  public_ipv6: '2001:db8::10',
  primary_dns_server: '192.168.1.1',
  secondary_dns_server: '9.9.9.9',
  enable_dataflow: false,
} as const

export const SBC_DOMAIN = 'sbc.pbx.demo.example'

export class DemoState {
  readonly options: DemoOptions
  readonly tenants: Tenant[] = []
  readonly users: User[] = []
  readonly ivrServers: StoredIvr[] = []
  notification: StoredNotification
  readonly outbox: OutboxMail[] = []
  /** every re-provision and reboot answered 200, oldest first */
  readonly phoneActions: PhoneActionRecord[] = []
  readonly sessions = new Map<string, Session>()
  readonly accessTokens = new Map<string, AccessToken>()
  readonly refreshTokens = new Map<string, Session>()
  /** every access and refresh token ever handed out, for tests that look for leaked secrets */
  readonly issuedTokens: string[] = []
  readonly recoveries = new Map<string, RecoveryFlow>()
  /** the identity provider's one-time authorization codes, by code */
  readonly idpCodes = new Map<string, IdpCode>()
  /** the server's own address, set once it listens (used in identity-provider links) */
  baseUrl = ''
  private counters = new Map<string, number>()
  private clock = 0

  constructor(options: DemoOptions, notification: StoredNotification) {
    this.options = options
    this.notification = notification
  }

  /** A new id `<prefix>-<n>`, unique across tenants. */
  nextId(prefix: string): string {
    const n = (this.counters.get(prefix) ?? 0) + 1
    this.counters.set(prefix, n)
    return `${prefix}-${n}`
  }

  /** A strictly increasing number for creation order. */
  tick(): number {
    return ++this.clock
  }

  tenantByDomain(domain: string): Tenant | undefined {
    const d = domain.toLowerCase()
    return this.tenants.find((t) => t.domain.toLowerCase() === d)
  }

  now(): number {
    return Date.now()
  }
}

/** An opaque random token. */
export const randomToken = (bytes = 24): string => randomBytes(bytes).toString('base64url')
