import fs from 'node:fs/promises';
import path from 'node:path';
import type { EditorNewsArticle, NewsArticle, NewsImage } from '@saathi/shared';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, build } from '../../../test/build';
import { jpegWithGps, multipart } from '../../../test/uploads';
import { newsFixtures } from './news.fixtures';

const t = build();
const news = newsFixtures(t);
const editor = { id: 0, token: '' };
beforeAll(async () => {
  Object.assign(editor, await news.as(['editor']));
});

const upload = (token: string, form: ReturnType<typeof multipart>) =>
  t.app.inject({ method: 'POST', url: '/api/news/images', headers: { ...bearer(token), ...form.headers }, payload: form.payload });

const stored = (url: string) => fs.readFile(path.join(t.dataDir, 'media', url.replace(/^\/media\//, '')));

describe('article pictures', () => {
  it('resizes an upload to the article size and a 240x160 thumbnail, without metadata, for an article to use', async () => {
    const photo = await jpegWithGps(2400, 1600);
    const res = await upload(editor.token, multipart({}, [{ field: 'image', name: 'photo.jpg', type: 'image/jpeg', bytes: photo }]));
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json<NewsImage>();
    expect(image.imageUrl).toMatch(/^\/media\/news\/\d{4}\/\d{2}\/[0-9a-f]{24}\.jpg$/);
    const full = await sharp(await stored(image.imageUrl)).metadata();
    expect([full.format, full.width, full.height, full.exif]).toEqual(['jpeg', 1200, 800, undefined]);
    const thumb = await sharp(await stored(image.thumbnailUrl)).metadata();
    expect([thumb.width, thumb.height]).toEqual([240, 160]);

    const draft = await news.create(editor.token, { imageId: image.id, slug: 'with-a-picture' });
    expect(draft).toMatchObject({ imageId: image.id, imageUrl: image.imageUrl, thumbnailUrl: image.thumbnailUrl });
    await news.publish(editor.token, draft.id);
    expect((await news.call('GET', '/api/news/with-a-picture')).json<NewsArticle>()).toMatchObject({
      imageUrl: image.imageUrl,
      thumbnailUrl: image.thumbnailUrl,
    });
    const cleared = await news.call('PATCH', `/api/news/${draft.id}`, editor.token, { imageId: null });
    expect(cleared.json<EditorNewsArticle>()).toMatchObject({ imageId: null, imageUrl: null });
  });

  it('refuses what is not a picture, an empty form, and other fields', async () => {
    const text = await upload(editor.token, multipart({}, [{ field: 'image', name: 'a.jpg', type: 'image/jpeg', bytes: Buffer.from('not really a picture') }]));
    expect(text.statusCode).toBe(400);
    expect(text.json().error).toMatchObject({ code: 'image_rejected', field: 'image' });
    const empty = await upload(editor.token, multipart({}));
    expect(empty.json().error).toMatchObject({ code: 'empty_upload', field: 'image' });
    const note = await upload(editor.token, multipart({ note: 'hello' }));
    expect(note.json().error).toMatchObject({ code: 'validation_error', message: 'Unknown field: note', field: 'note' });
    const other = await upload(editor.token, multipart({}, [{ field: 'photo', name: 'a.jpg', type: 'image/jpeg', bytes: await jpegWithGps() }]));
    expect(other.json().error).toMatchObject({ code: 'validation_error', field: 'photo' });
    expect(await t.db.selectFrom('news_images').select('id').execute()).toHaveLength(1);
  });
});
