import type { FeaturePlugin } from '../../feature-plugin';
import { createDocumentStore } from './responders-document';
import { createRespondersRepository } from './responders.repository';
import { respondersRoutes } from './responders.routes';
import { createRespondersService } from './responders.service';

/** Verified responders: requests, the reviewers' decisions and the badge; registered under /api. */
export const respondersPlugin: FeaturePlugin = async (app, { ctx }) => {
  await app.register(respondersRoutes, {
    responders: createRespondersService({
      responders: createRespondersRepository(ctx.dbRef),
      documents: createDocumentStore(ctx.privateStorage),
      notifications: ctx.notifications,
      clock: ctx.clock,
      log: ctx.log,
    }),
  });
};
