/**
 * Renders a public page on its own, as a customer meets it: Mantine in its test environment with the
 * notifications a person would see (the notifier port bound to them), and the page's machine with request
 * actors the test settles by hand.
 */
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { act, render, type RenderResult } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import { bindNotifier, type Notice } from '../../../src/api/notify';
import { settle } from '../../machines/support/deferred';

function NotifierBinding({ seen }: { seen: Notice[] }) {
  useEffect(
    () =>
      bindNotifier({
        show: (notice) => {
          seen.push(notice);
          notifications.show({ message: notice.message, color: notice.color });
        },
      }),
    [seen],
  );
  return null;
}

export interface RenderedPage extends RenderResult {
  notices: Notice[];
}

export function renderPublicPage(page: ReactNode): RenderedPage {
  const notices: Notice[] = [];
  const result = render(
    <MantineProvider env="test">
      <NotifierBinding seen={notices} />
      <Notifications />
      {page}
    </MantineProvider>,
  );
  return { ...result, notices };
}

/** Lets requests answer and React render what they changed. */
export async function flush(): Promise<void> {
  await act(async () => {
    await settle();
  });
}

export { notifications };
