import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { CERTIFICATE_WIDTH, certificateDisplaySize } from './certificate-layout';
import { drawCertificate, loadCertificateFonts, type CertificateText } from './draw-certificate';
import '@fontsource/great-vibes/latin-400.css';
import '@fontsource/great-vibes/latin-ext-400.css';

/** The size SPEC.md asks for, following the window as it is resized or turned. */
function useDisplaySize() {
  const [size, setSize] = useState(() => certificateDisplaySize(window.innerWidth));
  useEffect(() => {
    const onResize = () => setSize(certificateDisplaySize(window.innerWidth));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return size;
}

/** Whether the faces `text` is drawn in have loaded (or failed to: then it draws with fallbacks). */
function useFontsLoaded(text: CertificateText): boolean {
  const [loadedFor, setLoadedFor] = useState<CertificateText | null>(null);
  useEffect(() => {
    let current = true;
    void loadCertificateFonts(text).then(() => {
      if (current) setLoadedFor(text);
    });
    return () => {
      current = false;
    };
  }, [text]);
  return loadedFor === text;
}

/**
 * The certificate drawn on a canvas at the screen's pixel density, once its fonts are in. On a
 * page narrower than the window (the app's content column) CSS scales it down at the same ratio.
 */
export function CertificateCanvas({ text, label }: { text: CertificateText; label: string }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const size = useDisplaySize();
  const fontsLoaded = useFontsLoaded(text);

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = fontsLoaded ? canvas?.getContext('2d') : null;
    if (!canvas || !ctx) return;
    const density = window.devicePixelRatio || 1;
    canvas.width = Math.round(size.width * density);
    canvas.height = Math.round(size.height * density);
    drawCertificate(ctx, text, (size.width * density) / CERTIFICATE_WIDTH);
  }, [fontsLoaded, size, text]);

  return (
    <Box sx={{ position: 'relative', width: size.width, maxWidth: '100%', alignSelf: 'center' }}>
      <Box
        component="canvas"
        ref={canvasRef}
        role="img"
        aria-label={label}
        width={size.width}
        height={size.height}
        sx={{ display: 'block', width: '100%', height: 'auto', borderRadius: 1, boxShadow: 3, bgcolor: 'background.paper' }}
      />
      {!fontsLoaded && <Skeleton variant="rectangular" sx={{ position: 'absolute', inset: 0, height: 'auto', borderRadius: 1 }} />}
    </Box>
  );
}
