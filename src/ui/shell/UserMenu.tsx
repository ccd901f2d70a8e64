/**
 * The user menu behind the header's button (./UserMenuButton.tsx loads it when wanted): Signature, Change Password
 * and Logout. Both dialogs reset their flow when opened, so each opening starts clean, and close themselves when
 * their flow reports success.
 */
import { Menu, Modal } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { IconKey, IconLogout, IconSignature } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useT } from '../../i18n';
import {
  selectRoleNames,
  selectUser,
  useChangePasswordActor,
  useChangePasswordEvents,
  useSession,
  useSessionEvents,
  useSignatureActor,
  useSignatureEvents,
} from '../../machines/SessionProvider';
import { selectPhase } from '../screens/account/changePasswordPhase';
import { UserButton } from './UserButton';
import { afterWholeMantine } from '../styles/wholeMantine';

// The signature pad (a canvas library) loads when the dialog is first opened, not with every page; so does the
// change-password form (its inputs were the only reason every signed-in page loaded the sign-in page's chunk).
const ChangePasswordForm = lazy(afterWholeMantine(() => import('../screens/account/ChangePasswordForm').then((m) => ({ default: m.ChangePasswordForm }))));
const SignatureModal = lazy(afterWholeMantine(() => import('../screens/account/SignatureModal').then((m) => ({ default: m.SignatureModal }))));

function sameList(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

export function UserMenu({ defaultOpened = false }: { defaultOpened?: boolean }) {
  const t = useT();
  const user = useSession(selectUser);
  const roles = useSession(selectRoleNames, sameList);
  const session = useSessionEvents();
  const passwordActor = useChangePasswordActor();
  const password = useChangePasswordEvents(passwordActor);
  const passwordPhase = useSelector(passwordActor, selectPhase);
  const signature = useSignatureEvents(useSignatureActor());
  const [dialog, setDialog] = useState<'signature' | 'password' | null>(null);

  const name = user?.name || t('shell.notAvailable');
  const roleText = roles.length ? roles.join(', ') : t('shell.notAvailable');

  return (
    <>
      <Menu position="bottom-end" width={220} withinPortal defaultOpened={defaultOpened}>
        <Menu.Target>
          <UserButton />
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label hiddenFrom="sm">
            {name} · {roleText}
          </Menu.Label>
          <Menu.Item leftSection={<IconSignature size={16} />} onClick={() => { signature.reset(); setDialog('signature'); }}>
            {t('shell.signature')}
          </Menu.Item>
          <Menu.Item leftSection={<IconKey size={16} />} onClick={() => { password.reset(); setDialog('password'); }}>
            {t('shell.changePassword')}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={session.signOut}>
            {t('shell.logout')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {dialog === 'signature' && (
        <Suspense fallback={null}>
          <SignatureModal opened onClose={() => setDialog(null)} />
        </Suspense>
      )}
      <Modal opened={dialog === 'password' && passwordPhase !== 'succeeded'} onClose={() => setDialog(null)} title={t('changePassword.title')} centered>
        <Suspense fallback={null}>
          <ChangePasswordForm onCancel={() => setDialog(null)} />
        </Suspense>
      </Modal>
    </>
  );
}
