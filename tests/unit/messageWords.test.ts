/**
 * Issue 34: validation messages and refusals by key. The contract's schemas say every message through its key
 * (src/contract/validationMessages.ts), so a message reads back into exactly that key and its values; the server's
 * English stays what the spec quotes; fr, zh and ja translate every text; the client words the values by their names.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { REFUSAL_ENGLISH, refusal } from '../../src/contract/refusalMessages';
import { issueWords, says, VALIDATION_ENGLISH, validationWords, type ValidationKey } from '../../src/contract/validationMessages';
import { subscriber } from '../../src/contract/modules/admin';
import { MONEY_MESSAGES } from '../../src/contract/money';
import { CHANGE_PASSWORD_MESSAGES } from '../../src/machines/flows/changePassword';
import { addEnglish, loadDictionary, translator } from '../../src/i18n/dictionaries';
import { refusalEn } from '../../src/i18n/refusal/en';
import { wordMessage } from '../../src/i18n/messageWords';
import { refusalFr } from '../../src/i18n/refusal/fr';
import { refusalJa } from '../../src/i18n/refusal/ja';
import { refusalZh } from '../../src/i18n/refusal/zh';
import { validationFr } from '../../src/i18n/validation/fr';
import { validationJa } from '../../src/i18n/validation/ja';
import { validationZh } from '../../src/i18n/validation/zh';
import { formatValidation, HttpError } from '../../server/http/errors';
import type { Saying, Words } from '../../src/contract/messageWords';
import { validationSaying } from '../../src/contract/validationMessages';
import { LIFECYCLES } from '../../src/machines/lifecycles/index';
import { required, SUBSCRIBER_LABELS, SUBSCRIBER_MESSAGES } from '../../src/contract/subscriberDetailsRules';
import { ddmmyyyy, expiredText } from '../../src/contract/publicProposalTerms';
import { PASSWORD_RULE_MESSAGE } from '../../src/contract/passwordPolicy';
import { DOCUMENT_NUMBER_RULE } from '../../server/einvoice/portal';
import { clashSaid } from '../../src/contract/calendar';

const SAMPLE = { label: 'Sample field', min: 2, max: 9, count: 6, days: 31, choices: ['Open', 'Closed'], either: ['Won', 'Lost'] };

describe('validation messages by key', () => {
  it.each(Object.keys(VALIDATION_ENGLISH) as ValidationKey[])('%s reads back into its own key and values', (key) => {
    const text = says(key, SAMPLE);
    const words = validationWords(text);
    expect(words?.key).toBe(`validation.${key}`);
    // The values it names come back as they were put in (numbers as their digits).
    for (const name of Object.keys(words?.values ?? {})) expect(String(words!.values![name])).toBe(String(SAMPLE[name as keyof typeof SAMPLE]));
    // The same message naming its field first, as a 400 says it.
    expect(validationWords(`someField: ${text}`)).toMatchObject({ key: `validation.${key}`, field: 'someField' });
  });

  it('keeps the spec’s words as the English', () => {
    expect(says('notValid', { label: 'GST Number' })).toBe('GST Number is not valid');
    expect(says('currentPassword')).toBe('Enter current password');
    expect(says('stepRequired')).toBe('Required');
    expect(says('validNumber')).toBe('Please enter valid number');
    expect(subscriber.fields.safeParse({ companyName: 'Acme', gstNo: 'nope' }).error?.issues.find((i) => i.path[0] === 'gstNo')?.message).toBe('GST Number is not valid');
  });

  it('reads the change-password form’s own messages (the spec’s) back into their keys', () => {
    const { rule: _rule, ...own } = CHANGE_PASSWORD_MESSAGES;
    expect(Object.values(own).map((m) => validationWords(m)?.key)).toEqual(['validation.currentPassword', 'validation.confirmPassword', 'validation.passwordsMatch']);
    expect(Object.values(MONEY_MESSAGES).map((m) => validationWords(m)?.key)).toEqual(['validation.moneyNotAnAmount', 'validation.moneyDecimals', 'validation.moneyNegative', 'validation.moneyTooLarge']);
  });

  it('leaves no message of a schema of the contract outside the table', () => {
    // A message written as a string in a zod check would be English on every screen: the contract says each by key.
    // (A module's failure message, `message:` of a call, is the catalogue's: src/i18n/catalogue/.)
    const check = /\.(?:min|max|length|regex|refine|int|positive|nonnegative|finite)\((?:\/(?:[^/\\]|\\.)+\/[a-z]*|[^,()'`]|\([^()]*\))*,\s*['`]|\berror:\s*['`]|(?:refine\(|iso\.\w+\().*\bmessage:\s*['`]|z\.(?:email|iso\.date|iso\.datetime)\(\s*['`]/;
    const files = readdirSync('src/contract', { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !/validationMessages|messageWords|refusalMessages|subscriberDetailsRules|passwordPolicy/.test(f));
    const found = files.flatMap((file) =>
      readFileSync(join('src/contract', file), 'utf8')
        .split('\n')
        .map((line, i) => ({ where: `${file}:${i + 1}`, line }))
        .filter(({ line }) => check.test(line) && !/^\s*(\*|\/\/)/.test(line) && !/example:/.test(line)),
    );
    expect(found.map((f) => f.where)).toEqual([]);
  });

  it('gives a schema’s message without words of its own a generic key, by what zod found', () => {
    const name = z.object({ name: z.string().max(5), n: z.number().max(3), tags: z.array(z.string()).min(2) });
    const issues = name.safeParse({ name: 'toolong', n: 9, tags: [] }).error!.issues;
    expect(issueWords(issues[0]!, 'Name')).toEqual({ key: 'validation.maxLength', values: { label: 'Name', max: 5 } });
    expect(issueWords(issues[1]!, 'N')).toEqual({ key: 'validation.atMost', values: { label: 'N', max: 3 } });
    expect(issueWords(issues[2]!, 'Tags')).toEqual({ key: 'validation.fewItems', values: { label: 'Tags', min: 2 } });
  });

  it('answers a 400 with the English and its words, naming the field', () => {
    const absent = formatValidation([{ instancePath: '/companyName', message: 'Invalid input: expected string, received undefined', keyword: 'invalid_type' }], 'body');
    // The server's English names an absent field by its name (the client says the field's label instead).
    expect(absent).toEqual({ message: 'companyName: CompanyName is required', words: { key: 'validation.required', values: { label: 'CompanyName', field: 'companyName' } } });
    const tooLong = formatValidation([{ instancePath: '/name', message: 'Too big: expected string to have <=120 characters', keyword: 'too_big', params: { origin: 'string', maximum: 120 } }], 'body');
    expect(tooLong.message).toBe('name: Too big: expected string to have <=120 characters');
    expect(tooLong.words).toEqual({ key: 'validation.maxLength', values: { label: 'Name', max: 120, field: 'name' } });
  });
});

describe('the four languages', () => {
  const english = { ...VALIDATION_ENGLISH, ...REFUSAL_ENGLISH } as Record<string, string>;
  // Texts made only of a label and data read the same in French: none today.
  it.each([
    ['fr', { ...validationFr, ...refusalFr }],
    ['zh', { ...validationZh, ...refusalZh }],
    ['ja', { ...validationJa, ...refusalJa }],
  ] as const)('%s translates every validation message and refusal', (_locale, texts: Record<string, string>) => {
    expect(Object.keys(english).filter((key) => texts[key] === english[key])).toEqual([]);
    expect(Object.keys(english).filter((key) => !texts[key])).toEqual([]);
  });

  it('words a refusal’s values by their names: the noun, the status, the steps, a field', async () => {
    await loadDictionary('fr');
    const t = translator('fr');
    const said = refusal('youCan', { noun: 'Credit note', name: 'CN-2026-000003', status: 'Pending Approval', steps: ['Withdraw', 'Approve'] });
    expect(said.message).toBe('Credit note CN-2026-000003 is Pending Approval: you can "Withdraw" or "Approve"');
    expect(wordMessage(t, 'fr', said.words)).toBe('Avoir CN-2026-000003 (En attente d’approbation) : vous pouvez « Retirer » ou « Approuver »');
    const missing = refusal('noRecord', { module: 'invoice', id: 'x1' });
    expect(wordMessage(t, 'fr', missing.words)).toBe(`${t('catalogue.module.invoice')} : aucun enregistrement ne porte l’identifiant x1`);
    // A field's label from the catalogue, by the field a 400 names; in English the server's words are the English.
    expect(wordMessage(t, 'fr', { ...validationWords('gstNo: GST Number is not valid')!, values: { label: 'GST Number', field: 'gstNo' } })).toBe(`${t('catalogue.field.gstNo')} n’est pas valide`);
    // Who changed a record and when: the instant on the subscriber's clock.
    const stale = refusal('staleVersionBy', { noun: 'Requisition', name: 'REQ-2026-000003', by: 'Asha Kulkarni', at: '2026-11-28T08:35:17.371Z' });
    expect(wordMessage(t, 'fr', stale.words, { timeZone: 'Asia/Kolkata' })).toBe('Demande d’achat REQ-2026-000003 : Asha Kulkarni y a enregistré des modifications le 28/11/2026 14:05, après votre ouverture. Rechargez puis réessayez (vos modifications restent à l’écran)');
    // In English (the contract's English added, as the signed-in screens add it) the client says what the server says.
    addEnglish({ refusal: refusalEn });
    expect(wordMessage(translator('en'), 'en', said.words)).toBe(said.message);
  });
});

describe('the server’s refusals, every one by its key', () => {
  it('does not let a bare English string be a refusal: the type says so', () => {
    const spoken = (saying: Saying) => saying.message;
    // @ts-expect-error a bare English string is not a Saying: a French or Japanese person would read it in English
    expect(spoken('The record is locked')).toBeUndefined();
    // @ts-expect-error the HTTP layer's errors are said the same way
    expect(new HttpError(400, 'Bad').message).toBe('');
    expect(spoken(refusal('checklistReviewed'))).toBe('A reviewed checklist cannot change');
  });

  it('names every place that says a text as it is (the escape hatch), and why', () => {
    // A new `unworded(` fails here until it is looked at: is the text really not the product's sentence to word?
    const allowed: Record<string, string> = {
      'src/contract/messageWords.ts': 'the escape hatch itself',
      'src/contract/validationMessages.ts': 'a contract message no key writes (none: see the test below)',
      'server/domain/errors.ts': 'a duplicate, which the client words by its code 11000 and keyValue',
      'server/http/auth-routes.ts': 'a sign-in refused by its limit, which the client words from `limit`',
      'server/http/heavy-calls.ts': 'a heavy call refused by its limit, which the client words from `limit`',
      'server/public/proposal-routes.ts': "a page's beacon, whose answer no one reads",
    };
    const files = ['src', 'server'].flatMap((root) => readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts')).map((f) => join(root, f)));
    const using = files.filter((file) => /\bunworded\(/.test(readFileSync(file, 'utf8'))).sort();
    expect(using).toEqual(Object.keys(allowed).sort());
  });

  it('reads back every validation message the contract passes on as its English (a step’s requirement, the subscriber form’s rules)', () => {
    const requirements = LIFECYCLES.flatMap((lifecycle) => Object.values(lifecycle.events).flatMap((event) => Object.values(event.requires ?? {})));
    const subscriberForm = [...Object.values(SUBSCRIBER_MESSAGES), ...Object.values(SUBSCRIBER_LABELS).map(required)];
    expect(requirements.length).toBeGreaterThan(10);
    expect([...requirements, ...subscriberForm].filter((text) => validationSaying(text).words === undefined)).toEqual([]);
  });

  it('keeps the English the product said before, and the spec’s', () => {
    expect(refusal('proposalValidityExpired', { date: ddmmyyyy('2026-03-31') }).message).toBe(expiredText('2026-03-31'));
    expect(refusal('passwordRule').message).toBe(PASSWORD_RULE_MESSAGE);
    expect(refusal('eInvoiceNumberRule', { number: '0X' }).message).toBe(`${DOCUMENT_NUMBER_RULE}: "0X" is not`);
    expect(refusal('uploadNotAccepted', { whatPhrase: 'phraseUploadSvg', acceptedPhrase: 'phraseAcceptsImage' }).message).toBe('The file is an SVG image, which can carry scripts, which is not accepted here: send an image (PNG, JPEG, GIF or WebP)');
  });

  it('words a refusal of each module in French, its word values too (a stored status or choice, a part of a sentence)', async () => {
    await loadDictionary('fr');
    const t = translator('fr');
    const french = (said: { words: Words }) => wordMessage(t, 'fr', said.words);
    expect(french(refusal('finaliseBeforePayment', { name: 'INV-2026-000004' }))).toBe('Finalisez la facture INV-2026-000004 avant d’enregistrer un paiement');
    expect(french(refusal('billNotOpen', { name: 'BIL-7', status: 'Rejected' }))).toBe(`La note BIL-7 est à l’état ${t('catalogue.choice.Rejected')} : seules les notes ouvertes peuvent être facturées`);
    expect(french(refusal('creditExceedsInvoice', { amount: '₹1,200.00' }))).toBe('Les avoirs ne peuvent pas dépasser la facture : ₹1,200.00 au plus peuvent encore être crédités');
    expect(french(refusal('proposalDraftNoLink', { name: 'PRO-2026-000002' }))).toMatch(/^La proposition PRO-2026-000002 est un brouillon/);
    expect(french(refusal('machineOutOfService', { machine: 'MI-2026-000001', status: 'Breakdown' }))).toBe(`La machine MI-2026-000001 n’est pas disponible : elle est à l’état ${t('catalogue.choice.Breakdown')}`);
    expect(french(refusal('quantityAboveZeroFor', { choice: 'Issue' }))).toBe('La quantité doit être supérieure à 0 pour un mouvement « Sortie »');
    expect(french(refusal('machineHasNoMeter', { choice: 'Running Hours' }))).toBe('Cette machine n’a pas de compteur « Heures de fonctionnement »');
    // The e-invoice portal's own text is quoted as it came: it is the portal's, not ours to translate.
    expect(french(refusal('portalRefusedRegister', { number: 'INV-2026-000902', code: '2150', portalText: 'Duplicate IRN' }))).toBe('Le portail de facturation électronique a refusé d’enregistrer INV-2026-000902 (2150) : Duplicate IRN');
    expect(french(refusal('uploadNotAccepted', { whatPhrase: 'phraseUploadSvg', acceptedPhrase: 'phraseAcceptsImage' }))).toBe('Le fichier est une image SVG, qui peut contenir des scripts, ce qui n’est pas accepté ici : envoyez une image (PNG, JPEG, GIF ou WebP)');
    expect(french(clashSaid({ kind: 'leave', entry: { key: 'b', kind: 'booking', recordId: 'b', title: 'Leave', engineer: 'u', start: '2030-01-15T18:30:00.000Z', end: '2030-01-16T18:30:00.000Z', allDay: false, type: 'Leave', leave: true, movable: false } }, 'Asha Kulkarni', 'Asia/Kolkata'))).toBe(
      'Asha Kulkarni est en congé du 16/01/2030 00:00 au 17/01/2030 00:00 : choisissez un autre technicien ou un autre horaire',
    );
  });
});
