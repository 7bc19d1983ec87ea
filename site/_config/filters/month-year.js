const formatter = new Intl.DateTimeFormat("da-DK", { month: "long", year: "numeric", timeZone: "UTC" });

/** Formats a year-month such as "2024-09" in Danish ("september 2024"). */
export function monthYear(yearMonth) {
  return formatter.format(new Date(`${yearMonth}-01T00:00:00Z`));
}
