import type { AppContext, FeaturePlugin } from '../../feature-plugin';
import { createUsersRepository, createUsersService, type UsersService } from '../users';
import { createAuthRepository } from './auth.repository';
import { authRoutes } from './auth.routes';
import { createAuthService } from './auth.service';
import { createLoginChallenges } from './login-challenges';

/** OTP login, logout and sessions; registered under /api. The auth hook itself is plugins/app/auth.ts. */
export const authPlugin: FeaturePlugin = async (app, { ctx }) => {
  authRoutes(app, { auth: authServiceOf(ctx), cookie: ctx.cookie });
};

/** The login's code machinery (limits, SMS, sessions) on the app's settings; other features confirm with it too. */
export function authServiceOf(ctx: AppContext, users: UsersService = createUsersService(createUsersRepository(ctx.dbRef), ctx.clock)) {
  return createAuthService({
    auth: createAuthRepository(ctx.dbRef),
    sessions: ctx.sessions,
    users,
    sms: ctx.sms,
    clock: ctx.clock,
    secret: ctx.secrets.authSecret,
    sessionTtlDays: ctx.config.sessionTtlDays,
    codesPerIpPerHour: ctx.config.otpCodesPerIpPerHour,
    challenges: createLoginChallenges(ctx.secrets.authSecret),
    log: ctx.log,
  });
}
