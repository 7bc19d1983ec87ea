// The web manifest (/manifest.webmanifest): name, colours and the PNG icons of site/_lib/app-icons.js.
import { writeAppIcons } from "./_lib/app-icons.js";

export const data = { permalink: "/manifest.webmanifest", eleventyExcludeFromCollections: true };

/** @param {{ business: import("./_lib/data-types.js").Business, eleventy: { directories: { output: string } } }} data */
export async function render({ business, eleventy }) {
  const icons = await writeAppIcons(eleventy.directories.output);
  return JSON.stringify(
    {
      name: `${business.brand} – ${business.tagline}`,
      short_name: business.brand,
      lang: "da",
      start_url: "/",
      display: "browser",
      background_color: "#ffffff",
      theme_color: "#0f2747",
      icons,
    },
    null,
    2,
  );
}
