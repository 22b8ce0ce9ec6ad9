export { ModerationDeskPage } from './moderation-desk-page';
export { MyDecisionsPage } from './my-decisions-page';
