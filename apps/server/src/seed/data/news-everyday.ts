import type { DemoArticle } from './news-types';

/** Articles 6 to 10: fraud, travel, fire at home, crowds, and answering an SOS. */
export const NEWS_EVERYDAY: DemoArticle[] = [
  {
    image: 6,
    title: 'UPI and OTP scams: five rules that keep your money safe',
    summary: 'You never need a PIN to receive money, and no officer arrests anyone over a video call.',
    author: 'Saathi Safety Desk',
    category: 'technology',
    tags: ['upi', 'otp', 'fraud', 'cyber'],
    daysAgo: 14,
    content: `Online fraud in India often starts with a call or message that creates panic or excitement: a parcel held by customs, an electricity bill due tonight, a prize, a refund, or a relative in trouble. The goal is always the same: to make you share an OTP, enter your UPI PIN, or install an app that gives the caller control of your phone.

Five rules: never share an OTP, UPI PIN, CVV or password with anyone, including people who say they are from your bank. You never need to enter your UPI PIN or scan a QR code to receive money; a PIN is only for paying. Do not install screen-sharing or remote-access apps at a caller's request. Check a collect request's name and amount before you approve it. And no police officer, customs official or investigating agency arrests anyone or collects money over a video call: a so-called digital arrest is always a scam.

If you lose money, act within the first hours: call 1930, the national cyber fraud helpline, or report at cybercrime.gov.in, and tell your bank to freeze the transaction. Keep screenshots of messages, the caller's number and the transaction id.

Talk about these rules with parents and grandparents. Fraudsters target people who are less familiar with apps, and a five-minute conversation can protect their savings.`,
  },
  {
    image: 7,
    title: 'Travelling late at night: a simple safety checklist',
    summary: 'Share your trip, check the vehicle, and keep your phone charged and ready.',
    author: 'Saathi Safety Desk',
    category: 'safety',
    tags: ['travel', 'night', 'women-safety'],
    daysAgo: 17,
    content: `Before you leave, share your live location and expected arrival time with someone you trust, and keep your phone charged above half with a power bank in your bag. Save 112 on speed dial and add your emergency contacts in Saathi so one press of the SOS button reaches them.

When you book a cab or auto-rickshaw through an app, match the number plate, the driver's photo and the vehicle model before you get in, and share the trip from the app. Sit in the back seat, check that the child lock is off, and follow the route on your own map. If the driver changes the route without reason or makes you uncomfortable, ask to stop at a busy, well-lit place such as a petrol pump or a shop.

On foot, choose lit, busy roads over short cuts, keep one earphone out, and walk with purpose. In trains and buses, sit near other families or the conductor, and in local trains use the women's compartment if you wish to. If you feel you are being followed, walk into a shop, hotel or ATM booth with a guard and call someone.

Trust your instinct. It is always fine to cancel a ride, change your plan, or ask for help. In danger, press and hold the Saathi SOS button: your contacts and nearby volunteers get your location at once.`,
  },
  {
    image: 8,
    title: 'Fire and LPG safety at home',
    summary: 'Smell gas? Do not touch any switch. Open windows, close the regulator and call 1906.',
    author: 'Saathi Safety Desk',
    category: 'safety',
    tags: ['fire', 'lpg', 'home'],
    daysAgo: 21,
    content: `If you smell gas, do not switch any light, fan or appliance on or off, and do not light a match or lighter: a tiny spark can ignite the gas. Turn off the regulator on the cylinder, open all doors and windows, get everyone out of the kitchen and call the LPG emergency helpline 1906 from outside the house.

Prevent leaks: switch off the regulator every night and when you leave home, replace the rubber tube every two years or sooner if it cracks, and keep the cylinder upright and away from heat. Buy only ISI-marked tubes and regulators, and let your gas agency do the mandatory safety check.

Electrical fires often start from overloaded sockets, cheap extension boards and chargers left on beds or pillows. Do not run heaters, irons and air conditioners from one board, and unplug appliances when you are not using them.

If a fire starts: get everyone out, close the door behind you to slow the smoke, and call 101 or 112. Stay low where the air is clearer. Never use a lift during a fire, and never go back in for belongings. Keep a small ABC fire extinguisher in the kitchen and learn how to use it: pull the pin, aim at the base of the fire, squeeze, and sweep from side to side. Never pour water on burning oil or an electrical fire.`,
  },
  {
    image: 9,
    title: 'Festival crowds: how to enjoy garba, visarjan and melas safely',
    summary: 'Agree a meeting point, tag your children, and know what to do if the crowd surges.',
    author: 'Saathi Community Team',
    category: 'local',
    tags: ['festivals', 'crowds', 'garba'],
    daysAgo: 25,
    content: `Festivals bring huge crowds to small spaces. A little planning keeps the celebration joyful. Before you go, agree on a meeting point that is easy to find, such as a gate or a shop, in case your group gets separated. Put a card with your phone number in your children's pockets, or write it on their arm, and take a photo of them that day so you can show what they are wearing.

On arrival, note the exits and the help desk or police booth. Avoid the front of a stage and narrow lanes near barricades, where pressure builds up first. Carry water and keep your phone charged.

If the crowd starts pushing, do not push back or stop to pick something up. Move diagonally, away from the pressure and towards the edge. Keep your arms bent in front of your chest like a boxer to protect space to breathe. If you fall, get up as fast as you can; if you cannot, curl up on your side and protect your head.

At visarjan, stay out of deep water and away from the edge when the ground is slippery, and keep children well back. Elders should avoid the peak hours. Organisers: keep entry and exit routes separate, and tell volunteers exactly where the first aid post is.`,
  },
  {
    image: 10,
    title: 'Answering an SOS as a volunteer: keep yourself safe first',
    summary: 'What to do when a Saathi alert reaches you, and what not to do.',
    author: 'Saathi Community Team',
    category: 'local',
    tags: ['volunteers', 'sos'],
    daysAgo: 30,
    content: `When someone nearby raises an SOS, Saathi alerts available volunteers around them. Accept only if you can get there safely and soon. If you cannot, decline so the alert widens to others without delay.

On the way, call 112 if nobody has yet, and tell the dispatcher that you are a volunteer going to the location. Go with another person if the situation sounds violent. Your safety comes first: do not confront an armed person, do not enter a burning building, and do not step into traffic.

At the scene, introduce yourself and say that help is coming. Stay with the person, keep them calm and warm, and follow what you know of first aid, nothing more. Do not move an injured person unless there is immediate danger. When police or an ambulance arrive, hand over clearly: what you saw, what you did and when.

Respect privacy. Do not share the person's photos, name or location on social media, and do not film them. Everything you learn during an alert stays with you.

After the event, the person you helped may rate your response. Ratings help us keep the volunteer network trustworthy. If an alert affected you emotionally, talk to someone you trust; helping is hard work, and it is fine to take a break.`,
  },
];
