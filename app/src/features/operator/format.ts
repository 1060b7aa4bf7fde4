/** Dates of the console: day and time in the interface's language. */
export function dateTimeFormatter(language: string): (ms: number) => string {
  const format = new Intl.DateTimeFormat(language === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
  return (ms) => format.format(new Date(ms));
}
