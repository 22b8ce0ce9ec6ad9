import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import PersonAddAltIcon from '@mui/icons-material/PersonAddAlt';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LIMITS } from '@saathi/shared';
import { useTranslation } from 'react-i18next';
import type { ContactsEditorState } from '../hooks/use-contacts-editor';
import { RELATIONS } from '../lib/contacts';
import type { FieldErrors } from '../lib/field-errors';

interface EmergencyContactsEditorProps {
  editor: ContactsEditorState;
  /** Errors from the server, keyed like 'emergencyContacts.1.phoneNumber'. */
  errors?: FieldErrors;
}

/** Shows '9876543210' as '98765 43210', the way Indian numbers are read out. */
export function formatIndianMobile(digits: string): string {
  return /^\d{10}$/.test(digits) ? `${digits.slice(0, 5)} ${digits.slice(5)}` : digits;
}

export function EmergencyContactsEditor({ editor, errors = {} }: EmergencyContactsEditorProps) {
  const { t } = useTranslation('profile');
  const { contacts, draft, draftErrors } = editor;
  const full = contacts.length >= LIMITS.emergencyContactsMax;
  const relationLabel = (relation: string | undefined) =>
    relation && (RELATIONS as readonly string[]).includes(relation) ? t(`relations.${relation}`) : (relation ?? '');

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('contacts.count', { current: contacts.length, count: LIMITS.emergencyContactsMax })}
      </Typography>
      {contacts.length === 0 ? (
        <Typography color="text.secondary">{t('contacts.empty')}</Typography>
      ) : (
        <Paper variant="outlined">
          <List disablePadding aria-label={t('contacts.listLabel')}>
            {contacts.map((contact, index) => {
              const itemError = Object.entries(errors).find(([path]) =>
                path.startsWith(`emergencyContacts.${index}.`),
              )?.[1];
              return (
                <ListItem
                  key={contact.phoneNumber}
                  divider={index < contacts.length - 1}
                  secondaryAction={
                    <IconButton
                      edge="end"
                      aria-label={t('contacts.remove', { name: contact.name })}
                      onClick={() => editor.remove(index)}
                    >
                      <DeleteOutlinedIcon />
                    </IconButton>
                  }
                >
                  <ListItemText
                    primary={contact.name}
                    secondary={
                      <>
                        {[formatIndianMobile(contact.phoneNumber), relationLabel(contact.relation)]
                          .filter(Boolean)
                          .join(' · ')}
                        {itemError && (
                          <Typography component="span" color="error" variant="body2" sx={{ display: 'block' }}>
                            {itemError}
                          </Typography>
                        )}
                      </>
                    }
                  />
                </ListItem>
              );
            })}
          </List>
        </Paper>
      )}

      <Stack spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
          {t('contacts.addHeading')}
        </Typography>
        <TextField
          id="contact-name"
          label={t('contacts.name')}
          value={draft.name}
          onChange={(event) => editor.changeDraft({ ...draft, name: event.target.value })}
          error={Boolean(draftErrors.name)}
          helperText={draftErrors.name}
          disabled={full}
          fullWidth
          slotProps={{ htmlInput: { maxLength: LIMITS.nameMax } }}
        />
        <TextField
          id="contact-phone"
          type="tel"
          label={t('contacts.phone')}
          value={draft.phoneNumber}
          onChange={(event) => editor.changeDraft({ ...draft, phoneNumber: event.target.value })}
          error={Boolean(draftErrors.phoneNumber)}
          helperText={draftErrors.phoneNumber ?? t('contacts.phoneHint')}
          disabled={full}
          fullWidth
          slotProps={{ htmlInput: { inputMode: 'tel', maxLength: 16 } }}
        />
        <TextField
          select
          id="contact-relation"
          label={t('contacts.relation')}
          value={draft.relation}
          onChange={(event) => editor.changeDraft({ ...draft, relation: event.target.value })}
          error={Boolean(draftErrors.relation)}
          helperText={draftErrors.relation}
          disabled={full}
          fullWidth
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">{t('contacts.noRelation')}</option>
          {RELATIONS.map((relation) => (
            <option key={relation} value={relation}>
              {t(`relations.${relation}`)}
            </option>
          ))}
        </TextField>
        <Button
          variant="outlined"
          startIcon={<PersonAddAltIcon />}
          onClick={() => editor.add()}
          disabled={full}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('contacts.add')}
        </Button>
        {full && (
          <Typography variant="body2" color="text.secondary">
            {t('contacts.limit', { count: LIMITS.emergencyContactsMax })}
          </Typography>
        )}
      </Stack>
    </Stack>
  );
}
