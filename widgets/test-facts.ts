// The firm's facts the widgets are rendered with in tests (the shape of site/_data's, example values):
// the widget tests under happy-dom and the server-rendering test of the built site.
export const TEST_FACTS = {
  brand: "Eksempel El",
  backend: { url: "https://eksempel-projekt.supabase.co", anonKey: "anon-key", functionName: "send-contact-email" },
  phone: { display: "12 34 56 78", e164: "+4512345678" },
  email: "kontakt@eksempel-el.example",
  siteUrl: "https://www.eksempel-el.example",
  retentionMonths: 12,
};

/** What the site build gives an island of its page (widgets/shared/island-contract.tsx). */
export const TEST_PAGE = { path: "/kontakt", facts: TEST_FACTS, phoneHours: "mandag–fredag kl. 8.00–16.00", keepText: String };

/** A quote request the shared rules take: the values a visitor types into the quote form's five fields. */
export const TEST_REQUEST = {
  name: "Jens Hansen",
  phone: "12345678",
  email: "jens@example.dk",
  location: "Køge",
  message: "Ny eltavle i villa fra 1972",
};
