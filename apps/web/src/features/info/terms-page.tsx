import { InfoPage } from './info-page';

export function TermsPage() {
  return <InfoPage page="terms" />;
}
