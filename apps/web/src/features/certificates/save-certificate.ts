import { certificateFileName, CERTIFICATE_HEIGHT, CERTIFICATE_WIDTH, DOWNLOAD_PIXEL_RATIO } from './certificate-layout';
import { drawCertificate, loadCertificateFonts, type CertificateText } from './draw-certificate';

/** High enough that the script name and the QR code stay crisp; the file stays around 300 KB. */
const JPEG_QUALITY = 0.92;

/**
 * The certificate as a 2400×1694 JPEG, drawn on its own full-size canvas: the one on screen
 * is scaled down to the phone's width and would give a blurred print.
 */
export async function renderCertificateJpeg(text: CertificateText): Promise<Blob> {
  await loadCertificateFonts(text);
  const canvas = document.createElement('canvas');
  canvas.width = CERTIFICATE_WIDTH * DOWNLOAD_PIXEL_RATIO;
  canvas.height = CERTIFICATE_HEIGHT * DOWNLOAD_PIXEL_RATIO;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot draw on a canvas.');
  drawCertificate(ctx, text, DOWNLOAD_PIXEL_RATIO);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The browser could not encode the JPEG.'))), 'image/jpeg', JPEG_QUALITY);
  });
}

/** Draws the certificate and hands it to the browser as a download named after the holder. */
export async function downloadCertificate(text: CertificateText): Promise<void> {
  const blob = await renderCertificateJpeg(text);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = certificateFileName(text.name);
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns: release it a little later.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
