/** Replaces ASCII digits with Devanagari ones (० = U+0966), leaving everything else alone. */
export function toDevanagariDigits(text: string | number): string {
  return String(text).replace(/[0-9]/g, (digit) => String.fromCharCode(0x0966 + Number(digit)));
}
