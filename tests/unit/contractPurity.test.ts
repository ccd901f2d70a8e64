/**
 * src/contract is the shared, pure description of the product (issue 9): zod and types only, read by the server,
 * the client and the tests alike. A file there that imported the client's HTTP layer, the DOM, a machine or Node
 * would drag that into every side, so each of its imports must stay inside src/contract or be zod.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const CONTRACT = path.resolve(__dirname, '../../src/contract');
// zod for the shapes; zxcvbn (pure, no DOM or Node) for the password rule both sides apply.
const ALLOWED_PACKAGES = ['zod', '@zxcvbn-ts/core', '@zxcvbn-ts/language-common'];

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every module a file imports or re-exports (static and dynamic). */
function specifiers(source: string): string[] {
  // A specifier holds no white space: "… before from' })" inside a message is not an import.
  const statements = /^\s*(?:import|export)\b[^;]*?\bfrom\s*['"]([^'"\s]+)['"]|^\s*import\s*['"]([^'"\s]+)['"]|\bimport\(\s*['"]([^'"\s]+)['"]\s*\)/gm;
  return [...source.matchAll(statements)].map((match) => (match[1] ?? match[2] ?? match[3])!);
}

describe('src/contract', () => {
  const files = filesUnder(CONTRACT);

  it('holds the catalogue, the calls beside it, the route table and the shared rules', () => {
    const names = files.map((file) => path.relative(CONTRACT, file));
    for (const expected of ['modules/index.ts', 'endpoints.ts', 'routes.ts', 'gst.ts', 'money.ts', 'errorShapes.ts']) expect(names).toContain(expected);
  });

  it.each(files.map((file) => [path.relative(CONTRACT, file), file]))('%s imports only the contract and zod', (_name, file) => {
    const outside = specifiers(fs.readFileSync(file, 'utf8')).filter((spec) =>
      spec.startsWith('.') ? !path.resolve(path.dirname(file), spec).startsWith(CONTRACT + path.sep) : !ALLOWED_PACKAGES.includes(spec),
    );
    expect(outside).toEqual([]);
  });
});
