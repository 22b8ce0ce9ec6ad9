import PersonAddAltIcon from '@mui/icons-material/PersonAddAlt';
import Typography from '@mui/material/Typography';
import { LIMITS } from '@saathi/shared';
import { useTranslation } from 'react-i18next';
import type { ContactsEditorState } from '../hooks/use-contacts-editor';
import { RELATIONS } from '../lib/contacts';
import type { FieldErrors } from '../lib/field-errors';
import { FormTextField } from '../../../components/form-fields';
import { ChoiceField } from '../../../components/form/choice-field';
import { formatIndianMobile } from '../../../lib/indian-mobile';
import { ListEditor } from './list-editor';

interface EmergencyContactsEditorProps {
  editor: ContactsEditorState;
  /** Errors from the server, keyed like 'emergencyContacts.1.phoneNumber'. */
  errors?: FieldErrors;
}

export function EmergencyContactsEditor({ editor, errors = {} }: EmergencyContactsEditorProps) {
  const { t } = useTranslation('profile');
  const contacts = editor.items;
  const relationLabel = (relation: string | undefined) =>
    relation && (RELATIONS as readonly string[]).includes(relation) ? t(`relations.${relation}`) : (relation ?? '');

  return (
    <ListEditor
      editor={editor}
      header={
        <Typography variant="body2" color="textSecondary">
          {t('contacts.count', { current: contacts.length, count: LIMITS.emergencyContactsMax })}
        </Typography>
      }
      emptyText={t('contacts.empty')}
      listLabel={t('contacts.listLabel')}
      errors={errors}
      errorPrefix="emergencyContacts"
      itemKey={(contact) => contact.phoneNumber}
      primary={(contact) => contact.name}
      secondary={(contact) => [formatIndianMobile(contact.phoneNumber), relationLabel(contact.relation)].filter(Boolean).join(' · ')}
      removeLabel={(contact) => t('contacts.remove', { name: contact.name })}
      addHeading={t('contacts.addHeading')}
      addLabel={t('contacts.add')}
      addIcon={<PersonAddAltIcon />}
      limitText={t('contacts.limit', { count: LIMITS.emergencyContactsMax })}
    >
      <FormTextField id="contact-name" label={t('contacts.name')} {...editor.draftField('name')} slotProps={{ htmlInput: { maxLength: LIMITS.nameMax } }} />
      <FormTextField
        id="contact-phone"
        type="tel"
        label={t('contacts.phone')}
        {...editor.draftField('phoneNumber')}
        hint={t('contacts.phoneHint')}
        slotProps={{ htmlInput: { inputMode: 'tel', maxLength: 16 } }}
      />
      <ChoiceField
        id="contact-relation"
        label={t('contacts.relation')}
        options={[{ value: '', label: t('contacts.noRelation') }, ...RELATIONS.map((relation) => ({ value: relation, label: t(`relations.${relation}`) }))]}
        value={editor.draft.relation}
        onChange={(relation) => editor.changeDraft({ relation })}
        error={editor.draftErrors.relation}
        disabled={editor.full}
      />
    </ListEditor>
  );
}
