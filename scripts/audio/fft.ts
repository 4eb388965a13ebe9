/**
 * The magnitude spectrum of a real signal (length a power of two), by an iterative radix-2 FFT: bin k is
 * k × sampleRate / length hertz.
 */
export function magnitudeSpectrum(signal: Float64Array): Float64Array {
  const n = signal.length;
  if (n & (n - 1)) throw new Error(`FFT length must be a power of two (got ${n})`);
  const re = Float64Array.from(signal);
  const im = new Float64Array(n);
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j]!, re[i]!];
    }
  }
  for (let size = 2; size <= n; size <<= 1) {
    const step = (-2 * Math.PI) / size;
    const [wr, wi] = [Math.cos(step), Math.sin(step)];
    for (let start = 0; start < n; start += size) {
      let [cr, ci] = [1, 0];
      for (let k = 0; k < size / 2; k++) {
        const a = start + k;
        const b = a + size / 2;
        const tr = re[b]! * cr - im[b]! * ci;
        const ti = re[b]! * ci + im[b]! * cr;
        re[b] = re[a]! - tr;
        im[b] = im[a]! - ti;
        re[a] = re[a]! + tr;
        im[a] = im[a]! + ti;
        [cr, ci] = [cr * wr - ci * wi, cr * wi + ci * wr];
      }
    }
  }
  const magnitude = new Float64Array(n / 2);
  for (let k = 0; k < n / 2; k++) magnitude[k] = Math.hypot(re[k]!, im[k]!);
  return magnitude;
}
