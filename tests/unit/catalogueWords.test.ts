/**
 * Issue 34 item 1: the catalogue's words (module and view titles, field labels, choices, failure messages) come from
 * the dictionaries. English is generated from the catalogue and stays what the screens showed before; fr, zh and ja
 * translate every key (the parity test checks the keys), and a text left as its English is one of the few written
 * below: acronyms, payment rails, radio standards, and French words spelt as in English.
 */
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../src/contract/modules';
import { translator } from '../../src/i18n';
import { loadDictionary } from '../../src/i18n/dictionaries';
import { catalogueFr } from '../../src/i18n/catalogue/fr';
import { catalogueJa } from '../../src/i18n/catalogue/ja';
import { catalogueZh } from '../../src/i18n/catalogue/zh';
import type { CatalogueTexts } from '../../src/i18n/catalogue/en';
import { catalogueEn } from '../../src/i18n/catalogue/en.generated';
import { catalogueEnglish } from '../../src/ui/screens/module/catalogueEnglish';
import { catalogueWords } from '../../src/ui/screens/module/catalogueWords';
import { describeFields } from '../../src/ui/screens/module/fieldModel';

const SAME_IN_EVERY_LANGUAGE = ['HSN SAC', 'CGST', 'SGST', 'IGST', 'TDS', '4G', 'NB-IoT', 'LoRaWAN', 'Wi-Fi', 'Modbus RTU', 'NEFT', 'RTGS', 'IMPS', 'UPI'];
const SAME: Record<'fr' | 'zh' | 'ja', readonly string[]> = {
  fr: [...SAME_IN_EVERY_LANGUAGE, 'Tickets', 'Discussions', 'Documents', 'Questions', 'Client', 'Description', 'Code', 'Plan', 'Ticket', 'Note', 'Message', 'Mentions', 'Latitude', 'Longitude', 'Services', 'Parent', 'Type', 'URL', 'Question', 'Options', 'Date', 'Justification', 'Total', 'Notes', 'Mode', 'Action', 'Service', 'Installation', 'Web', 'Cycles', 'Corrective', 'Organisation', 'CO2', 'Photo', 'Litre', 'Ethernet', 'vibration', 'cycles', 'Maintenance'],
  zh: SAME_IN_EVERY_LANGUAGE,
  ja: [...SAME_IN_EVERY_LANGUAGE, 'URL', 'Web'],
};

describe('the catalogue in four languages', () => {
  const english = catalogueEnglish();

  it('reads the English the catalogue says today (run `npm run words:catalogue` after changing the catalogue)', () => {
    expect(catalogueEn).toEqual(english);
  });

  it('generates English that is what the screens showed: labels, module titles, choices as stored', () => {
    const user = catalogue.find((m) => m.name === 'subscriber-user')!;
    expect(english.module['subscriber-user']).toBe(user.label);
    expect(english.field.userType).toBe('User Type');
    expect(english.choice.Subscriber_User).toBe('Subscriber-User');
    expect(english.choice.Sent_Draft).toBe('Sent(Draft)');
    expect(english.message.Failed_to_get_list_of_asset).toBe('Failed to get list of asset');
    // A ticket's machine is its "Machine", other modules' the "Machine Instance".
    expect(english.field.machineInstanceId).toBe('Machine Instance');
    expect(english.fieldOf['svc-ticket']?.machineInstanceId).toBe('Machine');
  });

  it.each([['fr', catalogueFr], ['zh', catalogueZh], ['ja', catalogueJa]] as const)('%s translates every text but the written few', (locale, texts: CatalogueTexts) => {
    const untranslated = (['module', 'newRecord', 'editRecord', 'view', 'field', 'choice', 'message'] as const).flatMap((section) =>
      Object.entries(english[section]).filter(([key, text]) => texts[section][key] === text && !SAME[locale].includes(text)).map(([key]) => `${section}.${key}`),
    );
    expect(untranslated).toEqual([]);
  });

  it('words a module in the person’s language, and keeps the stored values', async () => {
    await loadDictionary('fr');
    const fr = catalogueWords(translator('fr'));
    const en = catalogueWords(translator('en'));
    const ticket = catalogue.find((m) => m.name === 'svc-ticket')!;
    const frFields = fr.fields(ticket.name, describeFields(ticket));
    const enFields = en.fields(ticket.name, describeFields(ticket));
    const priority = frFields.find((f) => f.name === 'priority')!;
    expect(priority.label).toBe('Priorité');
    expect(priority.options).toEqual(enFields.find((f) => f.name === 'priority')!.options);
    expect(priority.choiceLabels?.Urgent).toBe('Urgente');
    expect(frFields.find((f) => f.name === 'machineInstanceId')!.label).toBe('Machine');
    expect(enFields.map((f) => f.label)).toEqual(describeFields(ticket).map((f) => f.label));
    expect(fr.module(ticket)).toBe('Tickets de service');
    expect(fr.view('breakdownMaintenence', 'Breakdown Maintenance')).toBe('Maintenance sur panne');
    // A label or choice the catalogue does not know (an administrator's, a server's) stays as written.
    expect(fr.choice('Something else')).toBe('Something else');
    expect(fr.view('breakdownMaintenence', 'Renamed')).toBe('Renamed');
  });

  it("titles a module's forms by what one record is called, in the singular, never by the screen's title", async () => {
    await loadDictionary('fr');
    await loadDictionary('ja');
    const en = catalogueWords(translator('en'));
    const fr = catalogueWords(translator('fr'));
    const ja = catalogueWords(translator('ja'));
    const byName = (name: string) => catalogue.find((m) => m.name === name)!;
    expect(en.formTitle('create', byName('proposal'))).toBe('New proposal');
    expect(en.formTitle('update', byName('subscriber-user'))).toBe('Edit user');
    expect(en.formTitle('create', byName('invoice'))).toBe('New invoice');
    // French agrees the adjective and the article with the record: a proposition, an avoir, a client, a utilisateur.
    expect(fr.formTitle('create', byName('proposal'))).toBe('Nouvelle proposition');
    expect(fr.formTitle('create', byName('credit-note'))).toBe('Nouvel avoir');
    expect(fr.formTitle('update', byName('client'))).toBe('Modifier le client');
    expect(fr.formTitle('update', byName('subscriber-user'))).toBe('Modifier l’utilisateur');
    expect(ja.formTitle('update', byName('proposal'))).toBe('提案書を編集');
    for (const def of catalogue) {
      // Read inside a sentence ("New proposal"): lower case, and a thing, never the screen's task ("Manage User").
      expect(def.record, def.name).toMatch(/^[a-z]/);
      expect(def.record, def.name).not.toMatch(/^(manage|generate|request) /);
    }
  });
});
