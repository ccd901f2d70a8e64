/**
 * Issue 34: the public pages in the customer's language. A first visit with no language stored reads the browser's
 * (navigator.languages) when it is one of the four, else English; a language stored always wins; the picker on the
 * page changes it, notices included. What shows is the translation: none of the page's English is left.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureStorage, PREFERENCES_KEY } from '../../../src/api/storage';
import { PUBLIC_PROPOSAL_ENGLISH } from '../../../src/contract/publicProposalTexts';
import { REFUSAL_ENGLISH } from '../../../src/contract/refusalMessages';
import { PUBLIC_SUBSCRIBER_ENGLISH } from '../../../src/contract/subscriberTexts';
import { loadDictionary, translator } from '../../../src/i18n/dictionaries';
import { browserLocale, readPreferences } from '../../../src/machines/flows/preferences';
import { deviceDay } from '../../../src/machines/flows/publicProposalCalls';
import { PROPOSAL } from '../../machines/publicProposal.model';
import { apiFor, renderApp, resetHarness } from '../support/renderApp';

afterEach(resetHarness);

/** The browser's languages, as navigator.languages reports them (jsdom's are en-US, en). */
const browserSays = (languages: readonly string[]) => vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);

type Tree = { [key: string]: string | Tree };
/** Every fixed piece of the English texts (a template's words between its placeholders), longest first. */
function englishPieces(tree: Tree): string[] {
  const texts = Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : englishPieces(value)));
  const pieces = texts.flatMap((text) => text.split(/\{\{\s*\w+\s*\}\}/)).map((piece) => piece.trim());
  return [...new Set(pieces.filter((piece) => /[A-Za-z]{2}/.test(piece)))].sort((a, b) => b.length - a.length);
}

/** What a person reads and hears on the page: its text, and its accessible names and placeholders. */
function pageWords(): string {
  const names = [...document.body.querySelectorAll('[aria-label], [placeholder], [title]')].flatMap((element) =>
    ['aria-label', 'placeholder', 'title'].map((name) => element.getAttribute(name) ?? ''),
  );
  return [document.body.textContent ?? '', ...names].join('\n');
}

/** The English pieces the page still says, as whole words ("Accept" is not left in French "Accepter"). */
function englishLeft(pieces: readonly string[]): string[] {
  const words = pageWords();
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return pieces.filter((piece) => new RegExp(`(?<!\\p{L})${escape(piece)}(?!\\p{L})`, 'u').test(words));
}

const day = (offset: number) => deviceDay(new Date(Date.now() + offset * 86_400_000));
const PROPOSAL_LINK = '/public/businessProposal?token=link-token&acbS=Sent(Final)&zyxP=prp-1';

function proposalApi() {
  const proposal = { ...PROPOSAL, proposalValidity: day(30) };
  return apiFor([])
    .on('PATCH', '/api/public/business-proposal/viewProposal', { body: { ...proposal, viewRecordId: 'view-1' } })
    .on('PATCH', '/api/public/business-proposal/acceptProposal', ({ body }) => ({ body: { ...proposal, status: (body as { type: string }).type } }))
    .on('PATCH', '/api/public/business-proposal/updateViewTime', { body: { message: 'Updated' } });
}

describe("the first visit's language", () => {
  it.each([
    [['ja-JP', 'ja', 'en-US'], 'ja'],
    [['fr-FR'], 'fr'],
    [['zh-TW', 'en'], 'zh'],
    [['de-DE', 'fr-CA'], 'fr'],
    [['de-DE', 'en-GB', 'fr'], 'en'],
    [['de-DE'], 'en'],
    [[], 'en'],
    [['FR_be'], 'fr'],
    [['en-US', 'en'], 'en'],
  ] as const)('browser %j → %s', (languages, locale) => {
    expect(browserLocale(languages)).toBe(locale);
  });

  it("is the browser's with nothing stored; a language stored wins; stored settings without one take the browser's", () => {
    configureStorage({ backend: window.localStorage });
    browserSays(['ja-JP', 'ja']);
    expect(readPreferences().locale).toBe('ja');
    window.localStorage.setItem(PREFERENCES_KEY, JSON.stringify({ locale: 'fr' }));
    expect(readPreferences().locale).toBe('fr');
    window.localStorage.setItem(PREFERENCES_KEY, JSON.stringify({ colorScheme: 'dark' }));
    expect(readPreferences()).toMatchObject({ locale: 'ja', colorScheme: 'dark' });
  });

  it('is English in the test browser, which reports en-US (the tests that read English rely on it)', () => {
    configureStorage({ backend: window.localStorage });
    expect(navigator.languages[0]).toBe('en-US');
    expect(readPreferences().locale).toBe('en');
  });
});

