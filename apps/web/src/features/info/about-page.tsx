import { InfoPage } from './info-page';

export function AboutPage() {
  return <InfoPage page="about" />;
}
