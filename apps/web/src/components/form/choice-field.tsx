import type { ComponentProps } from 'react';
import { NativeSelectField } from '../form-fields';

export interface ChoiceOption<V extends string> {
  value: V;
  label: string;
  /** The option's language, when its label is not in the UI language (e.g. a language's own name). */
  lang?: string;
}

/** Options shown under a heading (an <optgroup>). */
export interface ChoiceGroup<V extends string> {
  label: string;
  options: readonly ChoiceOption<V>[];
}

/** What a select of one kind (profession, language…) takes from the form that shows it. */
export interface ChoiceProps<V extends string> {
  value: V;
  onChange: (value: V) => void;
  error?: string | undefined;
  hint?: string | undefined;
}

type ChoiceFieldProps<V extends string> = Omit<ComponentProps<typeof NativeSelectField>, keyof ChoiceProps<V> | 'onValue' | 'children'> &
  ChoiceProps<V> & {
    /** The choices in order (one with value '' leaves the field unset); a group is shown under its heading. */
    options: readonly (ChoiceOption<V> | ChoiceGroup<V>)[];
  };

function isGroup<V extends string>(entry: ChoiceOption<V> | ChoiceGroup<V>): entry is ChoiceGroup<V> {
  return 'options' in entry;
}

function renderOption<V extends string>(option: ChoiceOption<V>) {
  return (
    <option key={option.value} value={option.value} lang={option.lang}>
      {option.label}
    </option>
  );
}

/**
 * A select of fixed choices (NativeSelectField). It reports only a value it offers, typed as
 * such, so callers need no type guard of their own.
 */
export function ChoiceField<V extends string>({ options, onChange, ...field }: ChoiceFieldProps<V>) {
  const offered = options.flatMap((entry) => (isGroup(entry) ? entry.options : [entry]));

  const choose = (next: string) => {
    const chosen = offered.find((option) => option.value === next);
    if (chosen) onChange(chosen.value);
  };

  return (
    <NativeSelectField {...field} onValue={choose}>
      {options.map((entry) =>
        isGroup(entry) ? (
          <optgroup key={entry.label} label={entry.label}>
            {entry.options.map(renderOption)}
          </optgroup>
        ) : (
          renderOption(entry)
        ),
      )}
    </NativeSelectField>
  );
}
