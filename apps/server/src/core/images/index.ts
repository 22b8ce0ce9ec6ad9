export { ImageRejectedError } from './errors';
export { processImage, type ProcessedImage } from './process';
