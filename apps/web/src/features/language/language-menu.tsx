import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { Language } from '@saathi/shared';
import { APP_LANGUAGES } from '../../i18n/languages';
import { MuiScope } from '../../theme/mui-scope';

interface LanguageMenuProps {
  anchor: HTMLElement | null;
  current: Language | undefined;
  onChoose: (language: Language) => void;
  onClose: () => void;
}

/** The menu half of the language switcher; its own chunk, since menus and popovers are heavy. */
export function LanguageMenu({ anchor, current, onChoose, onClose }: LanguageMenuProps) {
  return (
    <MuiScope>
      <Menu id="language-menu" anchorEl={anchor} open={anchor !== null} onClose={onClose}>
        {APP_LANGUAGES.map((language) => (
          <MenuItem key={language.code} lang={language.code} selected={language.code === current} onClick={() => onChoose(language.code)}>
            {language.nativeName}
          </MenuItem>
        ))}
      </Menu>
    </MuiScope>
  );
}
