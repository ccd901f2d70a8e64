/**
 * Where a render crash goes: the server keeps crash reports per signed-in user (POST /api/app/uierror
 * needs a session), so a crash while signed out (sign-in page, public pages) is only logged — sending it
 * would make the HTTP layer send the person to sign in, on top of the error page.
 */
import { reportUiError } from '../../api/account';
import { readStored } from '../../api/storage';

export interface UiErrorReport {
  message: string;
  componentStack: string;
  url: string;
}

export async function reportCrash(report: UiErrorReport): Promise<unknown> {
  if (!readStored('tn_ah')) {
    console.error('UI error while signed out (not reported)', report.message);
    return null;
  }
  return reportUiError(report);
}
