import { create as createQrCode } from 'qrcode';
import { brand } from '../../theme/tokens';
import { capitaliseName, CERTIFICATE_HEIGHT, CERTIFICATE_WIDTH, fitFontSize, nameFont, nameFontSize, nameScript, shortUrl } from './certificate-layout';

/** Everything the certificate says, already in the reader's language. */
export interface CertificateText {
  /** The holder's name as recorded; drawn with each word capitalised. */
  name: string;
  referralId: string;
  verifyUrl: string;
  appName: string;
  title: string;
  intro: string;
  recognition: string;
  issuedDate: string;
  issuedLabel: string;
  scanToVerify: string;
}

/** Texts in the reader's language may be Hindi or Gujarati: Roboto has no such letters, Noto Sans does. */
const SANS = 'Roboto, "Noto Sans Devanagari", "Noto Sans Gujarati", sans-serif';
const font = (weight: number, size: number) => `${weight} ${size}px ${SANS}`;

const W = CERTIFICATE_WIDTH;
const H = CERTIFICATE_HEIGHT;
const CENTRE_X = W / 2;

/** Vertical positions (centres of text) as fractions of the height; the name and id follow SPEC.md. */
const Y = {
  appName: 0.178 * H,
  title: 0.25 * H,
  ornament: 0.305 * H,
  intro: 0.43 * H,
  name: 0.55 * H,
  dividers: 0.615 * H,
  referralId: 0.655 * H,
  recognition: 0.71 * H,
  footer: 0.855 * H,
} as const;

const PAPER = '#FFFDFB';
const GREY_LINE = '#B7AEB2';

/** The brand mark's drawing (components/brand-mark.tsx) in its 64-unit box. */
const SHIELD_PATH = 'M32 9 L51 16.5 V31 C51 43.5 43 51.5 32 56 C21 51.5 13 43.5 13 31 V16.5 Z';
const HEART_PATH =
  'M32 43 C25.5 38 22.5 34.6 22.5 30.8 C22.5 28 24.7 25.8 27.4 25.8 C29.4 25.8 31 27 32 28.7 C33 27 34.6 25.8 36.6 25.8 C39.3 25.8 41.5 28 41.5 30.8 C41.5 34.6 38.5 38 32 43 Z';

/**
 * The faces the certificate draws with and the text each draws, for `document.fonts.load`:
 * canvas text does not wait for web fonts, so they must be loaded before drawing.
 */
export function certificateFontRequests(text: CertificateText): { font: string; text: string }[] {
  const body = [text.appName, text.title, text.intro, text.recognition, text.issuedDate, text.issuedLabel, text.scanToVerify].join(' ');
  return [
    { font: nameFont(nameScript(text.name)), text: capitaliseName(text.name) },
    { font: font(700, 40), text: `${text.appName} ${text.title}` },
    { font: font(500, 24), text: `#${text.referralId} ${text.issuedDate}` },
    { font: font(400, 24), text: `${body} ${shortUrl(text.verifyUrl)}` },
  ];
}

/** Loads the certificate's faces (each only for the letters it draws). A face that fails to load falls back. */
export async function loadCertificateFonts(text: CertificateText): Promise<void> {
  // Environments without the Font Loading API (tests) draw with what they have.
  if (typeof document === 'undefined' || !('fonts' in document)) return;
  await Promise.allSettled(certificateFontRequests(text).map((request) => document.fonts.load(request.font, request.text)));
}

/** Splits `text` at spaces into lines no wider than `maxWidth` (a word longer than that gets its own line). */
export function wrapLines(text: string, maxWidth: number, measure: (line: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/u).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && measure(candidate) > maxWidth) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * `wrapLines` with the lines made as even as they can be in the same number of lines, so a
 * wrapped sentence does not leave one word alone on its last line.
 */
export function balancedLines(text: string, maxWidth: number, measure: (line: string) => number): string[] {
  const lines = wrapLines(text, maxWidth, measure);
  if (lines.length < 2) return lines;
  let [narrowest, widest] = [0, maxWidth];
  // Narrow the width while the line count holds; a dozen halvings get within a unit.
  for (let step = 0; step < 12; step++) {
    const width = (narrowest + widest) / 2;
    if (wrapLines(text, width, measure).length > lines.length) narrowest = width;
    else widest = width;
  }
  return wrapLines(text, widest, measure);
}

