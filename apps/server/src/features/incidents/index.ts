export { reelTextChange } from './incidents.repository';
export { incidentsPlugin } from './incidents.plugin';
export { toReelVideo } from './incidents.service';
export { reelUploadCheck } from './reel-upload-check';
