/**
 * One page load as a phone on a slow network meets it (issue 18): Chromium through the DevTools protocol
 * with the CPU slowed 4× and a Fast-3G-like network (562 ms round trip, 1.44 Mbps down), an empty cache.
 * What the network carried is summed from the protocol's own byte counts (encoded, i.e. gzip as sent),
 * the largest contentful paint is read from the page, and each script or stylesheet gets its wave: 1 for
 * what the HTML asks for, else one more than the latest wave that had fully arrived when it was asked for
 * (Chromium names no parent script for a dynamic import, so the chain is read from the timings).
 */
import type { BrowserContext, CDPSession, Page } from 'playwright-core';

/** Chrome's "Fast 3G"-like profile of the issue: 562 ms round trip, 1.44 Mbps down, 675 kbps up. */
export const SLOW_PHONE = { latencyMs: 562, downloadBytesPerSecond: (1.44 * 1_000_000) / 8, uploadBytesPerSecond: (675 * 1_000) / 8, cpuSlowdown: 4 };

export interface PageLoadFigures {
  /** JS and CSS as sent (gzip), headers included, in bytes. */
  jsCssBytes: number;
  jsFiles: number;
  cssFiles: number;
  /** Most dependent waves of JS/CSS requests (1: all asked for by the HTML). */
  waves: number;
  /** ms from navigation start; undefined when the page painted nothing the browser counts. */
  lcp?: number;
  /** ms from navigation start until what the page is for showed (the measurement's `ready`), read just after. */
  readyAt: number;
  /** Each round's LCP, where the figure is the best of several loads (firstPages.ts). */
  lcpRounds?: number[];
  /** The heaviest files, for the report. */
  largest: Array<{ url: string; bytes: number }>;
}

interface Request {
  url: string;
  type: string;
  bytes: number;
  /** The HTML asked for it (a script tag, a stylesheet, a modulepreload link). */
  byParser: boolean;
  /** Protocol timestamps (s): asked for, and last byte in. */
  sentAt: number;
  finishedAt: number;
}

/** Runs in the page before its scripts: keeps the latest largest-contentful-paint entry. */
function watchLcp(): void {
  const holder = window as unknown as { __lcp?: number };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) holder.__lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

async function throttle(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: SLOW_PHONE.latencyMs,
    downloadThroughput: SLOW_PHONE.downloadBytesPerSecond,
    uploadThroughput: SLOW_PHONE.uploadBytesPerSecond,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PHONE.cpuSlowdown });
}

/** Resolves once no request has been in flight for `quietMs`. */
function networkQuiet(cdp: CDPSession, quietMs: number, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const inFlight = new Set<string>();
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      clearTimeout(timer);
      if (inFlight.size === 0) timer = setTimeout(done, quietMs);
    };
    const giveUp = setTimeout(() => {
      cleanUp();
      reject(new Error(`the page kept loading for ${timeoutMs} ms`));
    }, timeoutMs);
    const started = (e: { requestId: string }) => {
      inFlight.add(e.requestId);
      arm();
    };
    const ended = (e: { requestId: string }) => {
      inFlight.delete(e.requestId);
      arm();
    };
    function cleanUp() {
      clearTimeout(timer);
      clearTimeout(giveUp);
      cdp.off('Network.requestWillBeSent', started);
      cdp.off('Network.loadingFinished', ended);
      cdp.off('Network.loadingFailed', ended);
    }
    function done() {
      cleanUp();
      resolve();
    }
    cdp.on('Network.requestWillBeSent', started);
    cdp.on('Network.loadingFinished', ended);
    cdp.on('Network.loadingFailed', ended);
    arm();
  });
}

/**
 * Loads `url` in a fresh page of `context` under the slow-phone profile and waits until `ready` holds and
 * the network has been quiet for two seconds (so what loads after the first paint is counted too).
 */
export async function measurePageLoad(context: BrowserContext, url: string, ready: (page: Page) => Promise<void>): Promise<PageLoadFigures> {
  const page = await context.newPage();
  try {
    await page.addInitScript(watchLcp);
    const cdp = await context.newCDPSession(page);
    await throttle(cdp);
    const requests = new Map<string, Request>();
    cdp.on('Network.requestWillBeSent', (e: { requestId: string; request: { url: string }; type?: string; initiator: { type: string }; timestamp: number }) => {
      requests.set(e.requestId, { url: e.request.url, type: e.type ?? 'Other', bytes: 0, byParser: e.initiator.type === 'parser', sentAt: e.timestamp, finishedAt: Number.POSITIVE_INFINITY });
    });
    cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number; timestamp: number }) => {
      const request = requests.get(e.requestId);
      if (request) {
        request.bytes = e.encodedDataLength;
        request.finishedAt = e.timestamp;
      }
    });
    const quiet = networkQuiet(cdp, 2_000, 120_000);
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    await ready(page);
    const readyAt = await page.evaluate(() => performance.now());
    await quiet;
    const lcp = await page.evaluate(() => (window as unknown as { __lcp?: number }).__lcp);
    const assets = [...requests.values()].filter((r) => r.type === 'Script' || r.type === 'Stylesheet');
    const waves = new Map<Request, number>();
    for (const r of [...assets].sort((a, b) => a.sentAt - b.sentAt)) {
      const arrived = assets.filter((q) => q.finishedAt <= r.sentAt).map((q) => waves.get(q) ?? 1);
      waves.set(r, r.byParser ? 1 : Math.max(1, ...arrived) + (arrived.length > 0 ? 1 : 0));
    }
    const wave = (r: Request): number => waves.get(r) ?? 1;
    return {
      jsCssBytes: assets.reduce((sum, r) => sum + r.bytes, 0),
      jsFiles: assets.filter((r) => r.type === 'Script').length,
      cssFiles: assets.filter((r) => r.type === 'Stylesheet').length,
      waves: Math.max(0, ...assets.map((r) => wave(r))),
      lcp,
      readyAt,
      largest: assets
        .sort((a, b) => b.bytes - a.bytes)
        .slice(0, 3)
        .map((r) => ({ url: new URL(r.url).pathname, bytes: r.bytes })),
    };
  } finally {
    await page.close();
  }
}
