export { ImageRejectedError } from './errors';
export { processImage, type ImageSizes, type ProcessedImage } from './process';
