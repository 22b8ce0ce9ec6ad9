// A responder (a volunteer or a verified professional who answers an SOS): the `responders`
// namespace's labels and the responder's badge.
export { label, sceneStatusText, type LabelFamilies } from './labels';
export { ResponderBadge } from './responder-badge';
