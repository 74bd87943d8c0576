import type { BridgeHandlers } from '../../contract/bridge'
import type { ProfileStore } from '../profiles/profile-store'
import type { createDemoService } from './demo-service'

/**
 * The demo's own notice of a two-factor sign-in ("Demo PBX: the code is …"): the demo mails its
 * one-time codes to an outbox nobody reads, so the app shows the code it holds there. Only for the
 * saved PBX the app made for its built-in demo (`demo: true`) while that demo runs at its address:
 * never for a real PBX, nor for any other saved PBX, even one pointing at the same demo server.
 */
export function createDemoSignInCode(deps: { profiles: ProfileStore; demo: Pick<ReturnType<typeof createDemoService>, 'signInCode'> }): Pick<BridgeHandlers, 'demoSignInCode'> {
  return {
    async demoSignInCode({ profileId, as }) {
      const profile = await deps.profiles.get(profileId)
      if (!profile.demo) return null
      // the entry's own sign-in, or its second one as the system administrator (no tenant domain)
      const [username, domain] = as === 'system' ? [profile.systemAdmin?.username, ''] : [profile.username, profile.domain]
      if (username === undefined) return null
      const code = await deps.demo.signInCode(profile.baseUrl, username, domain)
      return code === null ? null : { code }
    },
  }
}
