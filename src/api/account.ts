/** Session-level calls (sign-in, access, profile) and the shapes the server answers (issue 2). */
import { apiRequest } from './http';
import type { PermissionEntry } from '../contract/permissions';

export interface SessionUser {
  _id: string;
  name: string;
  email: string;
  roles: Array<{ name: string }>;
  userType: string;
  subscriberId: string;
  client?: { _id: string; companyName: string };
  /** The saved signature, a PNG data URL. */
  eSign?: string;
}

export interface LoginResult {
  token: string;
  user: SessionUser;
  timezone: string;
}

export interface SideMenuItem {
  _id: string;
  title: string;
  icon: string;
  path: string | null;
  order: number;
  code?: string;
  children: SideMenuItem[];
}

export interface Credentials {
  email: string;
  password: string;
}

export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
  _id: string;
}

export interface HeaderImage {
  url: string;
  name: string;
}

export const CLIENT_USER_TYPE = 'Client-User';

export function login(credentials: Credentials): Promise<LoginResult> {
  return apiRequest<LoginResult>('/api/auth/login', { method: 'POST', body: credentials });
}

export function logout(): Promise<unknown> {
  return apiRequest('/api/auth/logout', { method: 'POST' });
}

export function changePassword(change: PasswordChange): Promise<unknown> {
  return apiRequest('/api/auth/changePassword', { method: 'PUT', body: change });
}

export function fetchPermissions(): Promise<PermissionEntry[]> {
  return apiRequest<PermissionEntry[]>('/api/app/subscriber-user/getPermissions');
}

export function fetchSideMenu(): Promise<SideMenuItem[]> {
  return apiRequest<SideMenuItem[]>('/api/app/subscriber-user/getSideMenu');
}

/** The spec names the field `esgin` (sic). */
export function addSignature(pngDataUrl: string): Promise<unknown> {
  return apiRequest('/api/app/subscriber-user/addSignature', { method: 'POST', body: { esgin: pngDataUrl } });
}

export function fetchUser(id: string): Promise<Partial<SessionUser> & { _id: string }> {
  return apiRequest(`/api/app/subscriber-user/getById/${encodeURIComponent(id)}`);
}

export interface HeaderImagesReply {
  _id: string;
  companyName: string;
  headerImages: HeaderImage[];
}

/** The subscriber's logo and name for the header (public: no privilege needed). */
export function fetchHeaderImages(subscriberId: string): Promise<HeaderImagesReply> {
  return apiRequest<HeaderImagesReply>(`/api/auth/getHeaderImages/${encodeURIComponent(subscriberId)}`);
}

/** A render crash report (document 1 §8): the error boundary posts it, then shows the error page. */
export function reportUiError(report: { message: string; componentStack: string; url?: string }): Promise<unknown> {
  return apiRequest('/api/app/uierror', { method: 'POST', body: report });
}
