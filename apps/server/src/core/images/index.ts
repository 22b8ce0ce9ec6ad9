export { detectImageType, type ImageType } from './detect';
export { ImageRejectedError } from './errors';
export { processImage, type ProcessedImage } from './process';
