/**
 * The machine and sensor dashboards' English, merged into the dictionary when one of them loads (imported for
 * this effect by each of them), so the first pages do not carry it; zh, fr and ja carry theirs in their
 * dictionaries.
 */
import { addEnglish } from '../../../i18n';
import { machineDashboardsEn } from '../../../i18n/machineDashboards/en';

addEnglish({ md: machineDashboardsEn });
