/** SPEC.md §9: metres under 1 km, else km to one decimal. Input in kilometres (the feed's `distance`). */
export function distanceText(km: number): { unit: 'm' | 'km'; value: number; text: string } {
  if (km < 1) {
    const value = Math.round(km * 1000);
    return { unit: 'm', value, text: `${value} m` };
  }
  const value = Math.round(km * 10) / 10;
  return { unit: 'km', value, text: `${value.toFixed(1)} km` };
}
