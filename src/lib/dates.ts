/** "2026-03-14" → "14 March 2026": a day as the site's British English writes it, whatever the build machine's zone. */
export const dayInWords = (day: string) =>
  new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );
