// SMS through GatewayAPI (a Danish provider; its EU platform, gatewayapi.eu, keeps the data in the EU):
// `POST /rest/mtsms` with `Authorization: Token <token>` and the JSON body {sender, message,
// recipients: [{msisdn}]}; 200 answers {ids: [...]} (https://gatewayapi.com/docs/apis/rest).

/** The endpoint on GatewayAPI's EU platform; SMS_API_URL points elsewhere (the local stand-in). */
export const GATEWAYAPI_EU_URL = "https://gatewayapi.eu/rest/mtsms";

/** How long the provider may take: a hung one holds a background sender, never a visitor. */
const TIMEOUT_MS = 10_000;

export type SmsSettings = {
  apiUrl: string;
  token: string;
  /** The sender shown on the phone: up to 11 letters and digits (GatewayAPI's "SMS Sender"). */
  from: string;
  /** The firm's numbers as MSISDNs (country code and number, digits only: 4520304050). */
  to: string[];
  /** The most SMS about leads in one Copenhagen day (channels.ts, the SMS channel's cap). */
  dailyLimit: number;
};

/**
 * A refusal or failure of the provider: `permanent` when sending the same again cannot help (a 4xx
 * other than 429: a bad token, a sender or number it refuses, no credit), otherwise retried later.
 */
export class SmsApiError extends Error {
  override name = "SmsApiError";
  constructor(
    readonly code: string,
    readonly permanent: boolean,
  ) {
    super(`SMS API answered ${code}`);
  }
}

/** Sends one SMS to every number of the settings (or to `to`: a customer's reminder); resolves once the provider took it (200). */
export type SmsSender = (message: string, to?: string[]) => Promise<void>;

export function createSmsSender(settings: SmsSettings, fetcher: typeof fetch = fetch): SmsSender {
  return async (message, to = settings.to) => {
    const response = await fetcher(settings.apiUrl, {
      method: "POST",
      headers: { Authorization: `Token ${settings.token}`, "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({
        sender: settings.from,
        message,
        recipients: to.map((msisdn) => ({ msisdn: Number(msisdn) })),
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    // The answer's body names the message ids (or the error); neither is needed, and neither is logged.
    await response.body?.cancel();
    if (response.ok) return;
    const status = response.status;
    throw new SmsApiError(`HTTP_${status}`, status >= 400 && status < 500 && status !== 429 && status !== 408);
  };
}
