// The quote form's limits, placeholders and Danish messages: the same file the backend's zod schema
// reads (supabase/functions/_shared/quote-rules.json), so the plain-HTML form and the function agree.
export { default } from "../../supabase/functions/_shared/quote-rules.json" with { type: "json" };
