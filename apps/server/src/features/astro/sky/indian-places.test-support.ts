/** Latitude and longitude of the places the accuracy tests compute for, spread across India. */
export const INDIAN_PLACES = {
  delhi: [28.6139, 77.209],
  mumbai: [19.076, 72.8777],
  ahmedabad: [23.0225, 72.5714],
  chennai: [13.0827, 80.2707],
  kolkata: [22.5726, 88.3639],
  srinagar: [34.0837, 74.7973],
  guwahati: [26.1445, 91.7362],
  thiruvananthapuram: [8.5241, 76.9366],
  varanasi: [25.3176, 82.9739],
} as const;

export type IndianPlace = keyof typeof INDIAN_PLACES;
