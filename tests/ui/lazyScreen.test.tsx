/**
 * Screens loaded on demand (src/routes/lazyScreen.tsx): once preloaded a screen renders at once, with no Suspense
 * fallback (React would hold the screen back for 300 ms after one, issue 18); one mounted before its module came
 * keeps its state when it does; the first routes name the screens the client preloads.
 */
import { act, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { firstModulesFor, FIRST_ROUTES } from '../../src/contract/firstRoutes';
import { lazyScreen } from '../../src/routes/lazyScreen';

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((n) => n + 1)}>
      {label} {count}
    </button>
  );
}

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('a lazily loaded screen', () => {
  it('renders without its fallback once preloaded', async () => {
    const Screen = lazyScreen(async () => Counter);
    await Screen.preload();
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Screen label="Ready" />
      </Suspense>,
    );
    // Synchronously there, in the first commit: no fallback was ever shown.
    expect(screen.getByRole('button', { name: 'Ready 0' })).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it('suspends until its module comes when not preloaded, then keeps its state across renders', async () => {
    const module = deferred<typeof Counter>();
    const Screen = lazyScreen(() => module.promise);
    const { rerender } = render(
      <Suspense fallback={<p>Loading…</p>}>
        <Screen label="Late" />
      </Suspense>,
    );
    expect(screen.getByText('Loading…')).toBeTruthy();
    await act(async () => module.resolve(Counter));
    const button = await screen.findByRole('button', { name: 'Late 0' });
    act(() => button.click());
    expect(screen.getByRole('button', { name: 'Late 1' })).toBeTruthy();
    // A later render, now that the module is in, keeps the same instance and its state.
    rerender(
      <Suspense fallback={<p>Loading…</p>}>
        <Screen label="Late" />
      </Suspense>,
    );
    expect(screen.getByRole('button', { name: 'Late 1' })).toBeTruthy();
  });

  it("preloads without throwing when the module fails (the render meets the failure, as before)", async () => {
    const Screen = lazyScreen(() => Promise.reject(new Error('chunk failed')));
    await expect(Screen.preload()).resolves.toBeUndefined();
  });
});

describe('the first routes', () => {
  it('name the sign-in, proposal and home screens for their paths, and nothing for other paths', () => {
    expect(firstModulesFor('/auth/login-2')).toEqual(['src/ui/screens/auth/LoginScreen.tsx']);
    expect(firstModulesFor('/public/businessProposal')).toEqual(['src/ui/screens/public/BusinessProposalScreen.tsx']);
    expect(firstModulesFor('/app/home')).toEqual(['src/ui/shell/AppLayout.tsx', 'src/ui/screens/home/HomeScreen.tsx']);
    expect(firstModulesFor('/app/manage-user')).toEqual(['src/ui/shell/AppLayout.tsx']);
    expect(firstModulesFor('/public/subscriber-details')).toEqual([]);
    expect(FIRST_ROUTES.length).toBeGreaterThan(0);
  });
});
