import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AddResult, FieldErrors } from '../lib/field-errors';

/** The draft's text fields (a checkbox, say, is changed with changeDraft). */
type DraftTextKey<Draft> = { [K in keyof Draft]: Draft[K] extends string ? K : never }[keyof Draft] & string;

interface ListDraftRules<Item, Draft> {
  empty: Draft;
  /** How many items the list may hold (LIMITS). */
  max: number;
  isEmpty: (draft: Draft) => boolean;
  add: (t: TFunction<'profile'>, items: readonly Item[], draft: Draft) => AddResult<Item>;
}

/**
 * State of a profile list editor (contacts, locations) and the item being typed, kept by the
 * screen that saves it so that an item typed but not yet added is not lost on Next or Save.
 */
export function useListEditor<Item, Draft>(initial: readonly Item[], rules: ListDraftRules<Item, Draft>) {
  const { t } = useTranslation('profile');
  const [items, setItems] = useState<Item[]>(() => [...initial]);
  const [draft, setDraft] = useState<Draft>(rules.empty);
  const [draftErrors, setDraftErrors] = useState<FieldErrors>({});
  /** At the limit: the add form is disabled. */
  const full = items.length >= rules.max;

  /** Adds the typed item; returns the new list, or null when it is invalid. */
  function add(): Item[] | null {
    const result = rules.add(t, items, draft);
    if (!result.ok) {
      setDraftErrors(result.errors);
      return null;
    }
    setItems(result.items);
    setDraft(rules.empty);
    setDraftErrors({});
    return result.items;
  }

  /** The list to save: includes a typed, valid item; null when the typed one is invalid. */
  function listToSave(): Item[] | null {
    return rules.isEmpty(draft) ? items : add();
  }

  function remove(index: number) {
    setItems((current) => current.filter((_, i) => i !== index));
  }

  function update(index: number, change: (item: Item) => Item) {
    setItems((current) => current.map((item, i) => (i === index ? change(item) : item)));
  }

  /**
   * Changes some of the draft's fields. Merged into the draft as it is when the change lands, not
   * as it was when the handler was made: a change from an async step (the phone's location) or two
   * changes before the next render keep each other.
   */
  function changeDraft(patch: Partial<Draft>) {
    setDraft((current) => ({ ...current, ...patch }));
    if (Object.keys(draftErrors).length > 0) setDraftErrors({});
  }

  /** What a text field of the add form shares: its value, change, error and disabling at the limit. */
  function draftField(key: DraftTextKey<Draft>) {
    return {
      value: draft[key] as string,
      onValue: (value: string) => changeDraft({ [key]: value } as Partial<Draft>),
      error: draftErrors[key],
      disabled: full,
    };
  }

  return { items, setItems, draft, draftErrors, full, add, remove, update, changeDraft, draftField, listToSave };
}
