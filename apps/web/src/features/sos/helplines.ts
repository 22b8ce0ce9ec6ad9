/** National helplines in India, dialled directly from the dashboard (label keys in `dashboard`). */
export const HELPLINES = [
  { number: '100', labelKey: 'helplines.police' },
  { number: '101', labelKey: 'helplines.fire' },
  { number: '108', labelKey: 'helplines.ambulance' },
  { number: '1091', labelKey: 'helplines.women' },
  { number: '1098', labelKey: 'helplines.children' },
  { number: '1930', labelKey: 'helplines.cyber' },
] as const;
