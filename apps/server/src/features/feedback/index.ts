export { feedbackPlugin } from './feedback.plugin';
