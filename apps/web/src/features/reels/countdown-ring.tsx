/** The circular countdown around the stop button: full at the start, empty at 0. */
export function CountdownRing({ remaining, total, label }: { remaining: number; total: number; label: string }) {
  const radius = 44;
  const circumference = 2 * Math.PI * radius;
  const fraction = Math.max(0, Math.min(1, remaining / total));
  return (
    <svg width="96" height="96" viewBox="0 0 96 96" role="img" aria-label={label} style={{ position: 'absolute', inset: 0, pointerEvents: 'none' }}>
      <circle cx="48" cy="48" r={radius} fill="none" stroke="rgba(255,255,255,0.3)" strokeWidth="4" />
      <circle
        cx="48"
        cy="48"
        r={radius}
        fill="none"
        stroke="#e91e63"
        strokeWidth="4"
        strokeDasharray={circumference}
        strokeDashoffset={circumference * (1 - fraction)}
        transform="rotate(-90 48 48)"
        style={{ transition: 'stroke-dashoffset 1s linear' }}
      />
    </svg>
  );
}
