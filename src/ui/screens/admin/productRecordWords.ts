/**
 * The product's own texts in a tenant's records (src/contract/productTexts.ts: privileges, features, built-in
 * roles) in the person's language (issue 34). A text is worded only while it is still the product's English; once an
 * administrator has renamed a feature or rewritten a role's description, it is theirs and shows as they typed it.
 */
import { BUILT_IN_ROLE_DESCRIPTIONS, featureDescription, featureName, PRIVILEGE_NAMES, privilegeDescription, type BuiltInRoleName } from '../../../contract/productTexts';
import { GUARDED_ROUTES } from '../../../contract/routes';
import type { TKey, Translate } from '../../../i18n';
import { en } from '../../../i18n/en';
import { routeTitle } from '../../shell/titles';
import type { Row } from '../module/listView';

const worded = (key: string, t: Translate, values?: Record<string, string>): string => t(`admin.product.${key}` as TKey, values);

/** A privilege's name: "View" in the person's language while it is the product's. */
export function privilegeTitle(code: string, stored: unknown, t: Translate): string {
  const text = typeof stored === 'string' && stored.trim() ? stored : code;
  return PRIVILEGE_NAMES[code] === text && code in en.admin.product.privileges ? worded(`privileges.${code}`, t) : text;
}

/**
 * A feature's title: its screen's title (the menu's and the breadcrumb's words) or the product's word for a
 * feature without a screen of its own, while the stored name is the product's; else the stored name, else the code.
 */
export function featureTitle(code: string, stored: unknown, t: Translate): string {
  const text = typeof stored === 'string' && stored.trim() ? stored : undefined;
  if (text !== undefined && text !== featureName(code)) return text;
  const route = GUARDED_ROUTES.find((r) => r.code === code);
  if (route) return routeTitle(route.path, t);
  return code in en.admin.product.features ? worded(`features.${code}`, t) : (text ?? code);
}

/** The cells of the feature, privilege and role lists that hold the product's texts; other cells as the list words them. */
export function productRecordCells(module: string, t: Translate): ((row: Row, column: string) => string | undefined) | undefined {
  switch (module) {
    case 'feature':
      return (row, column) => {
        const code = String(row.code ?? '');
        if (column === 'name') return featureTitle(code, row.name, t);
        if (column === 'description' && row.description === featureDescription(code)) return worded('featureDescription', t, { code });
        return undefined;
      };
    case 'privilege':
      return (row, column) => {
        const code = String(row.code ?? '');
        if (column === 'name') return privilegeTitle(code, row.name, t);
        if (column === 'description' && typeof row.name === 'string' && row.description === privilegeDescription(row.name)) return worded('privilegeDescription', t, { name: privilegeTitle(code, row.name, t) });
        return undefined;
      };
    case 'role':
      return (row, column) => {
        const name = String(row.name ?? '') as BuiltInRoleName;
        if (column === 'description' && name in BUILT_IN_ROLE_DESCRIPTIONS && row.description === BUILT_IN_ROLE_DESCRIPTIONS[name]) return worded(`roles.${name}`, t);
        return undefined;
      };
    default:
      return undefined;
  }
}
