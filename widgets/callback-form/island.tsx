// The call-back form as an island of the firm's pages: rendered at build time with the props Eleventy
// gives it (the firm's facts and phone hours, from site/_data/business.yaml), hydrated with the same
// props from its `props` attribute.
import { ISLANDS } from "../islands.js";
import type { Mount } from "../shared/island.ts";
import { hydrateIsland, type IslandContract } from "../shared/island-contract.tsx";
import { ensureNoticesRegion } from "../shared/notices-region.tsx";
import { reportResultFrom } from "../quote-form/events.ts";
import { keepOnDevice } from "../quote-form/send-kept.ts";
import { CallbackForm, type CallbackFormProps } from "./CallbackForm.tsx";

/** What a page's shortcode passes: the form's id and page, the firm's facts and its phone hours. */
export type CallbackFormIslandProps = Omit<CallbackFormProps, "onResult"> & Pick<Partial<CallbackFormProps>, "onResult">;

export const callbackFormIsland: IslandContract<CallbackFormIslandProps> = {
  tag: ISLANDS.callbackForm.tag,
  // Kept on the device without a connection, as the quote form's requests are (send-kept.ts).
  render: (props) => <CallbackForm {...props} keep={{ keeper: keepOnDevice, onDevice: true }} />,
};

/** Hydrates the call-back form island; it tells the page how a send went as the quote form does. */
export const mount: Mount = (host) => {
  ensureNoticesRegion("elektriker-notices");
  return hydrateIsland(callbackFormIsland, host, { onResult: reportResultFrom(host) });
};
