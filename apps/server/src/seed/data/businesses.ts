/** Catalogs of the demo businesses; `image` names a file in media/catalog/. */
export interface DemoCatalog {
  /** Phone number of the business user. */
  owner: string;
  doesDelivery: boolean;
  deliveryText: string;
  deliveryRangeM: number;
  items: Array<{ title: string; image: string }>;
}

export const DEMO_CATALOGS: DemoCatalog[] = [
  {
    owner: '9000000017',
    doesDelivery: true,
    deliveryText: 'Free home delivery above ₹300 within 3 km, 8 am to 8 pm.',
    deliveryRangeM: 3000,
    items: [
      { title: 'Kesar mango box (3 kg)', image: 'item-1.jpg' },
      { title: 'Alphonso mangoes, one dozen', image: 'item-2.jpg' },
      { title: 'Tender coconut', image: 'item-3.jpg' },
      { title: 'Seasonal fruit basket', image: 'item-4.jpg' },
    ],
  },
  {
    owner: '9000000018',
    doesDelivery: true,
    deliveryText: 'Lunch delivered by 12:30 pm; order by 10 am.',
    deliveryRangeM: 5000,
    items: [
      { title: 'Gujarati thali', image: 'item-5.jpg' },
      { title: 'Dal dhokli', image: 'item-6.jpg' },
      { title: 'Khichdi kadhi', image: 'item-7.jpg' },
      { title: 'Methi thepla (pack of 10)', image: 'item-8.jpg' },
    ],
  },
  {
    owner: '9000000019',
    doesDelivery: false,
    deliveryText: 'Takeaway only, near Dadar station (west).',
    deliveryRangeM: 1500,
    items: [
      { title: 'Vada pav', image: 'item-9.jpg' },
      { title: 'Misal pav', image: 'item-10.jpg' },
      { title: 'Pav bhaji', image: 'item-11.jpg' },
      { title: 'Cutting chai', image: 'item-12.jpg' },
    ],
  },
  {
    owner: '9000000020',
    doesDelivery: true,
    deliveryText: 'Pick-up and drop for servicing within 5 km.',
    deliveryRangeM: 5000,
    items: [
      { title: 'Two-wheeler general service', image: 'item-13.jpg' },
      { title: 'Car wash and polish', image: 'item-14.jpg' },
      { title: 'Puncture repair (doorstep)', image: 'item-15.jpg' },
      { title: 'Battery check and jump-start', image: 'item-16.jpg' },
    ],
  },
  {
    owner: '9000000021',
    doesDelivery: false,
    deliveryText: 'Classes at our Powai centre; online batches available.',
    deliveryRangeM: 8000,
    items: [
      { title: 'Class 10 Maths batch', image: 'item-17.jpg' },
      { title: 'Science practicals', image: 'item-18.jpg' },
      { title: 'Spoken English (weekend)', image: 'item-19.jpg' },
    ],
  },
];
