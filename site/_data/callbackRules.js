// The call-back form's choice of when to call, its label and its Danish message: the same file the
// function checks it with (supabase/functions/_shared/callback-rules.json).
export { default } from "../../supabase/functions/_shared/callback-rules.json" with { type: "json" };
