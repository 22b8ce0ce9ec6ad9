import { InfoPage } from './info-page';

export function HelpPage() {
  return <InfoPage page="help" />;
}
