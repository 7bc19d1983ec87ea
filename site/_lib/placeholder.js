// Placeholder artwork for photo slots that have no real photo yet: a calm gradient with a line drawing
// of the subject. No text, so it renders the same on any machine, with or without fonts.
const MOTIFS = /** @type {Record<string, string>} */ ({
  panel:
    '<rect x="-90" y="-120" width="180" height="240" rx="14"/><path d="M-60 -80h120M-60 -20h120M-60 40h120"/><path d="M-45 -95v30M-15 -95v30M15 -95v30M45 -95v30M-45 -35v30M-15 -35v30M15 -35v30M45 -35v30M-45 25v30M-15 25v30"/>',
  bolt: '<path d="M20 -130 -70 20h60l-20 110 90-150h-60z"/>',
  sun: '<circle r="48"/><path d="M0 -120v-30M0 120v30M-120 0h-30M120 0h30M-85 -85l-20 -20M85 85l20 20M-85 85l-20 20M85 -85l20 -20"/>',
  plug: '<rect x="-60" y="-70" width="120" height="110" rx="20"/><path d="M-25 -70v-50M25 -70v-50M0 40v50q0 40 50 40h60"/>',
  bulb: '<path d="M-45 40q-45-35-45-85a90 90 0 0 1 180 0q0 50-45 85v30h-90z"/><path d="M-40 95h80M-30 120h60M0 -20v60"/>',
  house:
    '<path d="M-120 0 0-110 120 0"/><path d="M-90-25v135h180v-135"/><rect x="-25" y="40" width="50" height="70"/><path d="M45 -20h30v30h-30z"/>',
  factory: '<path d="M-130 110v-120l70 45v-45l70 45v-45l70 45v-95h40v170z"/><path d="M-95 70h30M-35 70h30M25 70h30"/>',
  stage:
    '<path d="M-140 110h280M-120 110v-60h240v60"/><path d="M-90 50-60-100M90 50 60-100M-60-100h120"/><circle cx="-30" cy="-70" r="12"/><circle cx="30" cy="-70" r="12"/>',
  tools:
    '<path d="M-90 90 40-40M40-40a40 40 0 1 0 30-70l-25 25-30-5-5-30 25-25a40 40 0 0 0-70 30"/><path d="M90 90-30-30M-50-50l-40-40 15-15 40 40"/>',
});

/** The motifs there are drawings for: what a photo slot in site/_data/photos.yaml may name. */
export const MOTIF_NAMES = /** @type {[string, ...string[]]} */ (Object.keys(MOTIFS));

/**
 * An SVG (as a Buffer) of 1200x800 pixels showing `motif` on the site's blue gradient.
 * @param {string} motif a name of MOTIF_NAMES
 */
export function placeholderSvg(motif) {
  const drawing = MOTIFS[motif];
  if (!drawing) throw new Error(`Unknown placeholder motif "${motif}"`);
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0f2747"/><stop offset="1" stop-color="#1e4f8a"/></linearGradient>
<pattern id="p" width="48" height="48" patternUnits="userSpaceOnUse"><path d="M48 0H0v48" fill="none" stroke="#ffffff" stroke-opacity=".06" stroke-width="2"/></pattern></defs>
<rect width="1200" height="800" fill="url(#g)"/><rect width="1200" height="800" fill="url(#p)"/>
<circle cx="600" cy="400" r="230" fill="#fbbf24" fill-opacity=".12"/>
<g transform="translate(600 400) scale(1.25)" fill="none" stroke="#fbbf24" stroke-width="9" stroke-linecap="round" stroke-linejoin="round">${drawing}</g>
</svg>`);
}
