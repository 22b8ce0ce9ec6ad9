// The news reader's public entry: what the newsroom's desk draws and reads as the reader does
// (article body typography, images, the breaking label, category names, query keys).
export { articleTypography } from './components/article-body';
export { ArticleImage } from './components/article-image';
export { BreakingLabel } from './components/breaking-label';
export { useCategoryNames } from './labels';
export { newsKeys } from './queries';
