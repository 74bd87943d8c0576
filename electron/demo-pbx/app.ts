import { registerCookieLogin } from './auth/cookie-login'
import { registerIdentityProvider } from './auth/idp-provider'
import { registerOAuth } from './auth/oauth'
import { registerRecovery } from './auth/recovery'
import { registerSignIn } from './auth/sign-in'
import { registerDectPhones } from './resources/dect-phones'
import { registerEmailTemplates } from './resources/email-templates'
import { registerInfo } from './resources/info'
import { registerIvrServers } from './resources/ivr-servers'
import { registerNotification } from './resources/notification'
import { registerOutboundRules } from './resources/outbound-rules'
import { registerProvidersHolidays } from './resources/providers-holidays'
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
  registerNotification(router)
  registerProvidersHolidays(router)
  return router
}
