// The language switcher, on the app bar (app/layout) and on the sign-in screen (auth).
export { LanguageSwitcher } from './language-switcher';
