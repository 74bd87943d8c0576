import {
  EmailTemplateCreateSchema,
  EmailTemplateListSchema,
  EmailTemplateNameSchema,
  EmailTemplateSchema,
  EmailTemplateUpdateSchema,
  type EmailTemplate,
  type EmailTemplateCreate,
  type EmailTemplateName,
  type EmailTemplateUpdate,
  type ItemsOf,
} from '../../contract/pbx'
import type { PbxCaller } from './caller'
import { parseBody } from './request'
import { checked } from '../validation'
import { createdId, destroyItem, itemPath, type CallOptions } from './resource'

/**
 * Custom email templates (seed 2.6, 4.5): `GET/POST /api/custom_email_templates` (the list has
 * no count and no paging: `{items}`), `GET/POST /api/custom_email_templates/{name}`. A template
 * is addressed by its name, one of the 14 kinds; a name outside them is refused before sending
 * (INVALID_INPUT, field `name`). Only customised kinds exist: `get` of a kind not customised
 * answers the PBX's 404 as PBX_ERROR.
 *
 * Optional: `POST /api/custom_email_templates/{name}/destroy` (204; the kind goes back to its
 * default): 404/405 → NOT_SUPPORTED, a 404 for a kind no longer customised → NOT_FOUND.
 */

const BASE = 'api/custom_email_templates'
const NAMES = { what: 'custom email template', plural: 'custom email templates', field: 'name' }

export interface EmailTemplatesClient {
  list(options?: CallOptions): Promise<ItemsOf<EmailTemplate>>
  get(name: EmailTemplateName, options?: CallOptions): Promise<EmailTemplate>
  /** answers the new template's id (its name on the demo PBX) */
  create(body: EmailTemplateCreate, options?: CallOptions): Promise<string>
  update(name: EmailTemplateName, body: EmailTemplateUpdate, options?: CallOptions): Promise<void>
  destroy(name: EmailTemplateName, options?: CallOptions): Promise<void>
}

/** The item path of a template; its name is checked against the 14 kinds first. */
const pathOf = (name: string): string => itemPath(BASE, checked(EmailTemplateNameSchema, name, 'name'), 'name')

export function createEmailTemplatesClient(caller: PbxCaller): EmailTemplatesClient {
  return {
    async list(options = {}) {
      const response = await caller.call(BASE, { signal: options.signal })
      return parseBody(EmailTemplateListSchema, response, 'GET /api/custom_email_templates')
    },
    async get(name, options = {}) {
      const response = await caller.call(pathOf(name), { signal: options.signal })
      return parseBody(EmailTemplateSchema, response, 'GET /api/custom_email_templates/{name}')
    },
    async create(body, options = {}) {
      checked(EmailTemplateCreateSchema, body)
      const response = await caller.call(BASE, { method: 'POST', json: body, signal: options.signal })
      return createdId(response, 'POST /api/custom_email_templates')
    },
    async update(name, body, options = {}) {
      const path = pathOf(name)
      checked(EmailTemplateUpdateSchema, body)
      await caller.call(path, { method: 'POST', json: body, signal: options.signal })
    },
    async destroy(name, options = {}) {
      pathOf(name)
      await destroyItem(caller, BASE, name, NAMES, options)
    },
  }
}
