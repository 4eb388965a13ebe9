/** "2026-03-14" as the moment it begins, in UTC ("2026-03-14T00:00:00Z"): what a date setting means everywhere. */
export const dayStart = (day: string) => `${day}T00:00:00Z`;

/** "2026-03-14" → "14 March 2026": a day as the site's British English writes it, whatever the build machine's zone. */
export const dayInWords = (day: string) =>
  new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(dayStart(day)),
  );
