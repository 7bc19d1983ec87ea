// The backend function's Danish answers, shown by the no-JavaScript error page (/kontakt/fejl).
export { default } from "../../supabase/functions/_shared/answer-messages.json" with { type: "json" };
