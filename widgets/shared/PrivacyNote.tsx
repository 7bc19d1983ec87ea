// The short notice each form carries under its button (GDPR art. 13, told when the data is collected):
// what the form's data is used for, when it is deleted (the request retention of site/_data/business.yaml,
// through the facts) and the privacy page. One wording and one link for the quote form and the call-back
// form; its look is the quote form's `.privacy-note` (quote-form/quote-form.css).
import type { SiteFacts } from "./site-facts.ts";

type PrivacyNoteProps = {
  facts: SiteFacts;
  /** What the form collects and what for: 'Vi bruger kun {use} og sletter dem igen …'. */
  use: string;
  /** A sentence more before the link (the quote form's photos). */
  more?: string;
  /** The link to the firm's site is absolute in the partner embed. */
  absoluteLinks?: boolean;
};

/** 'Vi bruger kun … og sletter dem igen efter 12 måneder. Læs mere i vores privatlivspolitik.' */
export function PrivacyNote({ facts, use, more, absoluteLinks }: PrivacyNoteProps) {
  return (
    <p className="privacy-note">
      Vi bruger kun {use} og sletter dem igen efter {facts.retentionMonths} måneder.{more ? ` ${more}` : null} Læs mere i vores{" "}
      <a href={`${absoluteLinks ? facts.siteUrl : ""}/privatlivspolitik`}>privatlivspolitik</a>.
    </p>
  );
}
