import { open } from './wlib.mjs';
const [who, width, ...paths] = process.argv.slice(2);
const { browser, page, shot, go, text } = await open(who, Number(width));
await shot('home');
console.log((await text()).slice(0, 1500));
const links = await page.$$eval('a[href^="/app"]', (as) => as.map((a) => a.getAttribute('href') + ' | ' + a.innerText.trim().replace(/\s+/g, ' ')));
console.log([...new Set(links)].join('\n'));
for (const p of paths) { await go(p); await shot(p.replace(/[^a-z0-9]+/gi, '_')); console.log((await text()).slice(0, 2500)); }
await browser.close();
