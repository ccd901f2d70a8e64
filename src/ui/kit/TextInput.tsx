/**
 * Text inputs of spec document 1 §2: the label carries a required asterisk; once the field is touched
 * (left after focusing) or disabled, and it is invalid, its border and label turn red and the error
 * text shows. Before that, an error is kept quiet so a blank form does not open in red.
 *
 * `touched` lets a form mark every field touched at once (after a submit attempt).
 */
import {
  PasswordInput as MantinePasswordInput,
  TextInput as MantineTextInput,
  type PasswordInputProps as MantinePasswordInputProps,
  type TextInputProps as MantineTextInputProps,
} from '@mantine/core';
import { useState, type FocusEvent, type ReactNode } from 'react';

interface TouchedErrorProps {
  error?: ReactNode;
  touched?: boolean;
  disabled?: boolean;
  required?: boolean;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
}

const INVALID_COLOR = 'var(--mantine-color-error)';

/** What the input shows: the error only once touched or disabled, and the red label with it. */
function useTouchedError({ error, touched, disabled, onBlur }: TouchedErrorProps) {
  const [blurred, setBlurred] = useState(false);
  const visible = Boolean(error) && (blurred || Boolean(touched) || Boolean(disabled));
  return {
    error: visible ? error : undefined,
    onBlur: (event: FocusEvent<HTMLInputElement>) => {
      setBlurred(true);
      onBlur?.(event);
    },
    styles: visible ? { label: { color: INVALID_COLOR }, input: { borderColor: INVALID_COLOR } } : undefined,
    'data-invalid': visible ? true : undefined,
  };
}

export type TextInputProps = Omit<MantineTextInputProps, 'withAsterisk' | 'styles'> & { touched?: boolean };

export function TextInput({ error, touched, disabled, required, onBlur, ...rest }: TextInputProps) {
  const shown = useTouchedError({ error, touched, disabled, onBlur });
  return (
    <MantineTextInput
      {...rest}
      disabled={disabled}
      // Validation is the form's (with the spec's messages), not the browser's bubble: no native `required`.
      withAsterisk={required}
      aria-required={required || undefined}
      error={shown.error}
      onBlur={shown.onBlur}
      styles={shown.styles}
      wrapperProps={{ 'data-invalid': shown['data-invalid'] }}
    />
  );
}

export type PasswordInputProps = Omit<MantinePasswordInputProps, 'withAsterisk' | 'styles'> & { touched?: boolean };

export function PasswordInput({ error, touched, disabled, required, onBlur, ...rest }: PasswordInputProps) {
  const shown = useTouchedError({ error, touched, disabled, onBlur });
  return (
    <MantinePasswordInput
      {...rest}
      disabled={disabled}
      withAsterisk={required}
      aria-required={required || undefined}
      error={shown.error}
      onBlur={shown.onBlur}
      styles={shown.styles}
      wrapperProps={{ 'data-invalid': shown['data-invalid'] }}
    />
  );
}
