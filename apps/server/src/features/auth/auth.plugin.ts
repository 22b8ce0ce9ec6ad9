import type { FeaturePlugin } from '../../app-context';
import { createUsersRepository } from '../users/users.repository';
import { createUsersService } from '../users/users.service';
import { createAuthRepository } from './auth.repository';
import { authRoutes } from './auth.routes';
import { createAuthService } from './auth.service';

/** OTP login, logout and sessions; registered under /api. The auth hook itself is plugins/app/auth.ts. */
export const authPlugin: FeaturePlugin = async (app, { ctx }) => {
  const auth = createAuthService({
    auth: createAuthRepository(ctx.dbRef),
    sessions: ctx.sessions,
    users: createUsersService(createUsersRepository(ctx.dbRef), ctx.clock),
    sms: ctx.sms,
    clock: ctx.clock,
    secret: ctx.secrets.authSecret,
    sessionTtlDays: ctx.config.sessionTtlDays,
    codesPerIpPerHour: ctx.config.otpCodesPerIpPerHour,
    log: ctx.log,
  });
  authRoutes(app, { auth, cookie: ctx.cookie });
};
