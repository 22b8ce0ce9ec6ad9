import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import ZoomOutMapIcon from '@mui/icons-material/ZoomOutMap';
import type { CatalogResponse } from '@saathi/shared';
import { useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { stepZoom, ZOOM_MAX, ZOOM_MIN } from './cart';

type Item = CatalogResponse['catalogItems'][number];

export interface CatalogCarouselProps {
  items: readonly Item[];
  index: number;
  onIndexChange: (index: number) => void;
}

/** One catalog image at a time with prev/next (wrapping), zoom 1–3 and drag-to-pan while zoomed. */
export function CatalogCarousel({ items, index, onIndexChange }: CatalogCarouselProps) {
  const { t } = useTranslation('community-create');
  const [zoom, setZoom] = useState(ZOOM_MIN);
  const [pan, setPan] = useState({ x: 0, y: 0 });
  const drag = useRef<{ x: number; y: number; panX: number; panY: number } | null>(null);
  const [dragging, setDragging] = useState(false);
  const item = items[index];

  // Zoom resets whenever the slide changes (SPEC.md §4 "Catalog cart").
  const go = (delta: number) => {
    setZoom(ZOOM_MIN);
    setPan({ x: 0, y: 0 });
    onIndexChange((index + delta + items.length) % items.length);
  };
  const zoomBy = (direction: 1 | -1) => {
    const next = stepZoom(zoom, direction);
    setZoom(next);
    if (next === ZOOM_MIN) setPan({ x: 0, y: 0 });
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (zoom === ZOOM_MIN) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY, panX: pan.x, panY: pan.y };
    setDragging(true);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start) return;
    setPan({ x: start.panX + (event.clientX - start.x) / zoom, y: start.panY + (event.clientY - start.y) / zoom });
  };
  const endDrag = () => {
    drag.current = null;
    setDragging(false);
  };

  if (!item) return null;
  return (
    <Box sx={{ position: 'relative', flex: 1, minHeight: 0, bgcolor: 'grey.900', overflow: 'hidden', touchAction: zoom > ZOOM_MIN ? 'none' : 'pan-y' }}>
      <Box
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        sx={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', cursor: zoom > ZOOM_MIN ? 'grab' : 'default' }}
      >
        <img
          src={item.imageUrl}
          alt={item.title || t('catalog.slide', { n: index + 1, total: items.length })}
          draggable={false}
          data-testid="catalog-image"
          style={{
            maxWidth: '100%',
            maxHeight: '100%',
            objectFit: 'contain',
            transform: `scale(${zoom}) translate(${pan.x}px, ${pan.y}px)`,
            transition: dragging ? 'none' : 'transform 120ms',
          }}
        />
      </Box>
      {items.length > 1 && (
        <>
          <IconButton
            onClick={() => go(-1)}
            aria-label={t('catalog.previous')}
            sx={{ position: 'absolute', left: 8, top: '50%', bgcolor: 'rgba(255,255,255,0.85)', '&:hover': { bgcolor: 'common.white' } }}
          >
            <ChevronLeftIcon />
          </IconButton>
          <IconButton
            onClick={() => go(1)}
            aria-label={t('catalog.next')}
            sx={{ position: 'absolute', right: 8, top: '50%', bgcolor: 'rgba(255,255,255,0.85)', '&:hover': { bgcolor: 'common.white' } }}
          >
            <ChevronRightIcon />
          </IconButton>
        </>
      )}
      <Paper sx={{ position: 'absolute', top: 8, right: 8, display: 'flex', alignItems: 'center' }}>
        <IconButton onClick={() => zoomBy(-1)} disabled={zoom <= ZOOM_MIN} aria-label={t('catalog.zoomOut')}>
          <ZoomOutIcon />
        </IconButton>
        <Typography variant="body2" sx={{ minWidth: 40, textAlign: 'center' }} aria-live="polite">
          {`${zoom.toFixed(1)}x`}
        </Typography>
        <IconButton onClick={() => zoomBy(1)} disabled={zoom >= ZOOM_MAX} aria-label={t('catalog.zoomIn')}>
          <ZoomInIcon />
        </IconButton>
        <IconButton
          onClick={() => {
            setZoom(ZOOM_MIN);
            setPan({ x: 0, y: 0 });
          }}
          aria-label={t('catalog.zoomReset')}
        >
          <ZoomOutMapIcon />
        </IconButton>
      </Paper>
      <Paper sx={{ position: 'absolute', left: 8, bottom: 8, px: 1.5, py: 0.5, maxWidth: 'calc(100% - 16px)' }}>
        <Typography variant="body2" noWrap>
          {`${index + 1}/${items.length}${item.title ? ` · ${item.title}` : ''}`}
        </Typography>
      </Paper>
    </Box>
  );
}
