import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { FieldErrors } from '../lib/field-errors';

/** The part of useListEditor's state that the list shows and changes. */
interface ListState<T> {
  items: readonly T[];
  /** At the limit: the add form is disabled and `limitText` says why. */
  full: boolean;
  remove: (index: number) => void;
  add: () => unknown;
}

interface ListEditorProps<T> {
  editor: ListState<T>;
  /** Above the list, e.g. a count. */
  header?: ReactNode;
  emptyText: string;
  listLabel: string;
  /** Errors from the server, keyed like `${errorPrefix}.0.field`; shown under their item. */
  errors: FieldErrors;
  errorPrefix: string;
  itemKey: (item: T) => string;
  primary: (item: T) => ReactNode;
  secondary: (item: T) => ReactNode;
  removeLabel: (item: T) => string;
  addHeading: string;
  addLabel: string;
  addIcon: ReactNode;
  limitText: string;
  /** The fields of the add form. */
  children: ReactNode;
}

/** A profile list (emergency contacts, saved locations): the items with Remove, then a form to add one. */
export function ListEditor<T>(props: ListEditorProps<T>) {
  const { editor, errors, errorPrefix } = props;
  const { items, full } = editor;
  return (
    <Stack spacing={2}>
      {props.header}
      {items.length === 0 ? (
        <Typography color="textSecondary">{props.emptyText}</Typography>
      ) : (
        <Paper variant="outlined">
          <List disablePadding aria-label={props.listLabel}>
            {items.map((item, index) => {
              const itemError = Object.entries(errors).find(([path]) => path.startsWith(`${errorPrefix}.${index}.`))?.[1];
              return (
                <ListItem
                  key={props.itemKey(item)}
                  divider={index < items.length - 1}
                  secondaryAction={
                    <IconButton edge="end" aria-label={props.removeLabel(item)} onClick={() => editor.remove(index)}>
                      <DeleteOutlinedIcon />
                    </IconButton>
                  }
                >
                  <ListItemText
                    primary={props.primary(item)}
                    secondary={
                      <>
                        {props.secondary(item)}
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
          {props.addHeading}
        </Typography>
        {props.children}
        <Button variant="outlined" startIcon={props.addIcon} onClick={() => editor.add()} disabled={full} sx={{ alignSelf: 'flex-start' }}>
          {props.addLabel}
        </Button>
        {full && (
          <Typography variant="body2" color="textSecondary">
            {props.limitText}
          </Typography>
        )}
      </Stack>
    </Stack>
  );
}
