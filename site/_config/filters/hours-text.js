/** One kind of hours from site/_data/business.yaml in the site's one Danish format: "Mandag–fredag kl. 7.00–17.00". */
export function hoursText(hours) {
  const clock = (time) => time.replace(/^0(\d)/, "$1").replace(":", ".");
  return `${hours.label} kl. ${clock(hours.opens)}–${clock(hours.closes)}`;
}
