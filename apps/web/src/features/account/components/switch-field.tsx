import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

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
        <Typography id={`${id}-hint`} variant="body2" color="textSecondary">
          {hint}
        </Typography>
      </Box>
    </Box>
  );
}

interface SwitchFieldsProps<K extends string> {
  keys: readonly K[];
  /** Where the texts are in the account namespace: `${section}.${key}` and `${section}.${key}Hint`. */
  section: string;
  values: Record<K, boolean>;
  onChange: (values: Record<K, boolean>) => void;
}

/** A tab's boolean settings, one SwitchField each. */
export function SwitchFields<K extends string>({ keys, section, values, onChange }: SwitchFieldsProps<K>) {
  const { t } = useTranslation('account');
  return (
    <Stack spacing={2}>
      {keys.map((key) => (
        <SwitchField
          key={key}
          label={t(`${section}.${key}`)}
          hint={t(`${section}.${key}Hint`)}
          checked={values[key]}
          onChange={(checked) => onChange({ ...values, [key]: checked })}
        />
      ))}
    </Stack>
  );
}
