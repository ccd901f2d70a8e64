/**
 * Texts of the calendars (My Calendar, the resource calendar; issue 31 item 3), under `cal.` in every dictionary.
 * English is merged when a calendar loads (src/ui/screens/calendar/calendarWords.ts); zh, fr and ja carry theirs.
 */
export const calendarEn = {
  calendarTab: 'Calendar',
  listTab: 'List',
  loading: 'Loading the calendar…',
  failedTitle: 'Could not load the calendar',
  retry: 'Try again',
  agenda: 'Agenda',
  day: 'Day',
  week: 'Week',
  month: 'Month',
  view: 'View',
  timeZoneNote: 'Times in {{zone}}',
  booking: 'Booking',
  visit: 'Visit',
  occurrence: 'Preventive maintenance due',
  nothing: 'Nothing on your calendar in these days',
  unscheduled: 'Unscheduled tickets',
  unscheduledHint: 'Drag a ticket onto an engineer and a time',
  noUnscheduled: 'Every open ticket is on the calendar',
  hoursBooked: '{{hours}} h',
  overBooked: 'Over-booked',
  onLeave: 'On leave',
  confirmTitle: 'Move {{title}}?',
  confirmText: 'To {{engineer}}, {{from}} – {{to}}. The ticket’s engineer and its history follow.',
  confirm: 'Move',
  cancel: 'Cancel',
  refusedTitle: 'Cannot move {{title}}',
  dismiss: 'OK',
  saving: 'Moving…',
  legendLoad: 'Hours booked per day; red: over {{hours}} h',
};
export type CalendarTexts = typeof calendarEn;
