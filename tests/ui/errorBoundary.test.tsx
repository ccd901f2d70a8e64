/** A render crash: its message and component stack are posted to /api/app/uierror and the error page shows. */
import { render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureHttp, resetHttpConfig } from '../../src/api/http';
import { writeStored } from '../../src/api/storage';
import { ErrorBoundary } from '../../src/ui/kit/ErrorBoundary';
import { createFakeApi } from './support/fakeApi';

afterEach(resetHttpConfig);

function Broken(): never {
  throw new Error('Cannot read properties of undefined (reading "alternateId")');
}

function renderCrash() {
  return render(
    <MantineProvider env="test">
      <ErrorBoundary>
        <section>
          <Broken />
        </section>
      </ErrorBoundary>
    </MantineProvider>,
  );
}

describe('error boundary', () => {
  it('posts { message, componentStack, url } with the token and shows the generic error page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = createFakeApi().on('POST', '/api/app/uierror', { status: 201, body: { message: 'Error reported' } });
    configureHttp({ fetch: api.fetch, navigate: () => undefined, reload: () => undefined });
    writeStored('tn_ah', 'token-admin');
    writeStored('loggedIN', true);
    renderCrash();
    expect(screen.getByText("We're sorry...")).toBeTruthy();
    expect(screen.getByText('An error occured while processing data.')).toBeTruthy();
    await waitFor(() => expect(api.requestsTo('POST', '/api/app/uierror')).toHaveLength(1));
    const [report] = api.requestsTo('POST', '/api/app/uierror');
    expect(report.headers.token).toBe('token-admin');
    const body = report.body as { message: string; componentStack: string; url: string };
    expect(body.message).toBe('Cannot read properties of undefined (reading "alternateId")');
    expect(body.componentStack).toContain('Broken');
    expect(body.url).toBe(window.location.href);
  });

  it('while signed out the crash is only logged (reporting needs a session) and the page still shows', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = createFakeApi();
    const navigate = vi.fn();
    configureHttp({ fetch: api.fetch, navigate, reload: () => undefined });
    renderCrash();
    expect(screen.getByText("We're sorry...")).toBeTruthy();
    await waitFor(() => expect(logged.mock.calls.some((c) => String(c[0]).startsWith('UI error while signed out'))).toBe(true));
    expect(api.requests).toHaveLength(0);
    expect(navigate).not.toHaveBeenCalled();
  });
});
