import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { EmergencyContact } from '@saathi/shared';
import { PersonAddIcon, PhoneIcon } from '../../components/icons';

/** The user's emergency contacts, each one tap from a call; or a way to add them. */
export function EmergencyContactsCard({ contacts }: { contacts: readonly EmergencyContact[] }) {
  const { t } = useTranslation('dashboard');
  return (
    <section className="dash-card" aria-labelledby="contacts-heading">
      <h2 id="contacts-heading" className="dash-card__title">
        {t('contacts.title')}
      </h2>
      {contacts.length === 0 ? (
        <>
          <p className="dash-card__muted">{t('contacts.empty')}</p>
          <Link to="/account" className="dash-button dash-button--outlined">
            <PersonAddIcon size={20} />
            {t('contacts.add')}
          </Link>
        </>
      ) : (
        <>
          <ul className="dash-contacts">
            {contacts.map((contact) => (
              <li key={`${contact.phoneNumber}-${contact.name}`}>
                <span className="dash-contacts__who">
                  <span className="dash-contacts__name">{contact.name}</span>
                  <span className="dash-contacts__detail">{contact.relation ? `${contact.relation} · ${contact.phoneNumber}` : contact.phoneNumber}</span>
                </span>
                <a
                  href={`tel:+91${contact.phoneNumber}`}
                  className="dash-button dash-button--outlined dash-button--small"
                  aria-label={t('contacts.call', { name: contact.name })}
                >
                  <PhoneIcon size={18} />
                  {t('contacts.callShort')}
                </a>
              </li>
            ))}
          </ul>
          <Link to="/account" className="dash-button dash-button--text">
            {t('contacts.manage')}
          </Link>
        </>
      )}
    </section>
  );
}
