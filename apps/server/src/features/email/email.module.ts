import type { Core, FeatureModule } from '../../core.js'
import type { SignInService } from '../auth/sign-in.service.js'
import type { UsersService } from '../users/users.service.js'
import { createEmailAdminService } from './email-admin.service.js'
import { emailRoutes } from './email.routes.js'
import { resendRules } from './resend-rules.js'

/**
 * Email Administration: the mail log and resending. The mail queue itself is the core's; resending a sign-in link or
 * an invitation issues a new one through signing in or User Management.
 */
export function emailModule(core: Core, { signIn, usersService }: { signIn: SignInService; usersService: UsersService }): FeatureModule {
  const { email, audit, clock, users, config } = core
  const emailAdmin = createEmailAdminService({
    email,
    audit,
    clock,
    reissue: resendRules({
      sendSignIn: (recipient, client) => signIn.sendMagicLink(recipient, client),
      userIdByEmail: async (recipient) => (await users.findByEmail(recipient))?.user_id,
      resendInvitation: (userId, actor, client) => usersService.resendInvitation(userId, actor, client),
    }),
  })
  return {
    async routes(api) {
      await api.register(emailRoutes, { email, emailAdmin, clock, timeZone: config.districtTimeZone })
    },
  }
}
