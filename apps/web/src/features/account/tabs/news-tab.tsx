import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import {
  isNewsLanguage,
  isNewsType,
  LANGUAGE_NATIVE_NAMES,
  NEWS_CATEGORIES,
  NEWS_LANGUAGES,
  NEWS_TYPES,
  type NewsLanguage,
  type NewsType,
  type User,
} from '@saathi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveProfile } from '../../../entities/profile';
import { SwitchField } from '../components/switch-field';
import { TabSection } from '../components/tab-section';

export function NewsTab({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const { save, isPending } = useSaveProfile();
  const prefs = user.newsPreferences;
  const [language, setLanguage] = useState<NewsLanguage>(isNewsLanguage(prefs.language) ? prefs.language : 'en');
  // Categories this app no longer offers are kept, so saving here never drops them silently.
  const [categories, setCategories] = useState<string[]>(() => [...prefs.categories]);
  const [newsType, setNewsType] = useState<NewsType>(isNewsType(prefs.newsType) ? prefs.newsType : 'all');
  const [breakingNewsAlerts, setBreakingNewsAlerts] = useState(user.breakingNewsAlerts);

  function toggle(category: string, checked: boolean) {
    setCategories((current) => (checked ? [...current, category] : current.filter((item) => item !== category)));
  }

  async function onSave() {
    await save({ newsPreferences: { language, categories, newsType }, breakingNewsAlerts }, { successMessage: t('saved') });
  }

  return (
    <TabSection title={t('tabs.news')} description={t('news.description')} onSave={() => void onSave()} saving={isPending}>
      <TextField
        select
        fullWidth
        id="news-language"
        label={t('news.language')}
        value={language}
        onChange={(event) => {
          if (isNewsLanguage(event.target.value)) setLanguage(event.target.value);
        }}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        {NEWS_LANGUAGES.map((code) => (
          <option key={code} value={code}>
            {LANGUAGE_NATIVE_NAMES[code]}
          </option>
        ))}
      </TextField>
      <FormControl component="fieldset">
        <FormLabel component="legend">{t('news.categories')}</FormLabel>
        <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' } }}>
          {NEWS_CATEGORIES.map((category) => (
            <FormControlLabel
              key={category}
              control={<Checkbox checked={categories.includes(category)} onChange={(event) => toggle(category, event.target.checked)} />}
              label={t(`news.categoryNames.${category}`)}
            />
          ))}
        </FormGroup>
      </FormControl>
      <FormControl component="fieldset">
        <FormLabel component="legend" id="news-type-label">
          {t('news.type')}
        </FormLabel>
        <RadioGroup
          aria-labelledby="news-type-label"
          value={newsType}
          onChange={(event) => {
            if (isNewsType(event.target.value)) setNewsType(event.target.value);
          }}
        >
          {NEWS_TYPES.map((type) => (
            <FormControlLabel key={type} value={type} control={<Radio />} label={t(`news.types.${type}`)} />
          ))}
        </RadioGroup>
      </FormControl>
      <SwitchField label={t('news.breakingAlerts')} hint={t('news.breakingAlertsHint')} checked={breakingNewsAlerts} onChange={setBreakingNewsAlerts} />
    </TabSection>
  );
}
