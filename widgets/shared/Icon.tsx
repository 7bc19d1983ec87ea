// The site's line icons for widgets: the same shapes as the pages' icon macro (./icons.json).
// Each caller imports the shapes it draws by name (`import { phone } from ".../icons.json"`), so a bundle
// carries only those: the partner embed draws two of the widgets' four.

/** An inline, decorative 24x24 stroke icon of `shape` (an entry of ./icons.json). */
export function Icon({ shape, className = "icon" }: { shape: string; className?: string }) {
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the shapes are the project's own icons.json, never visitor input
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false" dangerouslySetInnerHTML={{ __html: shape }} />
  );
}
