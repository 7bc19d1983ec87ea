// Comparing a presented secret (the scheduled retry's bearer token) with the expected one.

/**
 * True when both are equal, in time that does not depend on where they differ or on their lengths:
 * both are hashed first, and every byte of the digests is compared.
 */
export async function sameSecret(presented: string, expected: string): Promise<boolean> {
  const digest = async (text: string) => new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  const [a, b] = await Promise.all([digest(presented), digest(expected)]);
  let difference = 0;
  for (let index = 0; index < a.length; index++) difference |= a[index] ^ b[index];
  return difference === 0;
}
