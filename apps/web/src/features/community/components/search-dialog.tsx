import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { BUSINESS_CATEGORY_GROUPS, type BusinessCategoryGroup } from '@saathi/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

export interface SearchValue {
  prompt: string;
  businessCategory: string | null;
}

interface SearchDialogProps {
  value: SearchValue;
  onSearch: (value: SearchValue) => void;
  onClose: () => void;
}

const GROUPS = Object.keys(BUSINESS_CATEGORY_GROUPS) as BusinessCategoryGroup[];

/** 'Search Posts': a keyword and a business category; Clear empties both and shows every post again. */
export function SearchDialog({ value, onSearch, onClose }: SearchDialogProps) {
  const { t } = useTranslation(['community', 'account']);
  const [prompt, setPrompt] = useState(value.prompt);
  const [category, setCategory] = useState(value.businessCategory ?? '');

  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch({ prompt: prompt.trim(), businessCategory: category || null });
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="search-posts-title">
      <form onSubmit={submit}>
        <DialogTitle id="search-posts-title">{t('search.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              autoFocus
              label={t('search.keyword')}
              value={prompt}
              onChange={(event) => setPrompt(event.target.value)}
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
            <TextField
              select
              label={t('search.category')}
              value={category}
              onChange={(event) => setCategory(event.target.value)}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value="">{t('search.allCategories')}</option>
              {GROUPS.map((group) => (
                <optgroup key={group} label={t(`account:businessGroups.${group}`)}>
                  {BUSINESS_CATEGORY_GROUPS[group].map((code) => (
                    <option key={code} value={code}>
                      {t(`account:businessCategories.${code}`)}
                    </option>
                  ))}
                </optgroup>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button
            onClick={() => {
              setPrompt('');
              setCategory('');
              onSearch({ prompt: '', businessCategory: null });
            }}
          >
            {t('search.clear')}
          </Button>
          <Button type="submit" variant="contained">
            {t('search.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
