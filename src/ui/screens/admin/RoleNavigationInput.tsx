/**
 * A new role sees the navigation (issue 12): the create form of manage-role starts with SITE_CONFIGURATION /
 * SHOW_NAVIGATION ticked, says beside it what it does, and the administrator may untick it.
 *
 * The default lives here, as the form's starting value, and not on the server. POST /api/app/role makes the role
 * it is given (server/domain/admin/roles.ts): the tenant's built-in roles are reconciled with their own grants, and
 * API clients and tests make roles with exactly the features they name. A server default would have to guess
 * whether a body without the grant means "none" or "the usual", and could not honour an administrator's untick.
 */
import { Checkbox } from '@mantine/core';
import { useT } from '../../../i18n';
import { SITE_CONFIGURATION } from '../../../contract/routes';
import type { FormExtra } from '../module/ModuleForm';

/** The form value's own name (the role schema has no such field: the grant goes into `features`). */
const SHOWS_NAVIGATION = 'showsNavigation';

/** The grant the navigation is: what the shell checks (src/contract/permissions.ts `showsNavigation`). */
export const NAVIGATION_GRANT = { feature: SITE_CONFIGURATION.code, privileges: [SITE_CONFIGURATION.showNavigation] };

function RoleNavigationInput({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const t = useT();
  return <Checkbox label={t('admin.showNavigation')} description={t('admin.showNavigationHint')} checked={checked} onChange={(e) => onChange(e.currentTarget.checked)} />;
}

/** The create form's navigation input: ticked to start with; ticked, the role is made with the grant. */
export const newRoleNavigation: FormExtra = {
  initialValues: { [SHOWS_NAVIGATION]: true },
  render: (values, set) => <RoleNavigationInput checked={values[SHOWS_NAVIGATION] === true} onChange={(checked) => set(SHOWS_NAVIGATION, checked)} />,
  toBody: (values, body) => {
    if (values[SHOWS_NAVIGATION] !== true) return body;
    const features = Array.isArray(body.features) ? (body.features as unknown[]) : [];
    return { ...body, features: [...features, NAVIGATION_GRANT] };
  },
};
