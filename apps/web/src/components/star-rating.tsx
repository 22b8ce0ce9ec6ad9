import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';

interface StarRatingProps {
  /** Groups the radios; each radio's id starts with it. */
  name: string;
  /** 1…max, or 0 for none chosen yet. */
  value: number;
  max: number;
  /** The accessible name of n stars ("4 Stars"). */
  labelFor: (stars: number) => string;
  onChange: (stars: number) => void;
  /** Shows the stars only, as one image named by `labelFor(value)`. */
  readOnly?: boolean;
}

/** The stars keep the bright amber of a rating (3.1:1 on white, enough for a graphic); warning.main is darker, for text. */
const starSx = { fontSize: 40, color: '#ED6C02', display: 'block' } as const;

/**
 * Stars to rate with: native radios, so a tap, a click on the star, arrow keys and screen readers
 * all work without code of ours, and a change is one `change` event whatever the renderer batches.
 * (MUI's Rating clears its value on the radio's click and sets it again on the change that follows;
 * a render between the two left the star unchecked.)
 */
export function StarRating({ name, value, max, labelFor, onChange, readOnly = false }: StarRatingProps) {
  const [hover, setHover] = useState(0);
  const idPrefix = `${name}-${useId()}`;
  const shown = hover || value;
  const stars = Array.from({ length: max }, (_, index) => index + 1);

  if (readOnly) {
    return (
      <Box role="img" aria-label={labelFor(value)} sx={{ display: 'flex' }}>
        {stars.map((star) => (star <= value ? <StarIcon key={star} sx={starSx} /> : <StarBorderIcon key={star} sx={starSx} />))}
      </Box>
    );
  }

  return (
    <Box
      component="fieldset"
      onMouseLeave={() => setHover(0)}
      sx={{
        display: 'flex',
        border: 0,
        p: 0,
        m: 0,
        // The focused star shows the keyboard focus ring.
        '& input:focus-visible + svg': { outline: '2px solid', outlineColor: 'primary.main', borderRadius: 1 },
      }}
    >
      {stars.map((star) => {
        const id = `${idPrefix}-${star}`;
        return (
          <Box component="label" key={star} htmlFor={id} onMouseEnter={() => setHover(star)} sx={{ cursor: 'pointer', p: 0.25 }}>
            <input
              id={id}
              type="radio"
              name={name}
              value={star}
              checked={value === star}
              onChange={() => {
                // The stars show the choice from now on, not where a mouse (or a tap) last was.
                setHover(0);
                onChange(star);
              }}
              aria-label={labelFor(star)}
              className="visually-hidden"
            />
            {star <= shown ? <StarIcon sx={starSx} /> : <StarBorderIcon sx={starSx} />}
          </Box>
        );
      })}
    </Box>
  );
}
