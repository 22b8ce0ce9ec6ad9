import { randomBytes } from 'node:crypto';
import { BUSINESS_CATEGORIES, CreatePostFields, LIMITS, type CommunityPost } from '@saathi/shared';
import { businessPostPlace } from './business-post-place';
import type { FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import type { Clock } from '../../core/clock';
import { ForbiddenError, PayloadTooLargeError, ValidationError } from '../../core/errors';
import { ImageRejectedError, processImage, type ProcessedImage } from '../../core/images';
import type { Storage } from '../../core/storage';
import type { CommunityAccess } from '../../domain/community-access';
import { formParts, formText, jsonFormField } from '../../plugins/app/multipart-form';
import { toCommunityPost } from './posts.mapper';
import { thumbnailKeyOf, type NewPost, type PostsRepository } from './posts.repository';
import { assertSelf } from '../../core/errors';
import type { PostsService } from './posts.service';
import type { UsageRepository } from './usage.repository';

export interface UploadLimits {
  imageMaxBytes: number;
  uploadMaxBytes: number;
}

/** Fields that travel as JSON text or 'true'/'false' in the form (SPEC.md's payload). */
const JSON_FIELDS = new Set(['location', 'tags']);
const BOOLEAN_FIELDS = new Set(['showLocation', 'isBusinessPost']);

export interface ParsedCreate {
  fields: Record<string, unknown>;
  files: Buffer[];
}

/** Reads the multipart body: text fields and up to 4 image files, within the size limits. */
export async function readCreateForm(request: FastifyRequest, limits: UploadLimits): Promise<ParsedCreate> {
  if (!request.isMultipart()) throw new ValidationError('Send the post as multipart/form-data');
  const fields: Record<string, unknown> = {};
  const files: Buffer[] = [];
  let total = 0;
  try {
    // The form of POST /posts/post-create in the contract: its fields each once, other text fields read and dropped.
    for await (const part of formParts(request)) {
      if (part.type === 'file') {
        if (files.length >= LIMITS.photosMax)
          throw new ValidationError(`You can add at most ${LIMITS.photosMax} photos`, part.fieldname, 'too_many_photos', { limit: LIMITS.photosMax });
        const bytes = await part.toBuffer();
        total += bytes.length;
        if (total > limits.uploadMaxBytes)
          throw new PayloadTooLargeError(`Photos may total at most ${Math.floor(limits.uploadMaxBytes / 1024 / 1024)} MB`, 'photos_too_large', {
            mb: Math.floor(limits.uploadMaxBytes / 1024 / 1024),
          });
        if (bytes.length > 0) files.push(bytes);
        continue;
      }
      const value = formText(part.value);
      if (JSON_FIELDS.has(part.fieldname)) {
        if (value.trim() === '' || value === 'null') continue;
        fields[part.fieldname] = jsonFormField(part.fieldname, value);
      } else if (BOOLEAN_FIELDS.has(part.fieldname)) {
        if (value !== 'true' && value !== 'false') throw new ValidationError(`${part.fieldname} must be true or false`, part.fieldname);
        fields[part.fieldname] = value === 'true';
      } else if (value !== 'null' && value !== 'undefined') {
        fields[part.fieldname] = value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new PayloadTooLargeError(`Each photo may be at most ${Math.floor(limits.imageMaxBytes / 1024 / 1024)} MB`, 'photo_too_large', {
        mb: Math.floor(limits.imageMaxBytes / 1024 / 1024),
      });
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new ValidationError('Too many form fields or files');
    throw error;
  }
  return { fields, files };
}

export interface CreatePostDeps {
  posts: PostsRepository;
  usage: UsageRepository;
  service: PostsService;
  access: CommunityAccess;
  storage: Storage;
  clock: Clock;
}

function storageKey(now: Date, suffix: string): string {
  const month = now.toISOString().slice(0, 7).replace('-', '/');
  return `posts/${month}/${randomBytes(12).toString('hex')}${suffix}.jpg`;
}

/** POST /posts/post-create: validates, re-encodes the photos, stores them and saves the post. */
export function createPostCreator({ posts, usage, service, access, storage, clock }: CreatePostDeps) {
  return async function createPost(callerId: number, form: ParsedCreate): Promise<CommunityPost> {
    await access.assertAllowed(callerId);
    await access.assertMayPublish(callerId);
    let fields: CreatePostFields;
    try {
      fields = CreatePostFields.parse(form.fields);
    } catch (error) {
      if (error instanceof ZodError) {
        const issue = error.issues[0];
        throw new ValidationError(issue?.message ?? 'Invalid input', issue?.path.join('.') || undefined);
      }
      throw error;
    }
    assertSelf(callerId, fields.userId);
    if (!fields.title && !fields.description && form.files.length === 0) {
      throw new ValidationError('Add a title, a description or a photo', undefined, 'post_empty');
    }
    const author = await posts.author(callerId);
    if (!author) throw new ForbiddenError();

    let business: Pick<NewPost, 'businessCategory' | 'whatsappNumber' | 'deliveryRangeM'> = {
      businessCategory: null,
      whatsappNumber: null,
      deliveryRangeM: null,
    };
    let point = fields.location ? { longitude: fields.location.coordinates[0], latitude: fields.location.coordinates[1] } : null;
    if (fields.isBusinessPost) {
      if (!fields.businessCategory || !(BUSINESS_CATEGORIES as string[]).includes(fields.businessCategory)) {
        throw new ValidationError('Please select a category', 'businessCategory', 'category_required');
      }
      if (!author.businessLocation) throw new ForbiddenError('Add a business location to your profile to post as a business', 'business_location_required');
      point = businessPostPlace(point, author.businessLocation, author.deliveryRangeM);
      business = { businessCategory: fields.businessCategory, whatsappNumber: author.whatsappNumber, deliveryRangeM: author.deliveryRangeM };
    }

    // Cheap early refusal before the image work; the counted insert below is the real check.
    const today = await usage.usage(callerId, clock());
    if (today.used.posts >= today.limits.dailyPostLimit) throw service.limitError('posts', today.limits.dailyPostLimit);

    const processed: ProcessedImage[] = [];
    for (const [index, file] of form.files.entries()) {
      try {
        processed.push(await processImage(file));
      } catch (error) {
        if (error instanceof ImageRejectedError) throw new ValidationError(error.message, `media_${index}`, 'image_rejected');
        throw error;
      }
    }
    const now = clock();
    const stored: string[] = [];
    try {
      const media: NewPost['media'] = [];
      for (const image of processed) {
        const key = storageKey(now, '');
        const thumbnailKey = thumbnailKeyOf(key);
        await storage.put(key, image.full.bytes, 'image/jpeg');
        stored.push(key);
        await storage.put(thumbnailKey, image.thumbnail.bytes, 'image/jpeg');
        stored.push(thumbnailKey);
        media.push({
          key,
          url: storage.url(key),
          thumbnailKey,
          thumbnailUrl: storage.url(thumbnailKey),
          width: image.full.width,
          height: image.full.height,
          sizeBytes: image.full.bytes.length,
        });
      }
      const postId = await service.counted(callerId, 'posts', (trx) =>
        posts.insert(trx, {
          userId: callerId,
          userName: (fields.isBusinessPost ? author.businessName : null) ?? author.name ?? 'Saathi user',
          title: fields.title,
          description: fields.description,
          longitude: point?.longitude ?? null,
          latitude: point?.latitude ?? null,
          showLocation: fields.isBusinessPost ? true : fields.showLocation,
          tags: [...new Set(fields.tags.map((t) => t.replace(/^#/, '')).filter(Boolean))],
          isBusinessPost: fields.isBusinessPost,
          ...business,
          media,
        }),
      );
      const [row] = await posts.hydrate([postId], { userId: callerId });
      if (!row) throw new Error('created post not found');
      return toCommunityPost(row, callerId);
    } catch (error) {
      await Promise.all(stored.map((key) => storage.delete(key).catch(() => undefined)));
      throw error;
    }
  };
}
