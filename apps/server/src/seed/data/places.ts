/** Neighbourhoods the demo users live and post in, with their PIN codes. */
export interface Place {
  name: string;
  city: 'Ahmedabad' | 'Mumbai';
  state: 'Gujarat' | 'Maharashtra';
  pincode: string;
  latitude: number;
  longitude: number;
}

const ahmedabad = (name: string, pincode: string, latitude: number, longitude: number): Place => ({
  name,
  city: 'Ahmedabad',
  state: 'Gujarat',
  pincode,
  latitude,
  longitude,
});
const mumbai = (name: string, pincode: string, latitude: number, longitude: number): Place => ({
  name,
  city: 'Mumbai',
  state: 'Maharashtra',
  pincode,
  latitude,
  longitude,
});

export const PLACES = {
  navrangpura: ahmedabad('Navrangpura', '380009', 23.0365, 72.5611),
  satellite: ahmedabad('Satellite', '380015', 23.03, 72.517),
  maninagar: ahmedabad('Maninagar', '380008', 22.9962, 72.603),
  bopal: ahmedabad('Bopal', '380058', 23.0336, 72.4647),
  vastrapur: ahmedabad('Vastrapur', '380015', 23.0395, 72.529),
  paldi: ahmedabad('Paldi', '380007', 23.014, 72.564),
  chandkheda: ahmedabad('Chandkheda', '382424', 23.1093, 72.585),
  naranpura: ahmedabad('Naranpura', '380013', 23.058, 72.55),
  thaltej: ahmedabad('Thaltej', '380059', 23.05, 72.5),
  ellisbridge: ahmedabad('Ellisbridge', '380006', 23.0225, 72.5714),
  andheri: mumbai('Andheri West', '400058', 19.1363, 72.8277),
  bandra: mumbai('Bandra West', '400050', 19.0596, 72.8295),
  dadar: mumbai('Dadar', '400014', 19.0178, 72.8478),
  powai: mumbai('Powai', '400076', 19.1176, 72.906),
  colaba: mumbai('Colaba', '400005', 18.9067, 72.8147),
  malad: mumbai('Malad West', '400064', 19.186, 72.8485),
  chembur: mumbai('Chembur', '400071', 19.0522, 72.9005),
  ghatkopar: mumbai('Ghatkopar', '400077', 19.079, 72.908),
  borivali: mumbai('Borivali', '400092', 19.2307, 72.8567),
  kurla: mumbai('Kurla', '400070', 19.0726, 72.8845),
} as const satisfies Record<string, Place>;

export type PlaceKey = keyof typeof PLACES;
