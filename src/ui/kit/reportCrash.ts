/**
 * Where a render crash goes: the server keeps crash reports per signed-in user (POST /api/app/uierror
 * needs a staff session), so only a staff session reports. Any other crash is only logged: on the sign-in
 * page there is no token, and on a public page the stored token is the link's, which the staff endpoint
 * refuses with 401 — and a 401 makes the HTTP layer send the visitor to sign in, on top of the error page.
 * A signed-in session is the one the store marks as logged in (a link only stores its token).
 */
import { reportUiError } from '../../api/account';
import { readStored } from '../../api/storage';

export interface UiErrorReport {
  message: string;
  componentStack: string;
  url: string;
}

export function hasStaffSession(): boolean {
  return readStored('loggedIN') === true && Boolean(readStored('tn_ah'));
}

export async function reportCrash(report: UiErrorReport): Promise<unknown> {
  if (!hasStaffSession()) {
    console.error('UI error while signed out (not reported)', report.message);
    return null;
  }
  return reportUiError(report);
}
