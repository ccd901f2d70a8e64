/** Session-level calls (sign-in, access, profile) and the shapes the server answers (issue 2). */
import { apiRequest } from './http';
import type { EndpointArgs, EndpointReply } from '../contract/endpoints';
import type { accountEndpoints, authEndpoints, SessionUser, SideMenuItem } from '../contract/authShapes';

/** What a session call answers: its reply schema's output (src/contract/authShapes.ts), read as types only. */
type AuthReply<K extends keyof typeof authEndpoints> = EndpointReply<(typeof authEndpoints)[K]>;
type AccountReply<K extends keyof typeof accountEndpoints> = EndpointReply<(typeof accountEndpoints)[K]>;

export type LoginResult = AuthReply<'login'>;
// Defined in the contract (storage.ts needs them too, and importing them from here made a cycle).
export type { SessionUser, SideMenuItem };
export type PermissionsReply = AccountReply<'permissions'>;
export type HeaderImagesReply = AuthReply<'headerImages'>;
export type HeaderImage = HeaderImagesReply['headerImages'][number];

/** What sign-in sends: its body schema's input. */
export type Credentials = EndpointArgs<(typeof authEndpoints)['login']>['body'];
/** What changing one's password sends: its body schema's input. */
export type PasswordChange = EndpointArgs<(typeof authEndpoints)['changePassword']>['body'];
type SignatureBody = EndpointArgs<(typeof accountEndpoints)['addSignature']>['body'];
type UiErrorReport = EndpointArgs<(typeof accountEndpoints)['uiError']>['body'];

export const CLIENT_USER_TYPE = 'Client-User';

export function login(credentials: Credentials): Promise<LoginResult> {
  return apiRequest<LoginResult>('/api/auth/login', { method: 'POST', body: credentials });
}

export function logout(): Promise<AuthReply<'logout'>> {
  return apiRequest<AuthReply<'logout'>>('/api/auth/logout', { method: 'POST' });
}

export function changePassword(change: PasswordChange): Promise<AuthReply<'changePassword'>> {
  return apiRequest<AuthReply<'changePassword'>>('/api/auth/changePassword', { method: 'PUT', body: change });
}

export function fetchPermissions(): Promise<PermissionsReply> {
  return apiRequest<PermissionsReply>('/api/app/subscriber-user/getPermissions');
}

export function fetchSideMenu(): Promise<SideMenuItem[]> {
  return apiRequest<SideMenuItem[]>('/api/app/subscriber-user/getSideMenu');
}

/** The spec names the field `esgin` (sic). */
export function addSignature(pngDataUrl: string): Promise<AccountReply<'addSignature'>> {
  const body: SignatureBody = { esgin: pngDataUrl };
  return apiRequest<AccountReply<'addSignature'>>('/api/app/subscriber-user/addSignature', { method: 'POST', body });
}

export function fetchUser(id: string): Promise<Partial<SessionUser> & { _id: string }> {
  return apiRequest(`/api/app/subscriber-user/getById/${encodeURIComponent(id)}`);
}

/** The subscriber's logo and name for the header (public: no privilege needed). */
export function fetchHeaderImages(subscriberId: string): Promise<HeaderImagesReply> {
  return apiRequest<HeaderImagesReply>(`/api/auth/getHeaderImages/${encodeURIComponent(subscriberId)}`);
}

/** A render crash report (document 1 §8): the error boundary posts it, then shows the error page. */
export function reportUiError(report: UiErrorReport): Promise<AccountReply<'uiError'>> {
  return apiRequest<AccountReply<'uiError'>>('/api/app/uierror', { method: 'POST', body: report });
}
