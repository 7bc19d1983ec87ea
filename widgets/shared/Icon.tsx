// The site's line icons for widgets: the same paths as the pages' icon macro (site/_data/icons.json),
// imported by name so a bundle carries only the icons it uses.
import { chevron, mail, menu, phone } from "../../site/_data/icons.json";

const PATHS = { chevron, mail, menu, phone };

/** An inline, decorative 24x24 stroke icon. */
export function Icon({ name, className = "icon" }: { name: keyof typeof PATHS; className?: string }) {
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the paths are the project's own icons.json, never visitor input
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false" dangerouslySetInnerHTML={{ __html: PATHS[name] }} />
  );
}
