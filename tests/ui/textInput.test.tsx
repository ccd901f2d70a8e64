/** The kit's text input (spec document 1 §2): asterisk, then red border, red label and error once touched or disabled. */
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TextInput } from '../../src/ui/kit/TextInput';

function field(props: Partial<Parameters<typeof TextInput>[0]> = {}) {
  return render(
    <MantineProvider env="test">
      <TextInput label="Company Name" required error="Company Name is required" {...props} />
    </MantineProvider>,
  );
}

const RED = 'var(--mantine-color-error)';

describe('kit text input', () => {
  it('shows a required asterisk on its label', () => {
    field();
    const label = screen.getByText('Company Name').closest('label')!;
    expect(label.textContent).toContain('*');
    expect(screen.getByRole('textbox', { name: /Company Name/ }).getAttribute('aria-required')).toBe('true');
  });

  it('keeps an error quiet until the field is touched, then turns border and label red and shows it', async () => {
    const user = userEvent.setup();
    field();
    const input = screen.getByRole('textbox', { name: /Company Name/ });
    const label = screen.getByText('Company Name').closest('label')!;
    expect(screen.queryByText('Company Name is required')).toBeNull();
    expect(input.getAttribute('aria-invalid')).not.toBe('true');
    expect(label.style.color).toBe('');

    await user.click(input);
    await user.tab();
    expect(screen.getByText('Company Name is required')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(label.style.color).toBe(RED);
    expect(input.style.borderColor).toBe(RED);
  });

  it('shows the error at once when disabled and invalid', () => {
    field({ disabled: true });
    expect(screen.getByText('Company Name is required')).toBeTruthy();
    expect(screen.getByText('Company Name').closest('label')!.style.color).toBe(RED);
  });

  it('shows the error when the form marks every field touched (after a submit attempt)', () => {
    field({ touched: true });
    expect(screen.getByText('Company Name is required')).toBeTruthy();
  });

  it('stays neutral when touched but valid', async () => {
    const user = userEvent.setup();
    field({ error: undefined });
    await user.click(screen.getByRole('textbox', { name: /Company Name/ }));
    await user.tab();
    expect(screen.getByText('Company Name').closest('label')!.style.color).toBe('');
  });
});
