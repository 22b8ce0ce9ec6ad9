import Box from '@mui/material/Box';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

interface SwitchFieldProps {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** A switch with its label and a line of explanation; the label is the switch's name, the hint its description. */
export function SwitchField({ label, hint, checked, onChange }: SwitchFieldProps) {
  const id = useId();
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
      <Switch
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        slotProps={{ input: { id, 'aria-describedby': `${id}-hint` } }}
        sx={{ flexShrink: 0, mt: -0.75, ml: -1.5 }}
      />
      <Box sx={{ minWidth: 0 }}>
        <Typography component="label" htmlFor={id} sx={{ display: 'block', cursor: 'pointer' }}>
          {label}
        </Typography>
        <Typography id={`${id}-hint`} variant="body2" color="text.secondary">
          {hint}
        </Typography>
      </Box>
    </Box>
  );
}
