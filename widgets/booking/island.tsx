// The booking of a free inspection as an island of /besigtigelse: rendered at build time with the props
// Eleventy gives it (the firm's facts and phone hours), hydrated with the same props from its `props`
// attribute. It wakes at once (widgets/islands.js): the free times are the page's errand, and they arrive
// into the box the first paint already showed. It reports a send to the page as the quote form does, but
// adds the notices' region only when the visitor books (BookingForm.tsx): an island that starts with the
// page would otherwise add an element before the visitor has done anything.
import { hydrated } from "../shared/island-contract.tsx";
import { reportResultFrom } from "../quote-form/events.ts";
import { BookingForm, type BookingFormProps } from "./BookingForm.tsx";

export const bookingForm = hydrated<BookingFormProps, Pick<BookingFormProps, "id">>({
  fromPage: (params, page) => ({ ...params, page: page.path, facts: page.facts, hours: page.phoneHours }),
  render: (props) => <BookingForm {...props} />,
  inBrowser: (host) => ({ onResult: reportResultFrom(host) }),
});
