import { FEEDBACK_LIMITS, NEWS_LIMITS, RESPONDER_LIMITS, SOS_LIMITS, type ErrorCode } from '@saathi/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, build, signedInUser } from '../test/build';
import { privateFilesIn, STORAGE_MODES } from '../test/private-files';
import { written } from '../test/written';
import { freshPlace, raiseSos } from '../test/sos-fixtures';
import { jpegWithGps, pngImage, recordedWebmBytes } from '../test/uploads';

/**
 * Every upload of the app fuzzed: the feedback screenshot, responder documents, news pictures,
 * reels and SOS evidence chunks each get a file of the wrong type, a polyglot, a file just over
 * the limit, a file cut in the middle, and a request with an extra or a repeated field. Each
 * answers a 4xx with a code of the closed list, and writes nothing: no row in any table, no
 * object in the store (the media directory, and the S3 peer's buckets with STORAGE=s3).
 */

/** Small, so a reel just over it is quick to send (the recordings here are 24 and 38 KB). */
const REEL_MAX = 60_000;

type TextPart = { name: string; value: string };
type FilePart = { name: string; filename: string; type: string; bytes: Buffer };
type Part = TextPart | FilePart;

/** A multipart/form-data body of the parts in order: a field may repeat. */
function form(parts: Part[]) {
  const boundary = `----saathi${Math.random().toString(16).slice(2)}`;
  const chunks = parts.flatMap((part) =>
    'bytes' in part
      ? [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`,
          ),
          part.bytes,
          Buffer.from('\r\n'),
        ]
      : [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`)],
  );
  return { payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const file = (name: string, bytes: Buffer, type = 'image/jpeg', filename = 'photo.jpg'): FilePart => ({ name, filename, type, bytes });

/** Bytes that are not a picture or a recording: the start of a PDF. */
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const HTML = Buffer.from('<!DOCTYPE html><html><body><script>fetch("/api/users/me").then(r => r.text()).then(alert)</script></body></html>');
/** The start of a WebM file, EBML magic and DocType included, then a web page: what a check of the first bytes took for a recording. */
const FORGED_WEBM = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.from('webm'), HTML]);

interface Refusal {
  /** What was sent, for the failure message. */
  label: string;
  status: number;
  code: ErrorCode;
  field?: string;
}

/** The answer is the refusal expected: its status, its code (and field when given). */
function expectRefused(res: { statusCode: number; json: () => unknown; body: string }, { label, status, code, field }: Refusal): void {
  const error = (res.json() as { error?: { code?: string; field?: string } }).error;
  expect({ label, status: res.statusCode, code: error?.code, ...(field ? { field: error?.field } : {}) }, res.body).toEqual({
    label,
    status,
    code,
    ...(field ? { field } : {}),
  });
}

