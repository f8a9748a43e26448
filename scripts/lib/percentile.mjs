/**
 * The value below which `p` percent of `values` lie (the nearest rank: p50 of 10 values is the 6th
 * smallest), or null when there are none. `values` is left as it is.
 */
export function percentile(values, p) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
