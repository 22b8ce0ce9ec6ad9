import type { DemoArticle } from './news-types';

/** Articles 1 to 5: numbers to know, the law that protects helpers, first aid, weather. */
export const NEWS_ESSENTIALS: DemoArticle[] = [
  {
    image: 1,
    title: 'Emergency numbers every family in India should save today',
    summary: '112 reaches police, fire and ambulance from anywhere in India. Save it along with these helplines.',
    author: 'Saathi Safety Desk',
    category: 'safety',
    tags: ['helplines', '112', 'emergency'],
    daysAgo: 1,
    content: `112 is India's single emergency number. It connects you to the Emergency Response Support System, which dispatches police, fire or ambulance help, and it works from any phone, even without a SIM card or balance. Many phones also send an emergency call when you press the power button three or five times quickly; check your phone's emergency SOS settings once so you know how it behaves.

Save these numbers too: 108 for an ambulance in most states, 101 for the fire brigade, 1091 and 181 for women in distress, 1098 for children who need help (Childline), 1930 for reporting online financial fraud, 14567 (Elderline) for senior citizens, and 1906 for an LPG gas leak.

When you call, speak slowly and give the most important facts first: what happened, the exact location with a landmark, how many people are hurt, and a number to call you back on. Do not hang up until the operator tells you to.

Write the numbers on a card for elderly parents and children, and add two emergency contacts in Saathi so that an SOS reaches the people who know you best, along with trained volunteers nearby.`,
  },
  {
    image: 2,
    title: 'Helping a road accident victim? The law protects you',
    summary: 'Good Samaritans cannot be held liable or forced to give their details. Here is what the law says.',
    author: 'Saathi Safety Desk',
    category: 'india',
    tags: ['good-samaritan', 'road-safety', 'law'],
    daysAgo: 3,
    content: `Many people hesitate to help after a road accident because they fear police questioning or hospital bills. The law is on the helper's side. Section 134A of the Motor Vehicles Act, added in 2019, and the Good Samaritan guidelines upheld by the Supreme Court in 2016 protect anyone who, in good faith, gives emergency help or takes an injured person to hospital.

What this means for you: you are not liable for any civil or criminal action for the injury or death of the person you helped. You need not give your name or phone number to the police or the hospital unless you choose to be a witness. A hospital cannot detain you or ask you to pay for the victim's emergency treatment.

The first hour after a serious injury matters most. Call 112 or 108, keep the area safe by switching on hazard lights and warning traffic, and do not move the injured person unless there is a fire or other immediate danger. Do not pull off a motorcyclist's helmet unless they cannot breathe. Stay with the person, talk to them calmly and keep them warm until help arrives.

Please do not film the victim. Their privacy and dignity matter, and the minutes you spend recording are minutes you could spend helping.`,
  },
  {
    image: 3,
    title: 'Hands-only CPR: the two minutes that can save a life',
    summary: 'When an adult collapses and is not breathing normally, push hard and fast in the centre of the chest.',
    author: 'Saathi Health Desk',
    category: 'health',
    tags: ['cpr', 'first-aid'],
    daysAgo: 5,
    content: `Sudden cardiac arrest can happen to anyone, anywhere. Without help, the chances of survival fall with every minute. A bystander who starts chest compressions straight away can double or triple those chances. You do not need training to do hands-only CPR on an adult.

Check: tap the person's shoulders and shout. If they do not respond and are not breathing normally (gasping does not count), act at once.

Call: ask someone to call 108 or 112 and to look for an AED (automated external defibrillator), which many malls, offices, airports and metro stations keep. If you are alone, put your phone on speaker and call while you start.

Push: kneel beside the person, place the heel of one hand in the centre of the chest with the other hand on top, keep your arms straight and push down about 5 to 6 cm, 100 to 120 times a minute. Let the chest rise fully between pushes. Songs with that beat help you keep time.

Keep going until help arrives, an AED tells you to stop, or the person starts breathing normally. If someone else can take over, swap every two minutes so the pushes stay strong. Switch the AED on and follow its spoken instructions as soon as it arrives.`,
  },
  {
    image: 4,
    title: 'Monsoon safety: flooded roads, live wires and disease',
    summary: 'Stay out of moving water, keep away from electric poles and know the signs of leptospirosis.',
    author: 'Saathi Safety Desk',
    category: 'weather',
    tags: ['monsoon', 'flood', 'leptospirosis'],
    daysAgo: 8,
    content: `Heavy rain turns familiar streets dangerous within minutes. Fifteen centimetres of fast-moving water can knock an adult off their feet, and an open manhole or drain is invisible under flood water. If you must cross, walk where you can see the ground, use a stick to test the depth ahead, and never drive into a flooded underpass.

Keep away from electric poles, transformers, hanging wires and metal fences during rain. If you see a fallen wire, warn others, keep everyone away and inform the electricity company or call 112. At home, switch off the main supply if water enters the house and do not touch switches with wet hands.

Wading through flood water raises the risk of leptospirosis, a bacterial infection spread through water contaminated by animal urine. If you develop fever, body ache (especially in the calves) or red eyes within two weeks of walking through flood water, see a doctor and mention it. Cover cuts and wash your feet well after getting wet.

Keep a small kit ready: torch, power bank, dry food, drinking water, basic medicines, copies of ID and a whistle. Follow weather warnings from the India Meteorological Department and your city's disaster control room, and check on elderly neighbours living alone.`,
  },
  {
    image: 5,
    title: 'Heatwave: how to spot heat stroke and what to do',
    summary: 'Heat stroke is an emergency. Cool the person quickly and call for help.',
    author: 'Saathi Health Desk',
    category: 'health',
    tags: ['heatwave', 'heat-stroke'],
    daysAgo: 12,
    content: `During a heatwave the body can lose its ability to cool itself. Heat exhaustion comes first: heavy sweating, weakness, dizziness, headache, nausea and cramps. Move the person to a cool, shaded place, loosen their clothes, and give water or ORS in small sips.

Heat stroke is more serious and can be fatal. Watch for a very high body temperature, confusion or slurred speech, fainting, fits, and hot skin that may be dry. Call 108 or 112 at once. While you wait, cool the person as fast as you can: pour or sponge cool water over the body, fan them, and place cold packs or wet cloths on the neck, armpits and groin. Do not give anything to drink if they are confused or unconscious.

Prevent it: drink water often even if you are not thirsty, and add ORS, lassi, buttermilk, lemon water or coconut water. Avoid going out between noon and 4 pm, wear loose light-coloured cotton clothes, and cover your head. Never leave children, elders or pets in a parked vehicle.

Outdoor workers, delivery riders, traffic police, the elderly, young children and people with heart disease or diabetes are most at risk. Offer water to those working outside your building, and check twice a day on neighbours who live alone.`,
  },
];
