import type { FeaturePlugin } from '../../feature-plugin';
import { createNewsDeskService } from './news-desk.service';
import { createNewsImageUploader } from './news-images';
import { newsPageRoutes } from './news-page.routes';
import { createNewsReaderService } from './news-reader.service';
import { createNewsListRepository } from './news-list.repository';
import { createNewsRepository } from './news.repository';
import { newsRoutes } from './news.routes';

/** The newsroom's API: readers' list and article, the editors' desk and picture upload; registered under /api. */
export const newsPlugin: FeaturePlugin = async (app, { ctx }) => {
  const news = createNewsRepository(ctx.dbRef);
  const lists = createNewsListRepository(ctx.dbRef);
  await app.register(newsRoutes, {
    reader: createNewsReaderService({ news, lists, clock: ctx.clock }),
    desk: createNewsDeskService({ news, lists, clock: ctx.clock, kick: () => ctx.outbox.kick() }),
    uploadImage: createNewsImageUploader({ news, storage: ctx.storage, clock: ctx.clock }),
  });
};

/** An article's share page with its preview tags, and the RSS feed; registered at the root, outside /api. */
export const newsPagePlugin: FeaturePlugin = async (app, { ctx }) => {
  const lists = createNewsListRepository(ctx.dbRef);
  await app.register(newsPageRoutes, {
    reader: createNewsReaderService({ news: createNewsRepository(ctx.dbRef), lists, clock: ctx.clock }),
    lists,
    clock: ctx.clock,
    publicUrl: ctx.config.publicUrl,
    indexHtml: ctx.indexHtml,
  });
};
