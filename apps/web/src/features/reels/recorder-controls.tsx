import AspectRatioIcon from '@mui/icons-material/AspectRatio';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import Slider from '@mui/material/Slider';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type Aspect = '9:16' | '1:1' | 'full';
export const ASPECTS: readonly Aspect[] = ['9:16', '1:1', 'full'];

/** SPEC.md §4: the expanded aspect options hide themselves after 5 s. */
export const ASPECT_AUTO_HIDE_MS = 5000;

/** The aspect toggle: shows the current choice; tapping expands the options. */
export function AspectToggle({ value, onChange }: { value: Aspect; onChange: (aspect: Aspect) => void }) {
  const { t } = useTranslation('reels');
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    const timer = window.setTimeout(() => setOpen(false), ASPECT_AUTO_HIDE_MS);
    return () => window.clearTimeout(timer);
  }, [open]);
  const label = (aspect: Aspect) => (aspect === 'full' ? t('aspectFull') : aspect);
  if (!open) {
    return (
      <Button
        variant="contained"
        color="inherit"
        size="small"
        startIcon={<AspectRatioIcon />}
        onClick={() => setOpen(true)}
        aria-label={t('aspect', { value: label(value) })}
        sx={{ color: '#000' }}
      >
        {label(value)}
      </Button>
    );
  }
  return (
    <ButtonGroup variant="contained" size="small" aria-label={t('aspectChoices')}>
      {ASPECTS.map((aspect) => (
        <Button
          key={aspect}
          color={aspect === value ? 'primary' : 'inherit'}
          sx={aspect === value ? undefined : { color: '#000' }}
          aria-pressed={aspect === value}
          onClick={() => {
            onChange(aspect);
            setOpen(false);
          }}
        >
          {label(aspect)}
        </Button>
      ))}
    </ButtonGroup>
  );
}

/** Vertical zoom from 1 to the device maximum in steps of 0.1 (SPEC.md §4). */
export function ZoomSlider({ value, max, onChange }: { value: number; max: number; onChange: (zoom: number) => void }) {
  const { t } = useTranslation('reels');
  return (
    <div className="recorder__zoom">
      <Slider
        orientation="vertical"
        min={1}
        max={max}
        step={0.1}
        value={value}
        onChange={(_event, next) => onChange(typeof next === 'number' ? next : (next[0] ?? 1))}
        aria-label={t('zoom')}
        valueLabelDisplay="auto"
        valueLabelFormat={(zoom) => `${zoom.toFixed(1)}×`}
        sx={{ color: '#fff' }}
      />
    </div>
  );
}
