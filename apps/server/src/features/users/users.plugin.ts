import type { FeaturePlugin } from '../../feature-plugin';
import { createUsersRepository } from './users.repository';
import { usersRoutes } from './users.routes';
import { createUsersService } from './users.service';

/** The signed-in user's profile; registered under /api. */
export const usersPlugin: FeaturePlugin = async (app, { ctx }) => {
  usersRoutes(app, { users: createUsersService(createUsersRepository(ctx.dbRef), ctx.clock, ctx.scores) });
};
