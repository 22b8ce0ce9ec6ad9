export { dataRightsPlugin } from './data-rights.plugin';
