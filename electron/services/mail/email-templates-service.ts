import type { EmailTemplateEntry } from '../../contract/bridge-mail'
import { EMAIL_TEMPLATE_KINDS, templateKindText } from '../../contract/email-placeholders'
import { EMAIL_TEMPLATE_NAMES, type EmailTemplate, type EmailTemplateName, type EmailTemplateUpdate } from '../../contract/pbx'
import { ServiceError } from '../errors'
import type { PbxCaller } from '../pbx-client/caller'
import { createEmailTemplatesClient, type EmailTemplatesClient } from '../pbx-client/email-templates'

/**
 * Custom email templates of a tenant (seed 2.6, 4.5). The PBX holds only the kinds that were
 * customised; the others it sends with its default. So the list is the 14 kinds, each marked
 * customised or not, and saving a kind creates it (POST, 201) when the PBX has none of it yet and
 * updates it (POST on the name, 200) otherwise; which one is decided by reading the kind first.
 */

export type TemplateFields = Omit<EmailTemplateUpdate, 'id'>

export interface EmailTemplatesService {
  list(profileId: string): Promise<EmailTemplateEntry[]>
  /** creates or updates the kind, then answers it as the PBX reads it back; `created` says which */
  save(profileId: string, name: EmailTemplateName, template: TemplateFields): Promise<{ created: boolean; entry: EmailTemplateEntry }>
  copy(fromProfileId: string, toProfileId: string, name: EmailTemplateName): Promise<{ created: boolean; entry: EmailTemplateEntry }>
}

const isStatus = (error: unknown, status: number): error is ServiceError =>
  error instanceof ServiceError && error.code === 'PBX_ERROR' && error.status === status

const entryOf = (name: EmailTemplateName, template: EmailTemplate | undefined): EmailTemplateEntry =>
  template ? { name, customised: true, template } : { name, customised: false }

/** The kind's template on the PBX, or undefined when it is not customised there (404). */
async function find(client: EmailTemplatesClient, name: EmailTemplateName): Promise<EmailTemplate | undefined> {
  try {
    return await client.get(name)
  } catch (error) {
    if (isStatus(error, 404)) return undefined
    throw error
  }
}

/** Only the fields given (the PBX keeps or defaults the others). */
function fieldsOf(template: TemplateFields | EmailTemplate): TemplateFields {
  const out: TemplateFields = {}
  if (template.from !== undefined) out.from = template.from
  if (template.subject !== undefined) out.subject = template.subject
  if (template.body !== undefined) out.body = template.body
  return out
}

export function createEmailTemplatesService(callerOf: (profileId: string) => Promise<PbxCaller>): EmailTemplatesService {
  const clientOf = async (profileId: string) => createEmailTemplatesClient(await callerOf(profileId))

  async function saveWith(client: EmailTemplatesClient, name: EmailTemplateName, template: TemplateFields) {
    const fields = fieldsOf(template)
    let created = false
    if ((await find(client, name)) === undefined) {
      try {
        await client.create({ name, ...fields })
        created = true
      } catch (error) {
        // someone customised the kind since it was read: it is an update after all
        if (!isStatus(error, 409)) throw error
        await client.update(name, fields)
      }
    } else {
      await client.update(name, fields)
    }
    const readBack = await find(client, name)
    if (readBack === undefined) {
      throw new ServiceError('PBX_ERROR', `The PBX accepted the ${templateKindText(name)} template but does not answer it when read back. Reload the list.`)
    }
    return { created, entry: entryOf(name, readBack) }
  }

  return {
    async list(profileId) {
      const { items } = await (await clientOf(profileId)).list()
      const byName = new Map(items.map((template) => [template.name, template]))
      return EMAIL_TEMPLATE_NAMES.map((name) => entryOf(name, byName.get(name)))
    },

    async save(profileId, name, template) {
      return saveWith(await clientOf(profileId), name, template)
    },

    async copy(fromProfileId, toProfileId, name) {
      if (fromProfileId === toProfileId) {
        throw new ServiceError('INVALID_INPUT', 'toProfileId: choose another PBX to copy to; this is the PBX the template comes from.', {
          field: 'toProfileId',
        })
      }
      const source = await find(await clientOf(fromProfileId), name)
      if (source === undefined) {
        throw new ServiceError(
          'INVALID_INPUT',
          `name: there is nothing to copy: the ${EMAIL_TEMPLATE_KINDS[name].title} template (${name}) is not customised on this PBX; it sends the PBX's default.`,
          { field: 'name' },
        )
      }
      return saveWith(await clientOf(toProfileId), name, fieldsOf(source))
    },
  }
}
