// A Danish message that names the firm's phone number ('… ring til os på 12 34 56 78'), with the number
// as a call link: the quote form's inline error and the notices show the backend's own texts this way.
export type Phone = { display: string; e164: string };

/** `text` with each occurrence of the phone number as a `tel:` link. */
export function PhoneText({ text, phone }: { text: string; phone?: Phone }) {
  if (!phone || !text.includes(phone.display)) return <>{text}</>;
  const parts = text.split(phone.display);
  return (
    <>
      {parts.map((part, index) => (
        <span key={index}>
          {part}
          {index < parts.length - 1 ? <a href={`tel:${phone.e164}`}>{phone.display}</a> : null}
        </span>
      ))}
    </>
  );
}
