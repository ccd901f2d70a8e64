/**
 * The list screen's rendering with the whole list: Debian's Chromium (headless, through playwright-core,
 * the end-to-end harness's flags) opens the built client served by the benchmark's server, signs in,
 * and opens the module's route with a full page load. Marks taken inside the page (relative to the
 * navigation's start) say when the first rows and the total were painted; then the table is scrolled
 * frame by frame and the requestAnimationFrame deltas give the frame times; the CDP gives the JS heap.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/e2e/harness';
import { profileWhile, type ProfileReport } from './profile';

export interface ScreenFigures {
  /** ms from navigation start; undefined when it did not happen within the time-out. */
  firstRowsPainted?: number;
  totalPainted?: number;
  totalText?: string;
  /** The list request as the browser saw it: ms from navigation start to its last byte, and its size. */
  listResponseEnd?: number;
  listBodyBytes?: number;
  /** JS heap used (after a forced collection) once the list is shown, and after scrolling. */
  heapAfterLoad?: number;
  heapAfterScroll?: number;
  /** Frame times (ms) with the list shown and still, then of each scroll phase. */
  idleFrames: number[];
  wheelFrames: number[];
  dragFrames: number[];
  /** Highest row index rendered at the bottom of the list (aria-rowindex − 1), to check the end is reached. */
  lastRowRendered?: number;
  timedOut: boolean;
  browserVersion: string;
  /** With `profileDir`: where an extra, profiled scroll pass spent its time. */
  profile?: ProfileReport;
}

export interface ScreenOptions {
  baseUrl: string;
  email: string;
  password: string;
  /** Client route, e.g. /app/manage-spare-part. */
  route: string;
  /** The list request's path (to find its resource timing). */
  listPath: string;
  /** aria-label of the module's table (its catalogue label). */
  tableLabel: string;
  expectedTotal: number;
  readyTimeoutMs: number;
  /** Profile one more scroll pass (after the measured one) and keep its trace and CPU profile here. */
  profileDir?: string;
}

interface Marks {
  firstRowsPainted: number | null;
  totalPainted: number | null;
  totalText: string | null;
}

/** Runs in the page before its scripts: watches the DOM for the first row and the total, then marks the next painted frame. */
function installMarks({ tableLabel, expected }: { tableLabel: string; expected: string }): void {
  const marks: Marks = { firstRowsPainted: null, totalPainted: null, totalText: null };
  (window as unknown as { __benchMarks: Marks }).__benchMarks = marks;
  // A DOM change is painted at the end of its frame: the frame after next has started once it is on screen.
  const afterPaint = (set: (at: number) => void) => requestAnimationFrame(() => requestAnimationFrame(() => set(performance.now())));
  let sawRows = false;
  // A record's row: a native table's body row, or an ARIA table's row past the header (aria-rowindex 1).
  const rowSelector = `:is(table, [role="table"])[aria-label="${tableLabel}"] :is(tr, [role="row"])[aria-rowindex]:not([aria-rowindex="1"])`;
  let sawTotal = false;
  const check = () => {
    if (!sawRows && document.querySelector(rowSelector)) {
      sawRows = true;
      afterPaint((at) => (marks.firstRowsPainted = at));
    }
    if (!sawTotal) {
      const total = document.querySelector('[data-testid="list-total"]');
      const text = total?.textContent ?? '';
      if (new RegExp(`(^|\\D)${expected}(\\D|$)`).test(text)) {
        sawTotal = true;
        marks.totalText = text;
        afterPaint((at) => (marks.totalPainted = at));
      }
    }
    if (sawRows && sawTotal) observer.disconnect();
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, characterData: true });
}

