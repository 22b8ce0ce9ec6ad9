import type { FeaturePlugin } from '../../feature-plugin';
import { createScreenshotStore } from './feedback-form';
import { createFeedbackNotifier } from './feedback.notify';
import { createFeedbackRepository } from './feedback.repository';
import { feedbackRoutes } from './feedback.routes';
import { createFeedbackService } from './feedback.service';

/** Feedback tickets and the admins' inbox; registered under /api. */
export const feedbackPlugin: FeaturePlugin = async (app, { ctx }) => {
  const feedback = createFeedbackRepository(ctx.dbRef);
  await app.register(feedbackRoutes, {
    feedback: createFeedbackService({
      feedback,
      screenshots: createScreenshotStore({ storage: ctx.storage, clock: ctx.clock }),
      notifier: createFeedbackNotifier({ feedback, notifications: ctx.notifications, log: ctx.log }),
      clock: ctx.clock,
    }),
  });
};
