/** Shows '9876543210' as '98765 43210', the way Indian numbers are read out. */
export function formatIndianMobile(digits: string): string {
  return /^\d{10}$/.test(digits) ? `${digits.slice(0, 5)} ${digits.slice(5)}` : digits;
}