/** Runs in the page: scrolls the table one step per frame and answers the frame deltas of each phase. */
async function scrollThrough({ idleFrames, wheelFrames, wheelStep, dragFrames }: { idleFrames: number; wheelFrames: number; wheelStep: number; dragFrames: number }): Promise<{ idle: number[]; wheel: number[]; drag: number[]; lastRow: number }> {
  const scroller = document.querySelector<HTMLElement>('[data-testid="virtual-table-scroller"]');
  if (!scroller) throw new Error('no virtual table on the page');
  const phase = (frames: number, position: (frame: number) => number) =>
    new Promise<number[]>((resolve) => {
      const deltas: number[] = [];
      let last: number | null = null;
      let frame = 0;
      const tick = (now: number) => {
        if (last !== null) deltas.push(now - last);
        last = now;
        if (frame > frames) return resolve(deltas);
        scroller.scrollTop = position(frame++);
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
  scroller.scrollTop = 0;
  await settle();
  // No scrolling: the browser's own frame cadence on this machine, the floor of the figures below.
  const idle = await phase(idleFrames, () => 0);
  // Wheel or trackpad: a steady scroll down the first rows.
  const wheel = await phase(wheelFrames, (frame) => frame * wheelStep);
  await settle();
  // Scrollbar drag from top to bottom: every frame lands on rows never rendered before.
  const height = scroller.scrollHeight - scroller.clientHeight;
  const drag = await phase(dragFrames, (frame) => Math.round((height * frame) / dragFrames));
  await settle();
  const indexes = [...scroller.querySelectorAll(':is(tr, [role="row"])[aria-rowindex]')].map((row) => Number(row.getAttribute('aria-rowindex')));
  return { idle, wheel, drag, lastRow: Math.max(0, ...indexes) - 1 };
}

/** The scroll: 120 still frames, 240 wheel frames of 120 px, then a 600-frame drag from top to bottom. */
const SCROLL = { idleFrames: 120, wheelFrames: 240, wheelStep: 120, dragFrames: 600 };

async function usedHeap(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    return usedSize;
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

async function signIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.waitForURL('**/auth/login-2');
  await page.getByRole('textbox', { name: /e-?mail/i }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL('**/app/home');
}

export async function measureScreen(options: ScreenOptions, track: (close: () => Promise<void>) => void): Promise<ScreenFigures> {
  const browser: Browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
  track(() => browser.close());
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-GB' });
  // tsx compiles with esbuild's keepNames: functions handed to the page call its __name helper.
  await context.addInitScript({ content: 'globalThis.__name = globalThis.__name || ((target) => target);' });
  const page = await context.newPage();
  await signIn(page, options.baseUrl, options.email, options.password);

  await page.addInitScript(installMarks, { tableLabel: options.tableLabel, expected: String(options.expectedTotal) });
  await page.goto(`${options.baseUrl}${options.route}`, { waitUntil: 'commit' });
  const figures: ScreenFigures = { idleFrames: [], wheelFrames: [], dragFrames: [], timedOut: false, browserVersion: browser.version() };
  try {
    await page.waitForFunction(
      () => {
        const marks = (window as unknown as { __benchMarks?: Marks }).__benchMarks;
        return Boolean(marks && marks.firstRowsPainted !== null && marks.totalPainted !== null);
      },
      undefined,
      { timeout: options.readyTimeoutMs, polling: 250 },
    );
  } catch {
    figures.timedOut = true;
  }
  const marks = await page.evaluate(() => (window as unknown as { __benchMarks?: Marks }).__benchMarks ?? null);
  figures.firstRowsPainted = marks?.firstRowsPainted ?? undefined;
  figures.totalPainted = marks?.totalPainted ?? undefined;
  figures.totalText = marks?.totalText ?? undefined;
  const request = await page.evaluate((listPath) => {
    const entry = performance.getEntriesByType('resource').find((e) => new URL(e.name).pathname === listPath) as PerformanceResourceTiming | undefined;
    return entry ? { end: entry.responseEnd, bytes: entry.decodedBodySize } : null;
  }, options.listPath);
  figures.listResponseEnd = request?.end;
  figures.listBodyBytes = request?.bytes;
  if (figures.timedOut) return figures;

  figures.heapAfterLoad = await usedHeap(page);
  const scrolled = await page.evaluate(scrollThrough, SCROLL);
  figures.idleFrames = scrolled.idle;
  figures.wheelFrames = scrolled.wheel;
  figures.dragFrames = scrolled.drag;
  figures.lastRowRendered = scrolled.lastRow;
  figures.heapAfterScroll = await usedHeap(page);
  if (options.profileDir) {
    figures.profile = await profileWhile(page, options.profileDir, () => page.evaluate(scrollThrough, SCROLL));
  }
  await context.close();
  return figures;
}
