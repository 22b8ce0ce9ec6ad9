import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Box from '@mui/material/Box';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { NEWS_CATEGORIES, NEWS_LIMITS, type NewsCategory } from '@saathi/shared';
import { useTranslation } from 'react-i18next';
import { FormTextField, NativeSelectField } from '../../../components/form-fields';
import { useCategoryNames } from '../../news';
import type { DeskForm } from '../desk-form';
import { ImageField } from './image-field';
import { SectionCard } from '../../../components/section-card';

type DetailFields = Pick<DeskForm, 'slug' | 'category' | 'tags' | 'breaking' | 'author' | 'image'>;

interface DetailsSectionProps {
  form: DetailFields;
  onChange: (patch: Partial<DetailFields>) => void;
  /** Field errors the server named. */
  errors: Partial<Record<keyof DetailFields, string>>;
  isNew: boolean;
}

const isCategory = (value: string): value is NewsCategory => (NEWS_CATEGORIES as readonly string[]).includes(value);

/** What the article is besides its text: link name, category, tags, author, breaking, picture. */
export function DetailsSection({ form, onChange, errors, isNew }: DetailsSectionProps) {
  const { t } = useTranslation('news');
  const categoryNames = useCategoryNames();
  return (
    <SectionCard title={t('desk.details')}>
      <Stack spacing={2}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <FormTextField
            label={t('desk.fields.slug')}
            value={form.slug}
            onValue={(slug) => onChange({ slug })}
            error={errors.slug}
            hint={isNew ? t('desk.fields.slugHintNew') : t('desk.fields.slugHint')}
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: NEWS_LIMITS.slugMax, spellCheck: false, autoCapitalize: 'none' } }}
          />
          <NativeSelectField
            label={t('desk.fields.category')}
            value={form.category}
            onValue={(value) => isCategory(value) && onChange({ category: value })}
            error={errors.category}
          >
            {NEWS_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {categoryNames[category]}
              </option>
            ))}
          </NativeSelectField>
          <FormTextField
            label={t('desk.fields.author')}
            value={form.author}
            onValue={(author) => onChange({ author })}
            error={errors.author}
            slotProps={{ htmlInput: { maxLength: NEWS_LIMITS.authorMax } }}
          />
          <FormTextField
            label={t('desk.fields.tags')}
            value={form.tags}
            onValue={(tags) => onChange({ tags })}
            error={errors.tags}
            hint={t('desk.fields.tagsHint')}
            autoComplete="off"
          />
        </Box>
        <Box>
          <FormControlLabel
            control={<Switch checked={form.breaking} onChange={(event) => onChange({ breaking: event.target.checked })} />}
            label={t('desk.fields.breaking')}
          />
          <Typography variant="body2" color="textSecondary">
            {t('desk.fields.breakingHint')}
          </Typography>
        </Box>
        <ImageField value={form.image} onChange={(image) => onChange({ image })} />
      </Stack>
    </SectionCard>
  );
}
