// The quote form's optional photo field: a file input (the camera on a phone) that the plain form posts
// as it is. Once a visitor picks a photo, the photo code (photos.ts, a module of its own so the form
// stays small) scales it and shows it as a thumbnail to remove, beside this field.
import { QUOTE_RULES } from "#quote-rules";

/** The photo field with its hint. */
export function PhotoField({ formId }: { formId: string }) {
  const id = `${formId}-photos`;
  const rule = QUOTE_RULES.photos;
  return (
    <div className="field">
      <label htmlFor={id}>{rule.label}</label>
      <input
        id={id}
        name="photos"
        type="file"
        accept="image/*"
        multiple
        aria-describedby={`${id}-hint`}
        onChange={({ currentTarget }) => import("./photos.ts").then((photos) => photos.pick(currentTarget, rule))}
      />
      <p id={`${id}-hint`} className="field-hint">
        {rule.hint}
      </p>
    </div>
  );
}
