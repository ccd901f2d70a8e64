/** Actor-ref types of the flows the session owns, for hooks and selectors. */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { changePasswordMachine } from './flows/changePassword';
import type { preferencesMachine } from './flows/preferences';
import type { signatureMachine } from './flows/signature';

export type PreferencesActorRef = ActorRefFrom<typeof preferencesMachine>;
export type PreferencesSnapshot = SnapshotFrom<typeof preferencesMachine>;
export type ChangePasswordActorRef = ActorRefFrom<typeof changePasswordMachine>;
export type ChangePasswordSnapshot = SnapshotFrom<typeof changePasswordMachine>;
export type SignatureActorRef = ActorRefFrom<typeof signatureMachine>;
export type SignatureSnapshot = SnapshotFrom<typeof signatureMachine>;
