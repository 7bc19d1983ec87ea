// How long the site's quote form keeps a request on the visitor's device when it could not be sent,
// and the flag that says one is kept (widgets/quote-form/kept-on-device.json): the privacy page says it from here.
export { default } from "../../widgets/quote-form/kept-on-device.json" with { type: "json" };
