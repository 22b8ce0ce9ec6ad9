import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../languages';
import { SMS_TEMPLATE_ID_KEYS, smsTemplatesCsv } from './registration';
import { SMS_TEMPLATE_NAMES } from './templates';

/** A small RFC 4180 reader: quoted fields may hold commas, quotes ("") and line breaks. */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] as string;
    if (quoted && char === '"' && text[i + 1] === '"') {
      field += '"';
      i += 1;
    } else if (quoted && char === '"') {
      quoted = false;
    } else if (quoted) {
      field += char;
    } else if (char === '"') {
      quoted = true;
    } else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else {
      field += char;
    }
  }
  return rows;
}

describe('DLT registration list', () => {
  it('has one row per template and language, with {#var#} for every variable', () => {
    const [header, ...rows] = readCsv(smsTemplatesCsv());
    expect(header).toEqual(['name', 'language', 'category', 'text', 'variables']);
    expect(rows).toHaveLength(SMS_TEMPLATE_NAMES.length * LANGUAGES.length);
    const sos = rows.find((r) => r[0] === 'sosContact' && r[1] === 'gu-IN');
    expect(sos).toEqual([
      'sosContact',
      'gu-IN',
      'service',
      '{#var#} તરફથી SOS ({#var#}). લાઇવ લોકેશન: {#var#} જવાબ ન મળે તો 112 પર કૉલ કરો.',
      'name threat link',
    ]);
    expect(rows.find((r) => r[0] === 'loginCode' && r[1] === 'en-US')?.[2]).toBe('transactional');
    for (const row of rows) expect(row[3]).not.toMatch(/\{\{/);
  });

  it('names every key SMS_TEMPLATE_IDS must hold', () => {
    expect(SMS_TEMPLATE_ID_KEYS).toContain('sosContact.hi-IN');
    expect(SMS_TEMPLATE_ID_KEYS).toHaveLength(SMS_TEMPLATE_NAMES.length * 3);
  });
});
