/**
 * Issue 34: the texts the product writes into every tenant's records (privileges, features, built-in roles) are
 * worded in the person's language while they are the product's, and shown as typed once an administrator changed them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_ROLE_DESCRIPTIONS, PRIVILEGE_NAMES } from '../../src/contract/productTexts';
import { loadDictionary, translator } from '../../src/i18n/dictionaries';
import { en } from '../../src/i18n/en';
import { tenantOffer } from '../../server/domain/admin/tenant-catalogue';
import { featureTitle, privilegeTitle, productRecordCells } from '../../src/ui/screens/admin/productRecordWords';

const LOCALES = ['fr', 'zh', 'ja'] as const;
const offer = tenantOffer({ platform: true });
/** Words French writes as English does: worded from the dictionary all the same. */
const SAME_IN_FRENCH: readonly string[] = ['QUESTIONS'];

beforeAll(async () => {
  for (const locale of LOCALES) await loadDictionary(locale);
});

describe("the product's texts in tenants' records", () => {
  it("the English dictionary says exactly what the server writes", () => {
    expect(en.admin.product.privileges).toEqual(PRIVILEGE_NAMES);
    expect(en.admin.product.roles).toEqual(BUILT_IN_ROLE_DESCRIPTIONS);
    const english = translator('en');
    for (const f of offer.features) {
      expect(productRecordCells('feature', english)?.({ _id: f.code, ...f }, 'description')).toBe(f.description);
    }
    for (const p of offer.privileges) expect(privilegeTitle(p.code, p.name, english)).toBe(p.name);
  });

  it.each(LOCALES)('in %s, every feature, privilege and built-in role the product offers is worded, none left in English', (locale) => {
    const t = translator(locale);
    for (const f of offer.features) {
      const title = featureTitle(f.code, f.name, t);
      if (!(locale === 'fr' && SAME_IN_FRENCH.includes(f.code))) expect(title, f.code).not.toBe(f.name);
      expect(title, f.code).not.toBe(f.code);
      expect(productRecordCells('feature', t)?.({ _id: f.code, ...f }, 'description'), f.code).not.toBe(f.description);
    }
    for (const p of offer.privileges) {
      const row = { _id: p.code, code: p.code, name: p.name, description: `${p.name} privilege` };
      expect(productRecordCells('privilege', t)?.(row, 'name'), p.code).not.toBe(p.name);
      expect(productRecordCells('privilege', t)?.(row, 'description'), p.code).not.toBe(row.description);
    }
    for (const r of offer.roles) expect(productRecordCells('role', t)?.({ _id: r.name, name: r.name, description: r.description }, 'description'), r.name).not.toBe(r.description);
  });

  it("what an administrator typed stays as typed, in every language", () => {
    const t = translator('fr');
    expect(featureTitle('DEVICE', 'Capteurs de l’usine 2', t)).toBe('Capteurs de l’usine 2');
    expect(featureTitle('MANAGE_USER', 'Staff', t)).toBe('Staff');
    expect(privilegeTitle('VIEW', 'Read only', t)).toBe('Read only');
    expect(productRecordCells('role', t)?.({ _id: 'r', name: 'ADMIN', description: 'Our admins' }, 'description')).toBeUndefined();
    // A role the administrator made, with the ADMIN role's description copied, is still not the built-in role's.
    expect(productRecordCells('role', t)?.({ _id: 'r', name: 'SUPERVISOR', description: BUILT_IN_ROLE_DESCRIPTIONS.ADMIN }, 'description')).toBeUndefined();
    // A feature of the administrator's own (no screen of the product's) shows its name, or its code without one.
    expect(featureTitle('ENERGY_REPORTS', 'Energy Reports', t)).toBe('Energy Reports');
    expect(featureTitle('ENERGY_REPORTS', '', t)).toBe('ENERGY_REPORTS');
  });
});
