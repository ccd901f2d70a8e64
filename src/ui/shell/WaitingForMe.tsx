/**
 * "Waiting for me" (issue 14): one inbox in the header with every record whose lifecycle lets the signed-in person
 * approve it now (credit notes, payments, requisitions, spare-part requests: the lifecycles whose `approve` step is
 * offered on list rows), with the count on the header's button and, in a drawer, Approve and Reject inline.
 *
 * The button's count comes from the server (GET /api/app/approvals/waiting-count, issue 18), which decides with the
 * same machines the transitions use: this file loads with the header and imports nothing of the module catalogue,
 * zod or the lifecycle machines. The drawer (./WaitingDrawer.tsx: the lists, the machines, the row steps) is loaded
 * the first time the person opens it. Nothing at all shows to someone who can approve nothing (the answer lists no
 * module). The count is asked again when the socket relays a change to one of the counted modules and when a step
 * taken in the drawer changes what waits.
 */
import { ActionIcon, Indicator } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { WAITING_COUNT_PATH, type WaitingCount } from '../../contract/approvalShapes';
import { apiRequest } from '../../api/http';
import { addEnglish, useT } from '../../i18n';
import { workflowEn } from '../../i18n/workflow/en';
import { selectUser } from '../../machines/selectors';
import { useSession, useSessionActor } from '../../machines/SessionProvider';
import { Hint } from './popovers';
import { afterWholeMantine } from '../styles/wholeMantine';

addEnglish({ workflow: workflowEn });

const WaitingDrawer = lazy(afterWholeMantine(() => import('./WaitingDrawer')));

/** The server's count for the signed-in person, asked again by `refresh`; null until the first answer (or when it failed). */
function useWaitingCount(): { count: WaitingCount | null; refresh: () => void } {
  const userId = useSession((s) => selectUser(s)?._id ?? null);
  const [count, setCount] = useState<WaitingCount | null>(null);
  const [asked, setAsked] = useState(0);
  const refresh = useCallback(() => setAsked((n) => n + 1), []);
  useEffect(() => {
    if (!userId) {
      setCount(null);
      return;
    }
    let current = true;
    apiRequest<WaitingCount>(WAITING_COUNT_PATH).then(
      (answer) => {
        if (current) setCount(answer);
      },
      // A count that could not be read leaves the last one shown (none at first): the button is a shortcut, the
      // lists themselves stay where they are.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [userId, asked]);
  return { count, refresh };
}

export default function WaitingForMe({ color }: { color: string }) {
  const t = useT();
  const session = useSessionActor();
  const { count, refresh } = useWaitingCount();
  const [opened, setOpened] = useState(false);
  /** Loaded once opened, and kept (its lists stay current while it is closed). */
  const [loaded, setLoaded] = useState(false);
  // The counted modules, the same array while the answer names the same ones.
  const names = count?.modules.map((m) => m.module).join(',') ?? '';
  const modules = useMemo(() => (names ? names.split(',') : []), [names]);
  useEffect(() => {
    if (modules.length === 0) return;
    const subscription = session.on('record.changed', (change) => {
      if (modules.includes(change.module)) refresh();
    });
    return () => subscription.unsubscribe();
  }, [session, modules, refresh]);
  if (!count || count.modules.length === 0) return null;
  const total = count.total;
  const label = t('workflow.waitingForMeCount', { count: total });
  return (
    <>
      <Hint label={label}>
        <Indicator label={total} size={16} disabled={total === 0} color="red" offset={4}>
          <ActionIcon
            variant="subtle"
            color={color}
            size="lg"
            aria-label={label}
            onClick={() => {
              setLoaded(true);
              setOpened(true);
            }}
          >
            <IconInbox size={20} />
          </ActionIcon>
        </Indicator>
      </Hint>
      {loaded && (
        <Suspense fallback={null}>
          <WaitingDrawer opened={opened} onClose={() => setOpened(false)} modules={modules} onWaitingChanged={refresh} />
        </Suspense>
      )}
    </>
  );
}
