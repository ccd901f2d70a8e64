/** Actor-ref types of the flows the session owns, for hooks and selectors. */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { changePasswordMachine } from './flows/changePassword';
import type { preferencesMachine } from './flows/preferences';
import type { PublicProposalActorRef } from './flows/publicProposal';
import type { signatureMachine } from './flows/signature';
import type { SubscriberDetailsActorRef } from './flows/subscriberDetails';
import type { recordWorkflowMachine } from './flows/recordWorkflow';

export type RecordWorkflowActorRef = ActorRefFrom<typeof recordWorkflowMachine>;
export type PreferencesActorRef = ActorRefFrom<typeof preferencesMachine>;
export type PreferencesSnapshot = SnapshotFrom<typeof preferencesMachine>;
export type ChangePasswordActorRef = ActorRefFrom<typeof changePasswordMachine>;
export type ChangePasswordSnapshot = SnapshotFrom<typeof changePasswordMachine>;
export type SignatureActorRef = ActorRefFrom<typeof signatureMachine>;
export type SignatureSnapshot = SnapshotFrom<typeof signatureMachine>;

/** The actor the session runs for each public page. */
export interface PublicActorRefs {
  businessProposal: PublicProposalActorRef;
  subscriberDetails: SubscriberDetailsActorRef;
}
