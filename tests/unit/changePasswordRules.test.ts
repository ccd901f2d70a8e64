/** The change-password form rules of spec document 1 §5, with its exact texts. */
import { describe, expect, it } from 'vitest';
import { PASSWORD_RULE, validateChangePassword } from '../../src/machines/flows/changePassword';

const RULE_TEXT = 'Password must contain at least one lowercase letter, uppercase letter, number, and special character.';

describe('password rule', () => {
  it.each(['Abcdef1!', 'abcdefg1@', '12345678#', 'A1!a'.padEnd(20, 'x'), 'Pass#word$2024%^&*'])('accepts %s', (password) => {
    expect(PASSWORD_RULE.test(password)).toBe(true);
  });
  it.each([
    ['too short', 'Ab1!xyz'],
    ['too long', 'A1!a'.padEnd(21, 'x')],
    ['no digit', 'Abcdefg!'],
    ['no special', 'Abcdefg1'],
    ['a special outside the list', 'Abcdef1(x'],
    ['a space', 'Abc def1!'],
  ])('refuses a password with %s', (_, password) => {
    expect(PASSWORD_RULE.test(password)).toBe(false);
  });
});

describe('validateChangePassword', () => {
  it('passes a complete, matching form', () => {
    expect(validateChangePassword({ oldPassword: 'x', newPassword: 'Fresh#2024', confirmPassword: 'Fresh#2024' })).toEqual({});
  });
  it('reports every field of an empty form with the spec texts', () => {
    expect(validateChangePassword({ oldPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      oldPassword: 'Enter current password',
      newPassword: RULE_TEXT,
      confirmPassword: 'Confirm password is a required field',
    });
  });
  it('reports a mismatch on the confirmation', () => {
    expect(validateChangePassword({ oldPassword: 'x', newPassword: 'Fresh#2024', confirmPassword: 'Fresh#2025' })).toEqual({
      confirmPassword: 'Passwords must match',
    });
  });
  it('reports a mismatch even when the new password breaks the rule', () => {
    expect(validateChangePassword({ oldPassword: 'x', newPassword: 'weak', confirmPassword: 'other' })).toEqual({
      newPassword: RULE_TEXT,
      confirmPassword: 'Passwords must match',
    });
  });
});
