export { detectImageType, type ImageType } from './detect';
export { ImageRejectedError, processImage, type ProcessedImage } from './process';
