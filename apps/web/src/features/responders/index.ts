// Responders' public entry: what SOS mode shows a volunteer or professional who was alerted
// (the decline dialog, the scene panel and its actions). The account's volunteering tab loads
// the responder settings through lazy.ts; the review screen loads through app/routes.tsx.
// The labels, the badge and the scene's responders list are entities/responder.
export { DeclineDialog } from './decline-dialog';
export { sceneApi } from './queries';
export { ScenePanel } from './scene-panel';
