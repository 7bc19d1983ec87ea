/**
 * One kind of hours from site/_data/business.yaml in the site's one Danish format, "mandag–fredag kl.
 * 7.00–17.00" (after a colon or mid-sentence), or capitalised when it starts a line.
 */
export function hoursText(hours, capitalised = false) {
  const clock = (time) => time.replace(/^0(\d)/, "$1").replace(":", ".");
  const text = `${hours.label} kl. ${clock(hours.opens)}–${clock(hours.closes)}`;
  return capitalised ? text.replace(/^./, (letter) => letter.toUpperCase()) : text;
}
