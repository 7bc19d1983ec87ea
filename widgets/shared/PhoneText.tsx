// A Danish message that names the firm's phone number ('… ring til os på 12 34 56 78'), with the number
// as a call link: the quote form's inline error and the notices show the backend's own texts this way.
export type Phone = { display: string; e164: string };

/** `text` with the phone number (the messages name it once) as a `tel:` link. */
export function PhoneText({ text, phone }: { text: string; phone?: Phone }) {
  const at = phone ? text.indexOf(phone.display) : -1;
  if (!phone || at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <a href={`tel:${phone.e164}`}>{phone.display}</a>
      {text.slice(at + phone.display.length)}
    </>
  );
}
