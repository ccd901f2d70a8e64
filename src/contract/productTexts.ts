/**
 * The English the product writes into every tenant's own records when it provisions them
 * (server/domain/admin/tenant-catalogue.ts): the privileges' names and descriptions, each feature's name and
 * description, the built-in roles' descriptions. They are rows an administrator may rename, so the server stores
 * them as text. The client shows such a text in the person's language while it is still the product's
 * (src/ui/screens/admin/productRecordWords.ts), and as typed once someone has changed it (issue 34).
 */
import { GUARDED_ROUTES, SITE_CONFIGURATION } from './routes';

export const PRIVILEGE_NAMES: Readonly<Record<string, string>> = {
  VIEW: 'View',
  CREATE: 'Create',
  UPDATE: 'Update',
  DELETE: 'Delete',
  [SITE_CONFIGURATION.showNavigation]: 'Show Navigation',
};

export const privilegeDescription = (name: string): string => `${name} privilege`;

/** A feature's name: its screen's path in words ("manage-user" → "Manage User"), or its code's. */
export function featureName(code: string): string {
  const route = GUARDED_ROUTES.find((r) => r.code === code);
  const words = (route?.path ?? code.toLowerCase())
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/[-_\s]+/)
    .filter(Boolean);
  return words.map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()).join(' ');
}

export const featureDescription = (code: string): string => `Screen ${code}`;

export type BuiltInRoleName = 'ADMIN' | 'USER' | 'CLIENT' | 'OPERATOR';

export const BUILT_IN_ROLE_DESCRIPTIONS: Readonly<Record<BuiltInRoleName, string>> = {
  ADMIN: 'Subscriber administrator: every screen with every privilege',
  USER: 'Field engineer: own calls, calendar, spare-part requests and activity log',
  CLIENT: "Client company user: raises and follows the company's tickets",
  OPERATOR: "Platform operator: subscribers, subscription requests, and the platform tenant's own people and roles",
};
