import { describe, expect, it } from 'vitest';
import { createGazetteer, devanagariToGujarati, parseGazetteer, searchKey, townLabel } from './gazetteer';
import { STATES, TOWNS } from './gazetteer-data';

const towns = parseGazetteer(STATES, TOWNS);
const gazetteer = createGazetteer(towns);
const first = (query: string) => gazetteer.search(query)[0]?.names['en-US'][0];

describe('the bundled gazetteer', () => {
  it('lists several hundred towns in every state and union territory, with coordinates in India', () => {
    expect(towns.length).toBeGreaterThanOrEqual(300);
    const states = new Set(towns.map((town) => town.state['en-US']));
    expect(states.size).toBe(36);
    for (const town of towns) {
      expect(town.latitude, town.names['en-US'][0]).toBeGreaterThan(6);
      expect(town.latitude, town.names['en-US'][0]).toBeLessThan(37);
      expect(town.longitude, town.names['en-US'][0]).toBeGreaterThan(68);
      expect(town.longitude, town.names['en-US'][0]).toBeLessThan(98);
      expect(town.names['hi-IN'][0], town.names['en-US'][0]).toMatch(/[\u0900-\u097f]/);
      expect(town.names['gu-IN'][0], town.names['en-US'][0]).toMatch(/^[\u0a80-\u0aff\s/-]+$/);
    }
  });

  it('finds a town typed in English, Hindi or Gujarati, and by its old name', () => {
    expect(first('Bhavnagar')).toBe('Bhavnagar');
    expect(first('भावनगर')).toBe('Bhavnagar');
    expect(first('ભાવનગર')).toBe('Bhavnagar');
    expect(first('amdavad')).toBe('Ahmedabad');
    expect(first('અમદાવાદ')).toBe('Ahmedabad');
    expect(first('बंबई')).toBe('Mumbai');
    expect(first('Allahabad')).toBe('Prayagraj');
    expect(first('वाराणसी')).toBe('Varanasi');
  });

  it('ignores case, accents and nuktas, and ranks the big cities first among equal matches', () => {
    expect(first('MUZAFFARPUR')).toBe('Muzaffarpur');
    expect(first('मुजफ्फरपुर')).toBe('Muzaffarpur');
    // "Pu" begins Pune, Puri, Purnia…: the big city comes first.
    expect(first('pu')).toBe('Pune');
    expect(gazetteer.search('Udaipur').map((town) => town.state['en-US'])).toEqual(['Rajasthan', 'Tripura', 'Gujarat']);
    expect(gazetteer.search('   ')).toEqual([]);
    expect(gazetteer.search('zzzz')).toEqual([]);
  });

  it('writes Hindi names in Gujarati letters where no Gujarati name is given', () => {
    expect(devanagariToGujarati('पटना')).toBe('પટના');
    expect(devanagariToGujarati('मुज़फ़्फ़रपुर')).toBe('મુજફ્ફરપુર');
    expect(searchKey('Pimpri-Chinchwad')).toBe('pimpri chinchwad');
    const patna = gazetteer.search('patna')[0];
    expect(patna && townLabel(patna, 'gu-IN')).toBe('પટના, બિહાર');
    expect(patna && townLabel(patna, 'hi-IN')).toBe('पटना, बिहार');
    expect(patna?.latitude).toBe(25.59);
  });
});
