// The booking of a free inspection as an island of /besigtigelse: rendered at build time with the props
// Eleventy gives it (the firm's facts and phone hours), hydrated with the same props from its `props`
// attribute; the free times arrive once it runs.
import { ISLANDS } from "../islands.js";
import type { Mount } from "../shared/island.ts";
import { hydrateIsland, type IslandContract } from "../shared/island-contract.tsx";
import { reportResultFrom } from "../quote-form/events.ts";
import { BookingForm, type BookingFormProps } from "./BookingForm.tsx";

/** What the page's shortcode passes: the form's id and page, the firm's facts and its phone hours. */
export type BookingFormIslandProps = Omit<BookingFormProps, "onResult"> & Pick<Partial<BookingFormProps>, "onResult">;

export const bookingFormIsland: IslandContract<BookingFormIslandProps> = {
  tag: ISLANDS.bookingForm.tag,
  render: (props) => <BookingForm {...props} />,
};

/**
 * Hydrates the booking island; it tells the page how a send went as the quote form does. It starts
 * without an interaction, so the notices' region is added only when the visitor books (BookingForm.tsx).
 */
export const mount: Mount = (host) => hydrateIsland(bookingFormIsland, host, { onResult: reportResultFrom(host) });
