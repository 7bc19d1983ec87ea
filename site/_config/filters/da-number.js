const formatter = new Intl.NumberFormat("da-DK", { maximumFractionDigits: 1 });

/** Formats a number the Danish way (4.9 as "4,9", 50000 as "50.000"). */
export function daNumber(value) {
  return formatter.format(value);
}
