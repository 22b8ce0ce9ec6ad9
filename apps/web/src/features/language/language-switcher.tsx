import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@saathi/shared';
import { changeAppLanguage } from '../../i18n';
import { APP_LANGUAGES } from '../../i18n/languages';
import { TranslateIcon } from '../../components/icons';
import { useSession } from '../../entities/session';
import { useUpdateMeMutation } from '../../entities/user';
import { useToast } from '../../components/toast';
import './language-switcher.css';

const loadLanguageMenu = () => import('./language-menu');
const LanguageMenu = lazy(() => loadLanguageMenu().then((module) => ({ default: module.LanguageMenu })));

/**
 * Switches the UI language, remembers it on this device and, when signed in, on the account.
 * The button's name keeps the English word "Language" in every language, so someone who
 * picked a language they cannot read can still find the way back.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('nav');
  const { isLoggedIn } = useSession();
  const updateMe = useUpdateMeMutation();
  const toast = useToast();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [menuWanted, setMenuWanted] = useState(false);
  const current = APP_LANGUAGES.find((language) => language.code === i18n.resolvedLanguage) ?? APP_LANGUAGES[0];
  const translatedLabel = t('language');
  const accessibleName = translatedLabel === 'Language' ? translatedLabel : `${translatedLabel} (Language)`;

  const choose = async (code: Language) => {
    setAnchor(null);
    const applied = await changeAppLanguage(code);
    if (applied !== code) {
      toast.error(t('languageLoadFailed'));
      return;
    }
    if (isLoggedIn) {
      updateMe.mutate({ language: code }, { onError: () => toast.error(t('languageSaveFailed')) });
    }
  };

  // Fetch the menu's code as soon as the user shows interest, so it opens without a pause.
  const prefetch = () => void loadLanguageMenu();

  return (
    <>
      <button
        type="button"
        className="language-button"
        aria-label={accessibleName}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : 'false'}
        aria-controls={anchor ? 'language-menu' : undefined}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={(event) => {
          setMenuWanted(true);
          setAnchor(event.currentTarget);
        }}
      >
        <TranslateIcon />
        <span lang={current?.code}>{current?.nativeName}</span>
      </button>
      {menuWanted && (
        <Suspense fallback={null}>
          <LanguageMenu anchor={anchor} current={current?.code} onChoose={(code) => void choose(code)} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
