/**
 * The session's children whose code is not part of the entry (issue 18, lazyLogic.ts): what a signed-in person
 * uses (the cached lists with their record workflow, changing the password, the signature) and each public
 * page's flow. The sign-in page and a customer's proposal link load none of the first; a proposal link loads
 * only its own flow, which its screen's chunk carries.
 *
 * The session's asynchronous steps load them before it spawns them: restoring a kept session and signing in
 * load the signed-in logic, a screen loads its module's before it opens it (SessionProvider, useModule), and a
 * public page loads its flow before it opens (SessionProvider, usePublicPage).
 */
import type { changePasswordMachine } from './flows/changePassword';
import type { publicProposalMachine } from './flows/publicProposal';
import type { signatureMachine } from './flows/signature';
import type { subscriberDetailsMachine } from './flows/subscriberDetails';
import { lazyLogic } from './lazyLogic';
import type { PublicPageName } from '../contract/publicLinks';
import type { resourceMachine } from './resource';

export const SESSION_LOGIC = {
  changePassword: lazyLogic<typeof changePasswordMachine>('changePassword', () => import('./flows/changePassword').then((m) => m.changePasswordMachine)),
  signature: lazyLogic<typeof signatureMachine>('signature', () => import('./flows/signature').then((m) => m.signatureMachine)),
  resource: lazyLogic<typeof resourceMachine>('resource', () => import('./resource').then((m) => m.resourceMachine)),
  publicProposal: lazyLogic<typeof publicProposalMachine>('publicProposal', () => import('./flows/publicProposal').then((m) => m.publicProposalMachine)),
  subscriberDetails: lazyLogic<typeof subscriberDetailsMachine>('subscriberDetails', () =>
    import('./flows/subscriberDetails').then((m) => m.subscriberDetailsMachine),
  ),
};

/** What a signed-in session spawns as it begins (it rides in the shell's chunk, vite.config.ts). */
export async function loadSignedInLogic(): Promise<void> {
  await Promise.all([SESSION_LOGIC.changePassword.load(), SESSION_LOGIC.signature.load()]);
}

/**
 * What the session spawns for a screen's module (`module.open`): the cached lists with their record workflow. Not
 * with the shell (issue 18: home shows no module's list and painted a phone's screen later for it), but with the
 * screens that show a module, which import it for its helpers (ui/data/resources.ts): by the time one asks for
 * its module, this resolves at once.
 */
export function loadModuleLogic(): Promise<unknown> {
  return SESSION_LOGIC.resource.load();
}

/** What a public page's session spawns. */
export async function loadPublicPageLogic(page: PublicPageName): Promise<void> {
  await (page === 'businessProposal' ? SESSION_LOGIC.publicProposal : SESSION_LOGIC.subscriberDetails).load();
}

/** All of it: for tests that drive the session with some of its steps swapped out. */
export async function loadAllSessionLogic(): Promise<void> {
  await Promise.all(Object.values(SESSION_LOGIC).map((lazy) => lazy.load()));
}
