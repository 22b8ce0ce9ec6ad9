/** Catalogs of the demo businesses; `image` names a file in media/catalog/. */
export interface DemoCatalog {
  /** Phone number of the business user. */
  owner: string;
  doesDelivery: boolean;
  deliveryText: string;
  deliveryRangeM: number;
  items: Array<{ title: string; image: string }>;
}

/** A catalog item; its picture is media/catalog/item-<n>.jpg, numbered across all catalogs. */
const item = (n: number, title: string) => ({ title, image: `item-${n}.jpg` });

export const DEMO_CATALOGS: DemoCatalog[] = [
  {
    owner: '9000000017',
    doesDelivery: true,
    deliveryRangeM: 3000,
    deliveryText: 'Free home delivery above ₹300 within 3 km, 8 am to 8 pm.',
    items: [item(1, 'Kesar mango box (3 kg)'), item(2, 'Alphonso mangoes, one dozen'), item(3, 'Tender coconut'), item(4, 'Seasonal fruit basket')],
  },
  {
    owner: '9000000018',
    doesDelivery: true,
    deliveryRangeM: 5000,
    deliveryText: 'Lunch delivered by 12:30 pm; order by 10 am.',
    items: [item(5, 'Gujarati thali'), item(6, 'Dal dhokli'), item(7, 'Khichdi kadhi'), item(8, 'Methi thepla (pack of 10)')],
  },
  {
    owner: '9000000019',
    doesDelivery: false,
    deliveryRangeM: 1500,
    deliveryText: 'Takeaway only, near Dadar station (west).',
    items: [item(9, 'Vada pav'), item(10, 'Misal pav'), item(11, 'Pav bhaji'), item(12, 'Cutting chai')],
  },
  {
    owner: '9000000020',
    doesDelivery: true,
    deliveryRangeM: 5000,
    deliveryText: 'Pick-up and drop for servicing within 5 km.',
    items: [
      item(13, 'Two-wheeler general service'),
      item(14, 'Car wash and polish'),
      item(15, 'Puncture repair (doorstep)'),
      item(16, 'Battery check and jump-start'),
    ],
  },
  {
    owner: '9000000021',
    doesDelivery: false,
    deliveryRangeM: 8000,
    deliveryText: 'Classes at our Powai centre; online batches available.',
    items: [item(17, 'Class 10 Maths batch'), item(18, 'Science practicals'), item(19, 'Spoken English (weekend)')],
  },
];
