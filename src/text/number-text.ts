// A count as the messages write it: digits in groups of three, "," between (1,000), as
// toLocaleString("en-US") writes it. Written here instead because the first toLocaleString
// call of a process loads the locale data, which costs start-up on every run and in every
// module process (bench/README.md).

/** `n` as toLocaleString("en-US") writes it (1234567 → "1,234,567"). */
export function countText(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString("en-US");
  const digits = String(Math.abs(n));
  let text = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let at = text.length; at < digits.length; at += 3) text += `,${digits.slice(at, at + 3)}`;
  return n < 0 || Object.is(n, -0) ? `-${text}` : text;
}
