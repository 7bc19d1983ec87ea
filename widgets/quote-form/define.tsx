// <elektriker-quote-form>: the quote form island on the firm's own pages. Attributes carry what the
// build knows (backend, contact details, the page, an area page's city); see README.md.
import { defineWidget } from "../shared/define-widget.tsx";
import { QuoteForm, type QuoteFormProps } from "./QuoteForm.tsx";

/** Reads the island's attributes into the form's props. */
export function quoteFormProps(element: HTMLElement, dispatch: (type: string, detail: unknown) => void): QuoteFormProps {
  const attribute = (name: string) => element.getAttribute(name) ?? undefined;
  return {
    id: attribute("form-id") ?? "quote",
    backend: { url: attribute("backend-url") ?? "", anonKey: attribute("anon-key") ?? "", functionName: attribute("function") ?? "send-contact-email" },
    phone: { display: attribute("phone") ?? "", e164: attribute("phone-e164") ?? "" },
    email: attribute("email") ?? "",
    heading: attribute("heading"),
    intro: attribute("intro"),
    location: attribute("location"),
    page: attribute("page") ?? location.pathname,
    partner: attribute("partner"),
    compact: element.hasAttribute("compact"),
    onResult: (result) => dispatch(result.ok ? "quote-sent" : "quote-failed", result.ok ? { id: result.id } : { status: result.status ?? null }),
  };
}

defineWidget("elektriker-quote-form", QuoteForm, { props: (element, events) => quoteFormProps(element, events.dispatch), wake: "visible" });
