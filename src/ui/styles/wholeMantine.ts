/**
 * Mantine's whole stylesheet, for everything the first pages load later (issue 18). The entry carries only the
 * first pages' part of it (mantineFirstPages.css) and the signed-in shell only home's (mantineHome.css): the whole
 * sheet, 28 KB of brotli, stood between a phone and home's first paint. Every screen and every part of the shell
 * that loads later brings it along, one file they all share (vite.config.ts, group `mantine`).
 *
 * It is asked for first, before the module itself: Vite puts a lazily loaded module's stylesheets into the page as
 * the import is called, and the styles that build on Mantine's (the date pickers', the charts', the calendars',
 * the screens' own CSS modules) must come after it to win. A module imported in the same call could otherwise have
 * its stylesheets put in ahead of Mantine's, and the later one wins the cascade.
 */
export function loadWholeMantine(): Promise<unknown> {
  return import('@mantine/core/styles.css');
}

/**
 * `load`, with Mantine's whole stylesheet asked for first and in the page before the module is used: both
 * downloads go at once, and the module answers once both are in. (`styles` is the stylesheet's loader; tests
 * give another.)
 */
export function afterWholeMantine<T>(load: () => Promise<T>, styles: () => Promise<unknown> = loadWholeMantine): () => Promise<T> {
  return () => {
    const sheet = styles();
    return Promise.all([sheet, load()]).then(([, module]) => module);
  };
}