/**
 * Draws the certificate at `pixelRatio` device pixels per design unit (1200×847 units): the
 * screen passes its scale, the download 2. The context's size must match.
 */
export function drawCertificate(ctx: CanvasRenderingContext2D, text: CertificateText, pixelRatio: number): void {
  ctx.setTransform(pixelRatio, 0, 0, pixelRatio, 0, 0);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  drawFrame(ctx);
  drawWatermark(ctx);
  drawHeader(ctx, text);
  drawHolder(ctx, text);
  drawFooter(ctx, text);
}

function drawFrame(ctx: CanvasRenderingContext2D): void {
  // A pink margin, a dark pink rule, then the paper with a fine double line inside.
  ctx.fillStyle = brand.pinkTint;
  ctx.fillRect(0, 0, W, H);
  ctx.strokeStyle = brand.pinkDark;
  ctx.lineWidth = 6;
  ctx.strokeRect(14, 14, W - 28, H - 28);
  ctx.fillStyle = PAPER;
  ctx.fillRect(30, 30, W - 60, H - 60);
  ctx.strokeStyle = brand.pink;
  ctx.lineWidth = 2;
  ctx.strokeRect(30, 30, W - 60, H - 60);
  ctx.strokeStyle = brand.pinkLight;
  ctx.lineWidth = 1;
  ctx.strokeRect(40, 40, W - 80, H - 80);
  // A diamond on each corner of the paper.
  for (const [x, y] of [
    [30, 30],
    [W - 30, 30],
    [30, H - 30],
    [W - 30, H - 30],
  ] as const) {
    drawDiamond(ctx, x, y, 11, brand.pinkDark);
  }
}

function drawDiamond(ctx: CanvasRenderingContext2D, x: number, y: number, radius: number, colour: string): void {
  ctx.fillStyle = colour;
  ctx.beginPath();
  ctx.moveTo(x, y - radius);
  ctx.lineTo(x + radius, y);
  ctx.lineTo(x, y + radius);
  ctx.lineTo(x - radius, y);
  ctx.closePath();
  ctx.fill();
}

/** The brand shield and heart, `size` units square, with its top-left corner at (x, y). */
function drawBrandMark(ctx: CanvasRenderingContext2D, x: number, y: number, size: number, shield: string, heart: string): void {
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(size / 64, size / 64);
  ctx.fillStyle = shield;
  ctx.fill(new Path2D(SHIELD_PATH));
  ctx.fillStyle = heart;
  ctx.fill(new Path2D(HEART_PATH));
  ctx.restore();
}

/** A faint large shield behind the name: the certificate's own, hard to pass off as another's. */
function drawWatermark(ctx: CanvasRenderingContext2D): void {
  ctx.save();
  ctx.globalAlpha = 0.05;
  drawBrandMark(ctx, CENTRE_X - 210, Y.name - 230, 420, brand.pink, PAPER);
  ctx.restore();
}

function drawHeader(ctx: CanvasRenderingContext2D, text: CertificateText): void {
  drawBrandMark(ctx, CENTRE_X - 30, 56, 60, brand.pink, '#FFFFFF');
  ctx.fillStyle = brand.pinkDark;
  ctx.font = font(700, 26);
  ctx.fillText(text.appName, CENTRE_X, Y.appName);

  ctx.fillStyle = brand.ink;
  const titleSize = fitFontSize((size) => measure(ctx, font(700, size), text.title), 50, 960);
  ctx.font = font(700, titleSize);
  ctx.fillText(text.title, CENTRE_X, Y.title);

  // An ornament under the title: two pink rules and a diamond between them.
  drawRulePair(ctx, Y.ornament, 170, 18, brand.pink);
  drawDiamond(ctx, CENTRE_X, Y.ornament, 7, brand.pink);

  ctx.fillStyle = brand.inkSecondary;
  ctx.font = font(400, 26);
  ctx.fillText(text.intro, CENTRE_X, Y.intro, 960);
}

/** Two short horizontal rules either side of the centre line, from `gap` to `reach` away from it. */
function drawRulePair(ctx: CanvasRenderingContext2D, y: number, reach: number, gap: number, colour: string): void {
  ctx.strokeStyle = colour;
  ctx.lineWidth = 2;
  ctx.beginPath();
  for (const side of [-1, 1]) {
    ctx.moveTo(CENTRE_X + side * gap, y);
    ctx.lineTo(CENTRE_X + side * reach, y);
  }
  ctx.stroke();
}

