import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface TabSectionProps {
  title: string;
  description?: string;
  children: ReactNode;
  /** Omit for sections that apply each change at once (the language). */
  onSave?: () => void;
  saving?: boolean;
}

/** The frame of one account tab: a heading, the fields and one Save button with its pending state. */
export function TabSection({ title, description, children, onSave, saving = false }: TabSectionProps) {
  const { t } = useTranslation('account');
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2.5}>
        <div>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          {description && (
            <Typography variant="body2" color="textSecondary">
              {description}
            </Typography>
          )}
        </div>
        {children}
        {onSave && (
          <Button variant="contained" onClick={onSave} loading={saving} sx={{ alignSelf: 'flex-start', minWidth: 120 }}>
            {t('save')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
