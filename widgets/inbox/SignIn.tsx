// Signing in by e-mail code: the address, then the 6-digit code from the e-mail (typed, not a link: a
// link would open in another browser than the app on the home screen). Through supabase-js's auth, which
// keeps and refreshes the session; no sign-up (shouldCreateUser: false), so only the team gets a code.
import { type FormEvent, useState } from "react";
import { cleanCode, codeCheckMessage, codeRequestMessage } from "./sign-in-messages.ts";

/** The part of supabase-js's auth client that signing in uses. */
export type CodeAuth = {
  signInWithOtp(credentials: { email: string; options: { shouldCreateUser: boolean } }): Promise<{ error: unknown }>;
  verifyOtp(params: { email: string; token: string; type: "email" }): Promise<{ error: unknown }>;
};

type Step = { at: "email" } | { at: "code"; email: string };

export function SignIn({ auth, brand, notice }: { auth: CodeAuth; brand: string; notice?: string | null }) {
  const [step, setStep] = useState<Step>({ at: "email" });
  const [message, setMessage] = useState<string | null>(notice ?? null);
  const [busy, setBusy] = useState(false);

  async function askForCode(email: string) {
    setBusy(true);
    setMessage(null);
    const { error } = await auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
    setBusy(false);
    const problem = codeRequestMessage(error as Parameters<typeof codeRequestMessage>[0]);
    if (problem) setMessage(problem);
    else setStep({ at: "code", email });
  }

  async function sendEmail(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    if (!email) return setMessage("Skriv din e-mailadresse.");
    await askForCode(email);
  }

  async function sendCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (step.at !== "code") return;
    const token = cleanCode(String(new FormData(event.currentTarget).get("code") ?? ""));
    if (token.length !== 6) return setMessage("Koden har 6 cifre.");
    setBusy(true);
    setMessage(null);
    const { error } = await auth.verifyOtp({ email: step.email, token, type: "email" });
    setBusy(false);
    // On success supabase-js reports the new session (InboxApp listens); only a refusal is told here.
    setMessage(codeCheckMessage(error as Parameters<typeof codeCheckMessage>[0]));
  }

  return (
    <section className="inbox-sign-in" aria-labelledby="sign-in-title">
      <p className="inbox-brand">{brand}</p>
      <h1 id="sign-in-title">Log ind i indbakken</h1>
      {step.at === "email" ? (
        // Each step its own form (key): a reused <input> would carry the address into the code field.
        <form key="email" onSubmit={sendEmail} noValidate>
          <p>Skriv din e-mailadresse. Vi sender dig en kode på 6 cifre.</p>
          <label htmlFor="sign-in-email">E-mail</label>
          <input id="sign-in-email" name="email" type="email" autoComplete="email" inputMode="email" required />
          <button type="submit" className="inbox-primary" disabled={busy}>
            Send kode
          </button>
        </form>
      ) : (
        <form key="code" onSubmit={sendCode} noValidate>
          <p>
            Vi har sendt en kode til <strong>{step.email}</strong>. Den gælder i 10 minutter.
          </p>
          <label htmlFor="sign-in-code">Kode fra e-mailen</label>
          <input
            id="sign-in-code"
            name="code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={7}
            required
          />
          <button type="submit" className="inbox-primary" disabled={busy}>
            Log ind
          </button>
          <div className="inbox-row">
            <button type="button" className="inbox-link" disabled={busy} onClick={() => askForCode(step.email)}>
              Send en ny kode
            </button>
            <button
              type="button"
              className="inbox-link"
              onClick={() => {
                setStep({ at: "email" });
                setMessage(null);
              }}
            >
              Brug en anden adresse
            </button>
          </div>
        </form>
      )}
      {message && (
        <p className="inbox-error" role="alert">
          {message}
        </p>
      )}
    </section>
  );
}