function drawHolder(ctx: CanvasRenderingContext2D, text: CertificateText): void {
  const name = capitaliseName(text.name);
  const script = nameScript(text.name);
  const nameSize = fitFontSize((size) => measure(ctx, nameFont(script, size), name), nameFontSize(script), 960);
  ctx.fillStyle = brand.ink;
  ctx.font = nameFont(script, nameSize);
  ctx.fillText(name, CENTRE_X, Y.name);

  // Two short grey rules, then the referral id under them (SPEC.md).
  drawRulePair(ctx, Y.dividers, 110, 14, GREY_LINE);
  ctx.fillStyle = brand.inkSecondary;
  ctx.font = font(500, 26);
  ctx.fillText(`#${text.referralId}`, CENTRE_X, Y.referralId);

  // What the certificate recognises, in at most two lines.
  const maxWidth = 680;
  let size = 24;
  let lines = balancedLines(text.recognition, maxWidth, (line) => measure(ctx, font(400, size), line));
  while (lines.length > 2 && size > 16) {
    size -= 2;
    lines = balancedLines(text.recognition, maxWidth, (line) => measure(ctx, font(400, size), line));
  }
  ctx.fillStyle = brand.ink;
  ctx.font = font(400, size);
  lines.forEach((line, index) => ctx.fillText(line, CENTRE_X, Y.recognition + index * size * 1.4, maxWidth));
}

function drawFooter(ctx: CanvasRenderingContext2D, text: CertificateText): void {
  // Left: the date of issue over a rule, with its caption under it.
  const dateX = 210;
  ctx.fillStyle = brand.ink;
  ctx.font = font(500, 24);
  ctx.fillText(text.issuedDate, dateX, Y.footer - 18, 260);
  ctx.strokeStyle = GREY_LINE;
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  ctx.moveTo(dateX - 120, Y.footer + 4);
  ctx.lineTo(dateX + 120, Y.footer + 4);
  ctx.stroke();
  ctx.fillStyle = brand.inkSecondary;
  ctx.font = font(400, 18);
  ctx.fillText(text.issuedLabel, dateX, Y.footer + 26, 260);

  // Centre: a seal in the brand colours.
  ctx.fillStyle = brand.pink;
  ctx.beginPath();
  ctx.arc(CENTRE_X, Y.footer, 48, 0, Math.PI * 2);
  ctx.fill();
  ctx.strokeStyle = '#FFFFFF';
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.arc(CENTRE_X, Y.footer, 41, 0, Math.PI * 2);
  ctx.stroke();
  drawBrandMark(ctx, CENTRE_X - 30, Y.footer - 31, 60, '#FFFFFF', brand.pink);

  // Right: the QR code of the public verification page, with the address under it.
  const qrX = 990;
  const qrSize = 100;
  const qrTop = Y.footer - 68;
  drawQrCode(ctx, text.verifyUrl, qrX - qrSize / 2, qrTop, qrSize);
  ctx.fillStyle = brand.ink;
  ctx.font = font(500, 15);
  ctx.fillText(text.scanToVerify, qrX, qrTop + qrSize + 14, 300);
  ctx.fillStyle = brand.inkSecondary;
  ctx.font = font(400, 12);
  ctx.fillText(shortUrl(text.verifyUrl), qrX, qrTop + qrSize + 32, 300);
}

/** The QR code as one filled path (adjacent modules merge, so no hairline seams when scaled). */
function drawQrCode(ctx: CanvasRenderingContext2D, url: string, x: number, y: number, size: number): void {
  const { modules } = createQrCode(url, { errorCorrectionLevel: 'M' });
  const cell = size / modules.size;
  ctx.fillStyle = '#FFFFFF';
  ctx.fillRect(x - cell * 2, y - cell * 2, size + cell * 4, size + cell * 4);
  ctx.fillStyle = '#000000';
  ctx.beginPath();
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) ctx.rect(x + col * cell, y + row * cell, cell, cell);
    }
  }
  ctx.fill();
}

function measure(ctx: CanvasRenderingContext2D, fontSpec: string, text: string): number {
  ctx.font = fontSpec;
  return ctx.measureText(text).width;
}