describe.each(STORAGE_MODES)('uploads refuse bad files and write nothing (STORAGE=%s)', (mode) => {
  const files = privateFilesIn(mode);
  const t = build(() => ({ ...files.env(), REEL_MAX_BYTES: String(REEL_MAX) }));
  const asha = signedInUser(t, { name: 'Asha Verma', dob: '1990-05-17' });
  const editor = signedInUser(t, { name: 'Kiran Desai', roles: ['editor'] });

  const pictures: { jpeg: Buffer; png: Buffer } = { jpeg: Buffer.alloc(0), png: Buffer.alloc(0) };
  beforeAll(async () => {
    pictures.jpeg = await jpegWithGps(800, 600);
    pictures.png = await pngImage();
    // A signed-in user's first answered request of the day records an active day (after the
    // answer): it is done here, so the comparisons below see only what the uploads write.
    for (const user of [asha, editor]) expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(user.token) })).statusCode).toBe(200);
    let last = '';
    for (let tries = 0; tries < 50; tries += 1) {
      const now = JSON.stringify(await written(t));
      if (now === last) break;
      last = now;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  /** Sends each form and expects its refusal; then proves nothing was written, and that the good form is taken. */
  async function fuzzForm(url: string, token: () => string, cases: [Refusal, Part[]][], good: Part[]): Promise<void> {
    const before = await written(t);
    for (const [refusal, parts] of cases) {
      const body = form(parts);
      const res = await t.app.inject({ method: 'POST', url, headers: { ...bearer(token()), ...body.headers }, payload: body.payload });
      expectRefused(res, refusal);
    }
    expect(await written(t)).toEqual(before);
    // The same request with a good file goes through: the refusals were about what was wrong.
    const body = form(good);
    const taken = await t.app.inject({ method: 'POST', url, headers: { ...bearer(token()), ...body.headers }, payload: body.payload });
    expect(taken.statusCode, taken.body).toBe(201);
  }

  /**
   * The cases every picture form gets, in its file field: a PDF (declared as one, and as a JPEG),
   * polyglots (HTML appended to a JPEG, a PNG declared as a web page or as SVG), a JPEG and a
   * PNG cut short, and an extra text field, an extra file field and the file twice.
   */
  const pictureCases = (field: string, fields: TextPart[]): [Refusal, Part[]][] => {
    const { jpeg, png } = pictures;
    return [
      [{ label: 'a PDF', status: 415, code: 'unsupported_media_type', field }, [...fields, file(field, PDF, 'application/pdf', 'scan.pdf')]],
      [{ label: 'a PDF sent as a JPEG', status: 400, code: 'image_rejected', field }, [...fields, file(field, PDF)]],
      [{ label: 'a JPEG with a web page after it', status: 400, code: 'image_rejected', field }, [...fields, file(field, Buffer.concat([jpeg, HTML]))]],
      [{ label: 'a PNG declared as a web page', status: 415, code: 'unsupported_media_type', field }, [...fields, file(field, png, 'text/html', 'page.html')]],
      [{ label: 'a PNG declared as SVG', status: 415, code: 'unsupported_media_type', field }, [...fields, file(field, png, 'image/svg+xml', 'a.svg')]],
      [{ label: 'a JPEG cut in the middle', status: 400, code: 'image_rejected', field }, [...fields, file(field, jpeg.subarray(0, jpeg.length >> 1))]],
      [
        { label: 'a PNG cut in the middle', status: 400, code: 'image_rejected', field },
        [...fields, file(field, png.subarray(0, png.length >> 1), 'image/png', 'a.png')],
      ],
      [
        { label: 'a PNG without its end', status: 400, code: 'image_rejected', field },
        [...fields, file(field, png.subarray(0, png.length - 12), 'image/png', 'a.png')],
      ],
      [
        { label: 'an extra text field', status: 400, code: 'validation_error', field: 'zzExtra' },
        [...fields, { name: 'zzExtra', value: '1' }, file(field, jpeg)],
      ],
      [{ label: 'an extra file field', status: 400, code: 'validation_error', field: 'zzFile' }, [...fields, file(field, jpeg), file('zzFile', jpeg)]],
      [{ label: 'the file twice', status: 400, code: 'validation_error', field }, [...fields, file(field, jpeg), file(field, jpeg)]],
    ];
  };

  /** A valid JPEG padded to one byte over `limit`. */
  const over = (limit: number) => Buffer.concat([pictures.jpeg, Buffer.alloc(limit + 1 - pictures.jpeg.length, 0x20)]);

  it('the feedback screenshot', async () => {
    const diagnostics = {
      appVersion: '1.4.0',
      language: 'en-US',
      browser: 'Chrome/126',
      permissions: { geolocation: 'granted', camera: 'prompt', microphone: 'denied', notifications: 'unsupported' },
    };
    const fields: TextPart[] = [
      { name: 'category', value: 'problem' },
      { name: 'text', value: 'The SOS button is slow to answer' },
      { name: 'diagnostics', value: JSON.stringify(diagnostics) },
    ];
    await fuzzForm(
      '/api/feedback',
      () => asha.token,
      [
        ...pictureCases('screenshot', fields),
        [
          { label: 'a screenshot over 5 MB', status: 400, code: 'screenshot_too_large', field: 'screenshot' },
          [...fields, file('screenshot', over(FEEDBACK_LIMITS.screenshotBytesMax))],
        ],
        [{ label: 'the text twice', status: 400, code: 'validation_error', field: 'text' }, [...fields, { name: 'text', value: 'Another text' }]],
      ],
      [...fields, file('screenshot', pictures.png, 'image/png', 'shot.png')],
    );
  });

  it('the responder document', async () => {
    const fields: TextPart[] = [
      { name: 'profession', value: 'doctor' },
      { name: 'registrationNumber', value: 'GMC-G-12345' },
      { name: 'council', value: 'Gujarat Medical Council' },
    ];
    await fuzzForm(
      '/api/responders/verification',
      () => asha.token,
      [
        ...pictureCases('document', fields),
        [
          { label: 'a document over 8 MB', status: 413, code: 'payload_too_large', field: 'document' },
          [...fields, file('document', over(RESPONDER_LIMITS.documentBytesMax))],
        ],
        [{ label: 'the profession twice', status: 400, code: 'validation_error', field: 'profession' }, [...fields, { name: 'profession', value: 'police' }]],
      ],
      [...fields, file('document', pictures.jpeg)],
    );
  });

  it('the news picture', async () => {
    await fuzzForm(
      '/api/news/images',
      () => editor.token,
      [
        ...pictureCases('image', []),
        [{ label: 'a picture over 10 MB', status: 413, code: 'payload_too_large' }, [file('image', over(NEWS_LIMITS.imageBytesMax))]],
      ],
      [file('image', pictures.jpeg)],
    );
  });

  describe('the reel', () => {
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url: `/api${url}`, headers: bearer(asha.token), ...(payload ? { payload } : {}) });
    const presign = async () =>
      (await call('GET', '/incidents/get-presigned-url?fileName=reel.webm&contentType=video%2Fwebm')).json<{
        presignedUrl: string;
        headers: Record<string, string>;
        videoUrl: string;
      }>();
    /** The browser's PUT to the link: the app's upload route locally, the bucket with S3. */
    const put = async (url: string, headers: Record<string, string>, body: Buffer) => {
      if (url.startsWith('/')) {
        const res = await t.app.inject({ method: 'PUT', url, headers, payload: body });
        return { status: res.statusCode, code: res.statusCode === 200 ? undefined : res.json<{ error: { code: string } }>().error.code };
      }
      const res = await fetch(url, { method: 'PUT', headers, body: new Uint8Array(body) });
      await res.arrayBuffer();
      return { status: res.status, code: undefined };
    };

    /**
     * Uploads the bytes as the web app does (presign, PUT, register) and expects the refusal:
     * locally the upload route answers it before writing; S3 stores what it is sent, so the
     * registration answers it and deletes the object.
     */
    async function refusedReel(refusal: Refusal, bytes: Buffer): Promise<void> {
      const signed = await presign();
      const stored = await put(signed.presignedUrl, signed.headers, bytes);
      const registered = await call('POST', '/incidents/upload', { videoUrl: signed.videoUrl });
      if (mode === 'local') {
        expect({ label: refusal.label, status: stored.status, code: stored.code }).toEqual({
          label: refusal.label,
          status: refusal.status,
          code: refusal.code,
        });
        expectRefused(registered, { label: refusal.label, status: 400, code: 'video_missing', field: 'videoUrl' });
      } else {
        expect(stored.status).toBe(200);
        expectRefused(registered, { ...refusal, field: 'videoUrl' });
      }
    }

    it('refuses a wrong type, polyglots, an oversize file and a cut one', async () => {
      const recording = await recordedWebmBytes();
      // The presigned links are rows of nothing and objects of nothing: the snapshot can be taken first.
      const before = await written(t);
      await refusedReel({ label: 'a PDF', status: 415, code: 'video_not_webm' }, PDF);
      await refusedReel({ label: 'a JPEG', status: 415, code: 'video_not_webm' }, pictures.jpeg);
      await refusedReel({ label: 'a web page behind a WebM start', status: 415, code: 'video_not_webm' }, FORGED_WEBM);
      await refusedReel({ label: 'a recording with a web page appended', status: 415, code: 'video_not_webm' }, Buffer.concat([recording, HTML]));
      await refusedReel({ label: 'two recordings joined', status: 415, code: 'video_not_webm' }, Buffer.concat([recording, recording]));
      await refusedReel({ label: 'a reel over the limit', status: 413, code: 'video_too_large' }, Buffer.concat([recording, Buffer.alloc(REEL_MAX)]));
      await refusedReel({ label: 'a recording cut in the middle', status: 400, code: 'video_incomplete' }, recording.subarray(0, recording.length >> 1));
      await refusedReel({ label: 'a recording without its last bytes', status: 400, code: 'video_incomplete' }, recording.subarray(0, recording.length - 5));
      await refusedReel({ label: 'a WebM header alone', status: 400, code: 'video_incomplete' }, recording.subarray(0, 0x30));
      expect(await written(t)).toEqual(before);

      // The whole recording goes through.
      const signed = await presign();
      expect((await put(signed.presignedUrl, signed.headers, recording)).status).toBe(200);
      expect((await call('POST', '/incidents/upload', { videoUrl: signed.videoUrl })).statusCode).toBe(201);
    });

    it('refuses a form sent to the upload link, and extra fields in the registration', async () => {
      const recording = await recordedWebmBytes();
      const before = await written(t);
      const signed = await presign();
      // The link is signed for video/webm: a form is refused by the upload route (400) or the bucket (403).
      const body = form([file('file', recording, 'video/webm', 'reel.webm'), { name: 'title', value: 'x' }]);
      const sent = await put(signed.presignedUrl, { ...signed.headers, ...body.headers }, body.payload);
      expect(sent.status).toBe(mode === 'local' ? 400 : 403);
      expectRefused(await call('POST', '/incidents/upload', { videoUrl: signed.videoUrl, zzExtra: 1 }), {
        label: 'an extra field',
        status: 400,
        code: 'validation_error',
        field: 'zzExtra',
      });
      expectRefused(await call('POST', '/incidents/upload', { videoUrl: signed.videoUrl, title: ['a', 'b'] }), {
        label: 'a field given twice, as a list',
        status: 400,
        code: 'validation_error',
        field: 'title',
      });
      expectRefused(await call('POST', '/incidents/upload', { videoUrl: signed.videoUrl }), {
        label: 'nothing uploaded',
        status: 400,
        code: 'video_missing',
        field: 'videoUrl',
      });
      expect(await written(t)).toEqual(before);
    });
  });

  describe('the SOS evidence chunk', () => {
    let eventId = 0;
    beforeAll(async () => {
      const raised = await raiseSos(t, asha.token, { ...freshPlace(), threat: 'medical', contactsOnly: true });
      expect(raised.statusCode).toBe(201);
      eventId = raised.json<{ id: number }>().id;
      // The alert's own work (the outbox) is done before anything is compared.
      await t.app.outbox.drain();
    });

    const upload = (query: string, body: Buffer, contentType = 'video/webm;codecs=vp8,opus') =>
      t.app.inject({
        method: 'POST',
        url: `/api/sos/${eventId}/evidence?${query}`,
        headers: { ...bearer(asha.token), 'content-type': contentType },
        payload: body,
      });

    it('refuses a wrong type, polyglots, an oversize chunk, a cut header and extra or repeated fields', async () => {
      const recording = await recordedWebmBytes();
      const { png } = pictures;
      const multipart = form([file('chunk', recording, 'video/webm', 'chunk.webm'), { name: 'sequence', value: '0' }]);
      const cases: [Refusal, string, Buffer, string?][] = [
        [{ label: 'a PDF as the first chunk', status: 400, code: 'not_webm', field: 'body' }, 'sequence=0&kind=video', PDF],
        [{ label: 'a PNG as a later chunk', status: 400, code: 'not_webm', field: 'body' }, 'sequence=1&kind=video', png],
        [{ label: 'a web page as a later chunk', status: 400, code: 'not_webm', field: 'body' }, 'sequence=1&kind=video', HTML],
        [{ label: 'a chunk sent as a picture', status: 415, code: 'unsupported_media_type' }, 'sequence=0&kind=video', recording, 'image/png'],
        [{ label: 'a web page behind a WebM start', status: 400, code: 'not_webm', field: 'body' }, 'sequence=0&kind=video', FORGED_WEBM],
        [
          { label: 'a Matroska header cut short', status: 400, code: 'not_webm', field: 'body' },
          'sequence=0&kind=audio',
          recording.subarray(0, 20),
          'audio/webm',
        ],
        [{ label: 'a header without its Segment', status: 400, code: 'not_webm', field: 'body' }, 'sequence=0&kind=video', recording.subarray(0, 0x2c)],
        [
          { label: 'a chunk over 8 MB', status: 413, code: 'payload_too_large' },
          'sequence=1&kind=video',
          Buffer.alloc(SOS_LIMITS.evidenceChunkMaxBytes + 1, 0x42),
        ],
        [{ label: 'a form', status: 415, code: 'unsupported_media_type' }, 'sequence=0&kind=video', multipart.payload, multipart.headers['content-type']],
        [{ label: 'the sequence twice', status: 400, code: 'validation_error', field: 'sequence' }, 'sequence=0&sequence=1&kind=video', recording],
        [{ label: 'the kind twice', status: 400, code: 'validation_error', field: 'kind' }, 'sequence=0&kind=video&kind=audio', recording],
        [
          { label: 'the recording twice', status: 400, code: 'validation_error', field: 'recording' },
          'sequence=0&kind=video&recording=0&recording=1',
          recording,
        ],
      ];
      const before = await written(t);
      for (const [refusal, query, body, contentType] of cases) expectRefused(await upload(query, body, contentType), refusal);
      expect(await written(t)).toEqual(before);

      // A real recording's first chunk is taken.
      expect((await upload('sequence=0&kind=video', recording.subarray(0, 4096))).statusCode).toBe(201);
    });
  });
});
