import type { BuiltInRole, Capability } from '../contract/pbx'

/** Role → capabilities (README "Roles and capabilities"). Roles without a demo account have none. */
export const ROLE_CAPABILITIES: Record<BuiltInRole, readonly Capability[]> = {
  SystemAdmin: ['ivr_servers:read', 'ivr_servers:write', 'notification:read', 'notification:write'],
  Admin: [
    'outbound_rules:read',
    'outbound_rules:write',
    'providers:read',
    'holidays:read',
    'dect_phones:read',
    'dect_phones:write',
    'users:read',
    'phones:read',
    'phones:write',
    'email_templates:read',
    'email_templates:write',
  ],
  OperationsAdmin: [],
  SiteAdmin: [],
  Dealer: [],
  StandardUser: [],
  StandardInternationalUser: [],
  QueueManager: [],
}

export const ROLE_IDS: Record<BuiltInRole, string> = {
  SystemAdmin: 'role-system-admin',
  OperationsAdmin: 'role-operations-admin',
  SiteAdmin: 'role-site-admin',
  Dealer: 'role-dealer',
  Admin: 'role-admin',
  StandardUser: 'role-standard-user',
  StandardInternationalUser: 'role-standard-international-user',
  QueueManager: 'role-queue-manager',
}

export const hasCapability = (role: BuiltInRole, capability: Capability): boolean =>
  ROLE_CAPABILITIES[role].includes(capability)
