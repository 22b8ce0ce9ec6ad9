export { createNewsDeliveryHandlers } from './news-delivery';
export { slugFromTitle } from './news-desk.service';
export { renderNewsMarkdown } from './news-markdown';
export { newsPagePlugin, newsPlugin } from './news.plugin';
