import { registerCookieLogin } from './auth/cookie-login'
import { registerIdentityProvider } from './auth/idp-provider'
import { registerOAuth } from './auth/oauth'
import { registerRecovery } from './auth/recovery'
import { registerSignIn } from './auth/sign-in'
import { registerDectMembers } from './resources/dect-members'
import { registerDectModels } from './resources/dect-models'
import { registerDectPhones } from './resources/dect-phones'
import { registerEmailTemplates } from './resources/email-templates'
import { registerInfo } from './resources/info'
import { registerIvrServers } from './resources/ivr-servers'
import { registerNotification } from './resources/notification'
import { registerOutboundRules } from './resources/outbound-rules'
import { registerPhones } from './resources/phones'
import { registerProvidersHolidays } from './resources/providers-holidays'
import { registerProvisioningFile } from './resources/provisioning-file'
import { registerUsers } from './resources/users'
import { Router } from './router'

/** Every route of the demo PBX. */
export const buildRouter = (): Router => {
  const router = new Router()
  registerInfo(router)
  registerSignIn(router)
  registerOAuth(router)
  registerIdentityProvider(router)
  registerCookieLogin(router)
  registerRecovery(router)
  registerOutboundRules(router)
  registerIvrServers(router)
  registerEmailTemplates(router)
  registerDectPhones(router)
  registerDectModels(router)
  registerDectMembers(router)
  registerUsers(router)
  registerPhones(router)
  registerProvisioningFile(router)
  registerNotification(router)
  registerProvidersHolidays(router)
  return router
}
