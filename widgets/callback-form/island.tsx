// The call-back form as an island of the firm's pages: rendered at build time with the props Eleventy
// gives it (the firm's facts and phone hours, from site/_data/business.yaml), hydrated with the same
// props from its `props` attribute; kept on the device without a connection, and reported to the page,
// as the quote form's requests are.
import { hydrated } from "../shared/island-contract.tsx";
import { reportToPage } from "../quote-form/events.ts";
import { keepOnDevice } from "../quote-form/send-kept.ts";
import { CallbackForm, type CallbackFormProps } from "./CallbackForm.tsx";

export const callbackForm = hydrated<Omit<CallbackFormProps, "keep">, Pick<CallbackFormProps, "id">>({
  fromPage: (params, page) => ({ ...params, page: page.path, facts: page.facts, hours: page.phoneHours }),
  render: (props) => <CallbackForm {...props} keep={{ keeper: keepOnDevice, onDevice: true }} />,
  inBrowser: reportToPage,
});