describe('the public pages in the customer’s language', () => {
  it('opens a proposal link in Japanese on a Japanese browser, every term row and the decision included', async () => {
    browserSays(['ja-JP', 'ja', 'en-US']);
    renderApp(proposalApi(), PROPOSAL_LINK);
    await screen.findByRole('heading', { name: '主要条件 – 商業提案書' }, { timeout: 5000 });
    const table = screen.getByRole('table', { name: '条件' });
    const cell = (label: string) => within(table).getByRole('rowheader', { name: label }).nextElementSibling?.textContent;
    expect(cell('機械名')).toBe('Screw Air Compressor GA37 (MT-2026-000003)');
    expect(cell('契約期間')).toBe('36 か月');
    expect(cell('最低利用期間')).toBe('12 か月');
    expect(cell('解約予告期間')).toBe('最低利用期間の終了後 3 か月');
    expect(cell('月額レンタル料')).toBe('₹ 85,000.00');
    expect(cell('保証金')).toBe('₹ 2,55,000.00（月額レンタル料の 3 か月分）');
    expect(cell('料金改定率')).toBe('毎年 5%');
    expect(screen.getByRole('button', { name: '承諾' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '辞退' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'ファイルをダウンロード' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('ja');
    expect(englishLeft(englishPieces(PUBLIC_PROPOSAL_ENGLISH))).toEqual([]);
  });

  it('opens a subscriber details link in the language stored, over the browser’s', async () => {
    browserSays(['ja-JP']);
    window.localStorage.setItem(PREFERENCES_KEY, JSON.stringify({ locale: 'fr' }));
    const user = userEvent.setup({ delay: null });
    const request = { _id: 'sr-1', companyName: 'Nashik Precision Tools Pvt Ltd', gstNo: '27AAFCN7811D1ZS', companyTeamSize: 25, address: 'Satpur MIDC, Nashik', status: 'Link Sent' };
    const api = apiFor([])
      .on('GET', '/api/public/public-subscription-request/getById/:id', { body: request })
      .on('GET', '/api/public/public-terms-and-conditions/getLatestTandC', { body: { _id: 't1', termsAndConditions: '<p>Conditions</p>' } })
      .on('GET', '/api/public/public-terms-and-conditions/getLatestPrivacyPolicy', { body: { privacyPolicyData: { _id: 'p1', termsAndConditions: '<p>Confidentialité</p>' } } });
    renderApp(api, '/public/subscriber-details?token=link-token&acbS=sr-1');
    const form = await screen.findByRole('form', { name: 'Informations de l’abonné' }, { timeout: 5000 });
    expect(within(form).getByRole('textbox', { name: /^Numéro GST/ })).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Envoyer la demande' })).toBeTruthy();
    expect(within(form).getByText(/^Des questions \? Écrivez-nous à/)).toBeTruthy();
    await user.clear(within(form).getByRole('textbox', { name: /^Nombre d’utilisateurs/ }));
    await user.tab();
    await within(form).findByText('Nombre d’utilisateurs est obligatoire');
    await user.click(within(form).getByRole('button', { name: 'Conditions générales' }));
    const terms = await screen.findByRole('dialog', { name: 'Conditions générales' });
    expect(within(terms).getByRole('button', { name: 'Accepter' })).toBeTruthy();
    expect(within(terms).getByRole('button', { name: 'Refuser' })).toBeTruthy();
    expect(englishLeft(englishPieces(PUBLIC_SUBSCRIBER_ENGLISH))).toEqual([]);
  });

  it('says in French why a link the server no longer honours opens nothing (its 410 carries the words)', async () => {
    window.localStorage.setItem(PREFERENCES_KEY, JSON.stringify({ locale: 'fr' }));
    await loadDictionary('fr');
    const said = translator('fr')('refusal.linkExpired');
    expect(said).not.toBe(REFUSAL_ENGLISH.linkExpired);
    const api = apiFor([]).on('PATCH', '/api/public/business-proposal/viewProposal', {
      status: 410,
      body: { message: REFUSAL_ENGLISH.linkExpired, words: { key: 'refusal.linkExpired' } },
    });
    renderApp(api, PROPOSAL_LINK);
    const alert = await screen.findByRole('alert', undefined, { timeout: 5000 });
    expect(within(alert).getByText(said)).toBeTruthy();
    expect(within(alert).getByText('Impossible d’obtenir les détails de la proposition')).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Réessayer' })).toBeTruthy();
    expect(englishLeft(englishPieces(PUBLIC_PROPOSAL_ENGLISH))).toEqual([]);
  });

  it('changes to French with the picker on the proposal page, and says the decision’s notice in French', async () => {
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: () => true });
    const user = userEvent.setup({ delay: null });
    renderApp(proposalApi(), PROPOSAL_LINK);
    await screen.findByRole('heading', { name: 'Head Terms-Commercial Proposal' });
    await user.click(screen.getByRole('button', { name: 'Language' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Français' }));
    await screen.findByRole('heading', { name: 'Principales conditions – Proposition commerciale' }, { timeout: 5000 });
    expect(JSON.parse(window.localStorage.getItem(PREFERENCES_KEY) ?? '{}')).toMatchObject({ locale: 'fr' });
    await user.click(screen.getByRole('button', { name: 'Accepter' }));
    const question = await screen.findByRole('dialog', { name: 'Accepter cette proposition ?' });
    await user.click(within(question).getByRole('button', { name: 'Oui' }));
    const notes = await screen.findByRole('dialog', { name: 'Accepter la proposition' });
    await user.click(within(notes).getByRole('button', { name: 'Envoyer' }));
    await within(notes).findByText('Obligatoire');
    await user.type(within(notes).getByRole('textbox', { name: /^Notes d’acceptation/ }), 'Merci');
    await user.click(within(notes).getByRole('button', { name: 'Envoyer' }));
    await screen.findByText('Proposition acceptée', undefined, { timeout: 5000 });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Acceptée' }).hasAttribute('disabled')).toBe(true));
    expect(englishLeft(englishPieces(PUBLIC_PROPOSAL_ENGLISH))).toEqual([]);
  });
});
