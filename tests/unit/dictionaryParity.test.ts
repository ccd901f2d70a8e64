/**
 * Issue 34 item 2: the four dictionaries hold the same keys, the sections screens add when they load included
 * (src/i18n/en.ts `Dictionary`), and every text's {{placeholders}} are the English text's.
 */
import { describe, expect, it } from 'vitest';
import { en } from '../../src/i18n/en';
import { fr } from '../../src/i18n/fr';
import { ja } from '../../src/i18n/ja';
import { zh } from '../../src/i18n/zh';
import { billingEn } from '../../src/i18n/billing/en';
import { calendarEn } from '../../src/i18n/calendar/en';
import { dashboardsEn } from '../../src/i18n/dashboards/en';
import { machineDashboardsEn } from '../../src/i18n/machineDashboards/en';
import { maintenanceEn } from '../../src/i18n/maintenance/en';
import { qaPathsEn } from '../../src/i18n/qaPaths/en';
import { salesEn } from '../../src/i18n/sales/en';
import { stockEn } from '../../src/i18n/stock/en';
import { ticketsEn } from '../../src/i18n/tickets/en';
import { workflowEn } from '../../src/i18n/workflow/en';
import { catalogueEnglish } from '../../src/ui/screens/module/catalogueEnglish';
import { validationEn } from '../../src/i18n/validation/en';
import { refusalEn } from '../../src/i18n/refusal/en';
import { publicProposalEn } from '../../src/i18n/publicProposal/en';
import { publicSubscriberEn } from '../../src/i18n/publicSubscriber/en';

type Tree = { [key: string]: string | Tree };
const fullEnglish = { ...en, pm: maintenanceEn, md: machineDashboardsEn, qa: qaPathsEn, workflow: workflowEn, tickets: ticketsEn, billing: billingEn, dash: dashboardsEn, cal: calendarEn, stock: stockEn, sales: salesEn, catalogue: catalogueEnglish(), validation: validationEn, refusal: refusalEn, publicProposal: publicProposalEn, publicSubscriber: publicSubscriberEn } as unknown as Tree;

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of leaves(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('dictionary parity', () => {
  const english = leaves(fullEnglish);
  it.each([['fr', fr], ['zh', zh], ['ja', ja]] as const)('%s has exactly the English keys, with the same placeholders', (_locale, dictionary) => {
    const other = leaves(dictionary as unknown as Tree);
    expect([...other.keys()].filter((k) => !english.has(k))).toEqual([]);
    expect([...english.keys()].filter((k) => !other.has(k))).toEqual([]);
    const mismatched = [...english].filter(([key, text]) => other.has(key) && placeholders(text).join() !== placeholders(other.get(key)!).join()).map(([key]) => key);
    expect(mismatched).toEqual([]);
  });
});
