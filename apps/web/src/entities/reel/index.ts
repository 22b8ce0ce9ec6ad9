// An incident reel's title and description: the fields and the body they send.
export { ReelTextFields, reelTextBody, type ReelText } from './reel-text-fields';
