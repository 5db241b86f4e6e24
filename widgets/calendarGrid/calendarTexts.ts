/**
 * The English texts of the calendar grid under their message ids; translations are in
 * src/locales/<locale>/panelWidgets.json (calendarTexts.test.ts keeps the English there equal to these).
 */
export const CALENDAR_TEXTS = {
  'calendar.cellOn': '{day} {hours}, on',
  'calendar.cellOff': '{day} {hours}, off',
  'calendar.dayOn': 'Turn on every hour on {day}',
  'calendar.dayOff': 'Turn off every hour on {day}',
  'calendar.hourOn': 'Turn on {hours} on every day',
  'calendar.hourOff': 'Turn off {hours} on every day',
  'calendar.presets': 'Presets',
  'calendar.everyHour': 'Every hour',
  'calendar.workingHours': 'Working hours',
  'calendar.workingHoursHint': 'Monday to Friday, 09:00–18:00',
  'calendar.clear': 'Clear',
  'calendar.summary': '{hours} of {total} hours selected',
  'calendar.noHours': 'No hours selected: the campaign will not run.',
  'calendar.timezone': 'Hours are in UTC (server time).',
} as const satisfies Record<string, string>;

export type CalendarTextId = keyof typeof CALENDAR_TEXTS;
