/** A refused call's words (src/ui/kit/rateLimitWords.ts) in the four languages: what was refused and how long to wait. */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDictionary, translator, type Locale } from '../../src/i18n';
import { rateLimitWords } from '../../src/ui/kit/rateLimitWords';

beforeAll(async () => {
  await Promise.all((['fr', 'zh', 'ja'] as const).map((locale) => loadDictionary(locale)));
});

describe('rateLimitWords', () => {
  it('says in English what was refused, whose limit it is and how long to wait', () => {
    const t = translator('en');
    expect(rateLimitWords(t, { kind: 'pdf', scope: 'person', retryAfterSeconds: 42 })).toBe('You have asked for too many PDF documents in a short time. Please wait 42 seconds and try again.');
    expect(rateLimitWords(t, { kind: 'list', scope: 'organisation', retryAfterSeconds: 600 })).toBe('Your organisation has asked for too many whole lists or exports in a short time. Please wait 10 minutes and try again.');
    expect(rateLimitWords(t, { kind: 'email', scope: 'in-flight', retryAfterSeconds: 2 })).toBe('You already have e-mails being prepared. Please wait 2 seconds and try again.');
    expect(rateLimitWords(t, { kind: 'signIn', scope: 'account-address', retryAfterSeconds: 30 })).toBe('Too many wrong passwords for this account from your network address. Please wait 30 seconds and try again.');
    expect(rateLimitWords(t, { kind: 'signIn', scope: 'address', retryAfterSeconds: 3600 })).toBe('Too many failed sign-in attempts from your network address. Please wait 60 minutes and try again.');
  });

  it.each<[Locale, string]>([
    ['fr', 'Vous avez demandé trop de documents PDF en peu de temps. Veuillez patienter 42 secondes puis réessayer.'],
    ['zh', '您在短时间内请求的PDF 文档过多。 请等待 42 秒后重试。'],
    ['ja', '短時間にPDF 文書を要求しすぎました。 42 秒待ってから、もう一度お試しください。'],
  ])('in %s, from its dictionary', (locale, expected) => {
    expect(rateLimitWords(translator(locale), { kind: 'pdf', scope: 'person', retryAfterSeconds: 42 })).toBe(expected);
  });
});
