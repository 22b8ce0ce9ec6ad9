import { InfoPage } from './info-page';
import { PrivacyNotice } from './privacy-notice';

/** `/tnc`: the terms of use, then the privacy notice (linked as /tnc#privacy). */
export function TermsPage() {
  return (
    <InfoPage page="terms">
      <PrivacyNotice />
    </InfoPage>
  );
}
