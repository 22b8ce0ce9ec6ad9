import { makeSavedLocation } from '../../test/user';
import { describe, expect, it } from 'vitest';
import { defaultTab, leaderboardTabs, scopeOf } from './tabs';

const place = (id: number, name: string, isBusinessLocation = false) => makeSavedLocation({ id, name, isBusinessLocation });

describe('leaderboard tabs', () => {
  it('lists city, state, India, then each saved place that is not a business', () => {
    const tabs = leaderboardTabs({ city: 'Ahmedabad', state: 'Gujarat', locations: [place(1, 'Home'), place(2, 'Shop', true), place(3, 'College')] });
    expect(tabs.map((tab) => tab.id)).toEqual(['city', 'state', 'country', 'place-1', 'place-3']);
    expect(defaultTab(tabs).id).toBe('city');
  });

  it('opens the state without a city, the first place without either, else India', () => {
    expect(defaultTab(leaderboardTabs({ city: ' ', state: 'Gujarat', locations: [place(1, 'Home')] })).id).toBe('state');
    expect(defaultTab(leaderboardTabs({ city: null, state: null, locations: [place(2, 'Shop', true), place(1, 'Home')] })).id).toBe('place-1');
    expect(defaultTab(leaderboardTabs({ city: null, state: null, locations: [place(2, 'Shop', true)] })).id).toBe('country');
  });

  it('asks for the administrative region, or the widest circle around a saved place', () => {
    const [city, state, country, home] = leaderboardTabs({ city: 'Ahmedabad', state: 'Gujarat', locations: [place(1, 'Home')] });
    expect([city, state, country].map((tab) => tab && scopeOf(tab))).toEqual([
      { scope: 'administrative', region: 'city' },
      { scope: 'administrative', region: 'state' },
      { scope: 'administrative', region: 'country' },
    ]);
    expect(home && scopeOf(home)).toEqual({ scope: 'location', latitude: 23.0225, longitude: 72.5714, radius: 5000 });
  });
});
