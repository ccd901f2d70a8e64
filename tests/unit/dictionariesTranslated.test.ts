/**
 * Issue 34: a Chinese or Japanese dictionary value that reads exactly as the English one is English left on screen
 * (the footer's "All rights reserved." was, in Japanese). Every dictionary, the base one and each area's, is read.
 * French shares many words with English ("Service", "Actions"), so it is not held to this.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };
const ROOT = join(__dirname, '../../src/i18n');

/**
 * Texts that are the same in every language: the product's and formats' and protocols' names, a placeholder address,
 * the languages' own names.
 */
const SAME_EVERYWHERE: readonly RegExp[] = [/^FieldOps$/, /^English$/, /^Français$/, /^you@company\.com$/, /^(Markdown|Gherkin|Playwright|Modbus RTU|Web)$/];

function flat(tree: Tree, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : flat(value, `${prefix}${key}.`)));
}

/** The one dictionary object a module exports. */
async function dictionaryIn(file: string): Promise<Tree> {
  const module = (await import(file)) as Record<string, unknown>;
  const trees = Object.values(module).filter((v): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v));
  // The base English module also exports the side menu's English, which the base dictionary holds as `nav`.
  const named = trees.length === 1 ? trees[0] : (module.en as Tree | undefined);
  if (!named) throw new Error(`${file} exports ${trees.length} dictionaries`);
  return named;
}

const areas = readdirSync(ROOT).filter((name) => statSync(join(ROOT, name)).isDirectory());
const pairs: Array<{ name: string; english: string; other: string; locale: string }> = [];
for (const locale of ['zh', 'ja']) {
  pairs.push({ name: `base ${locale}`, english: join(ROOT, 'en.ts'), other: join(ROOT, `${locale}.ts`), locale });
  for (const area of areas) {
    const english = readdirSync(join(ROOT, area)).includes('en.generated.ts') ? 'en.generated.ts' : 'en.ts';
    pairs.push({ name: `${area} ${locale}`, english: join(ROOT, area, english), other: join(ROOT, area, `${locale}.ts`), locale });
  }
}

describe('Chinese and Japanese say nothing in English', () => {
  it.each(pairs)('$name', async ({ english, other }) => {
    const englishTexts = new Map(flat(await dictionaryIn(english)));
    const same = flat(await dictionaryIn(other))
      .filter(([key, text]) => englishTexts.get(key) === text && /\b[A-Za-z][a-z]{2,}\b/.test(text.replace(/\{\{\w+\}\}/g, '')) && !SAME_EVERYWHERE.some((re) => re.test(text)))
      .map(([key, text]) => `${key}: ${text}`);
    expect(same).toEqual([]);
  });
});
