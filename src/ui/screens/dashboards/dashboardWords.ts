/**
 * The dashboards' English, merged into the dictionary when a dashboard loads (imported for this effect by each
 * screen that shows its words), so the first pages do not carry it; zh, fr and ja carry theirs in their
 * dictionaries.
 */
import { addEnglish } from '../../../i18n';
import { dashboardsEn } from '../../../i18n/dashboards/en';

addEnglish({ dash: dashboardsEn });
