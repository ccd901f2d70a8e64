import { describe, expect, it } from 'vitest';
import { canOpenRoute, hasPermission, showsNavigation, type PermissionEntry } from '../../src/contract/permissions';
import { GUARDED_ROUTES } from '../../src/contract/routes';

const route = (path: string) => {
  const found = GUARDED_ROUTES.find((candidate) => candidate.path === path);
  if (!found) throw new Error(path);
  return found;
};

const entries: PermissionEntry[] = [
  { screenCode: 'MANAGE_ROLE', privileges: [{ code: 'VIEW' }] },
  { screenCode: 'MANAGE_ROLE', privileges: [{ code: 'UPDATE' }] },
  { screenCode: 'MANAGE_SUBSCRIBER', privileges: [{ code: 'VIEW' }, { code: 'CREATE' }] },
  { screenCode: 'CLIENT_TICKET', privileges: [] },
];

describe('hasPermission', () => {
  it('is true when an entry for the screen code includes the privilege', () => {
    expect(hasPermission(entries, 'MANAGE_SUBSCRIBER', 'CREATE')).toBe(true);
  });
  it('combines the privileges of several entries for one screen code', () => {
    expect(hasPermission(entries, 'MANAGE_ROLE', 'VIEW')).toBe(true);
    expect(hasPermission(entries, 'MANAGE_ROLE', 'UPDATE')).toBe(true);
    expect(hasPermission(entries, 'MANAGE_ROLE', 'DELETE')).toBe(false);
  });
  it('is false without an entry, with an empty entry, or without a list', () => {
    expect(hasPermission(entries, 'MANAGE_USER', 'VIEW')).toBe(false);
    expect(hasPermission(entries, 'CLIENT_TICKET', 'VIEW')).toBe(false);
    expect(hasPermission([], 'MANAGE_ROLE', 'VIEW')).toBe(false);
    expect(hasPermission(null, 'MANAGE_ROLE', 'VIEW')).toBe(false);
    expect(hasPermission(undefined, 'MANAGE_ROLE', 'VIEW')).toBe(false);
  });
  it('matches codes exactly', () => {
    expect(hasPermission(entries, 'manage_role', 'VIEW')).toBe(false);
    expect(hasPermission(entries, 'MANAGE_ROLE', 'view')).toBe(false);
  });
});

describe('canOpenRoute', () => {
  it('needs VIEW on the route code', () => {
    expect(canOpenRoute(entries, route('manage-role'), [{ name: 'ADMIN' }])).toBe(true);
    expect(canOpenRoute(entries, route('manage-user'), [{ name: 'ADMIN' }])).toBe(false);
    expect(canOpenRoute([{ screenCode: 'MANAGE_USER', privileges: [{ code: 'CREATE' }] }], route('manage-user'), [])).toBe(false);
  });
  it('refuses manage-subscriber to a stored role USER, even with the privilege', () => {
    expect(canOpenRoute(entries, route('manage-subscriber'), [{ name: 'OPERATOR' }])).toBe(true);
    expect(canOpenRoute(entries, route('manage-subscriber'), [{ name: 'USER' }])).toBe(false);
    expect(canOpenRoute(entries, route('manage-subscriber'), ['USER'])).toBe(false);
    expect(canOpenRoute(entries, route('manage-subscriber'), [{ name: 'OPERATOR' }, { name: 'USER' }])).toBe(false);
    expect(canOpenRoute(entries, route('manage-subscriber'), null)).toBe(true);
  });
  it('does not apply the USER refusal to other routes', () => {
    expect(canOpenRoute(entries, route('manage-role'), [{ name: 'USER' }])).toBe(true);
  });
});

describe('showsNavigation', () => {
  it('follows SITE_CONFIGURATION / SHOW_NAVIGATION', () => {
    expect(showsNavigation(entries)).toBe(false);
    expect(showsNavigation([...entries, { screenCode: 'SITE_CONFIGURATION', privileges: [{ code: 'SHOW_NAVIGATION' }] }])).toBe(true);
    expect(showsNavigation([{ screenCode: 'SITE_CONFIGURATION', privileges: [{ code: 'VIEW' }] }])).toBe(false);
  });
});
