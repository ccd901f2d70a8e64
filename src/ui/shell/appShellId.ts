/**
 * The id of Mantine's AppShell root, in place of @mantine/hooks' useId in that one file (vite.config.ts,
 * appShellImports): the id given, else React's, as useId renders it first, without the random one it swaps in from a
 * layout effect. That effect's update made React run every effect of a signed-in page's first commit, and render
 * again, before the browser could paint it (issue 30).
 */
import { useId } from 'react';

export function useAppShellId(staticId?: string): string {
  const reactId = useId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/[:«»]/g, '')}`;
}
