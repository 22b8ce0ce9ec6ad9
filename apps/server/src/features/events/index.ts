export { eventsPlugin } from './events.plugin';
