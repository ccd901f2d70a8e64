/**
 * The signed-in person in the header (spec document 1 §1): initials, name and roles (or N/A), on the button that
 * opens the user menu. The menu behind it, with its dialogs (./UserMenu.tsx: Mantine's Menu and Modal with
 * floating-ui and a focus trap, the dialogs' flows), is a chunk of its own: it starts loading when the pointer
 * reaches the button and is shown, opened, on the first press, as the language picker's (./LanguagePicker.tsx).
 * Home paints without it (issue 18).
 */
import { lazy, Suspense, useState } from 'react';
import { UserButton } from './UserButton';

const loadMenu = () => import('./UserMenu');
const UserMenu = lazy(() => loadMenu().then((m) => ({ default: m.UserMenu })));

export function UserMenuButton() {
  const [opened, setOpened] = useState(false);
  const button = (
    <UserButton
      // Hovering starts the download; the button itself stays until the press, so nothing under the pointer is
      // swapped while the person aims at it.
      onPointerEnter={() => void loadMenu()}
      onClick={() => setOpened(true)}
    />
  );
  if (!opened) return button;
  return (
    <Suspense fallback={button}>
      <UserMenu defaultOpened />
    </Suspense>
  );
}
