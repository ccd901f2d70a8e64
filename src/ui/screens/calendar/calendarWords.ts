/** The calendars' English, merged when a calendar loads (zh, fr and ja carry theirs in their dictionaries). */
import { addEnglish } from '../../../i18n';
import { calendarEn } from '../../../i18n/calendar/en';

addEnglish({ cal: calendarEn });
