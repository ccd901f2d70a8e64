/** `npm run readme:lifecycles`: rewrites the README's lifecycle section from the machines (src/machines/lifecycles/readme.ts). */
import fs from 'node:fs';
import { lifecyclesReadme, README_BEGIN, README_END } from '../src/machines/lifecycles/readme';

const file = new URL('../README.md', import.meta.url);
const text = fs.readFileSync(file, 'utf8');
const start = text.indexOf(README_BEGIN);
const end = text.indexOf(README_END);
if (start < 0 || end < start) throw new Error(`README.md has no ${README_BEGIN} … ${README_END} markers`);
fs.writeFileSync(file, text.slice(0, start) + lifecyclesReadme() + text.slice(end + README_END.length));
console.log('README.md: lifecycle section written from src/machines/lifecycles');
