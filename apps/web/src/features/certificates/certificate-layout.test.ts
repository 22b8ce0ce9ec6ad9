import { describe, expect, it } from 'vitest';
import {
  capitaliseName,
  certificateDisplaySize,
  certificateFileName,
  CERTIFICATE_HEIGHT,
  CERTIFICATE_WIDTH,
  DOWNLOAD_PIXEL_RATIO,
  fitFontSize,
  nameFont,
  nameScript,
  shortUrl,
} from './certificate-layout';
import { balancedLines, certificateFontRequests, wrapLines } from './draw-certificate';

describe('certificateDisplaySize', () => {
  it('is the window width less 32 px, at 847:1200', () => {
    expect(certificateDisplaySize(360)).toEqual({ width: 328, height: 232 });
    expect(certificateDisplaySize(1032)).toEqual({ width: 1000, height: 706 });
  });

  it('stops growing at 1200 px', () => {
    expect(certificateDisplaySize(1920)).toEqual({ width: 1200, height: 847 });
  });

  it('never goes negative', () => {
    expect(certificateDisplaySize(20)).toEqual({ width: 0, height: 0 });
  });

  it('downloads at 2400×1694 px', () => {
    // SPEC.md §7 and §9: an off-screen 1200 by 847 canvas, exported at pixel ratio 2.
    expect([CERTIFICATE_WIDTH * DOWNLOAD_PIXEL_RATIO, CERTIFICATE_HEIGHT * DOWNLOAD_PIXEL_RATIO]).toEqual([2400, 1694]);
  });
});

describe('nameScript and nameFont', () => {
  it.each([
    ['Asha Patel', 'latin'],
    ['José Ñúñez', 'latin'],
    ['अर्जुन क्षत्रिय', 'devanagari'],
    ['અંગે પટેલ', 'gujarati'],
    ['முருகன்', 'other'],
    ['', 'other'],
    // A name in two scripts follows the letters most of it is written in.
    ['अर्जुन K', 'devanagari'],
    ['Dr. Ravi पटेल', 'latin'],
  ])('picks the face by the script of the name: %j is %s', (name, script) => expect(nameScript(name)).toBe(script));

  it('draws Latin names in Great Vibes and Indian scripts in bold Noto Sans', () => {
    expect(nameFont('latin')).toBe('400 92px "Great Vibes", cursive');
    expect(nameFont('devanagari', 50)).toBe('700 50px "Noto Sans Devanagari", sans-serif');
    expect(nameFont('gujarati')).toBe('700 64px "Noto Sans Gujarati", sans-serif');
  });
});

describe('capitaliseName', () => {
  it.each([
    // The first letter of each word upper-cased, the rest lower-cased, spaces folded...
    ['asha PATEL', 'Asha Patel'],
    ['  mary   o’neil ', 'Mary O’neil'],
    ['élodie', 'Élodie'],
    // ...and scripts without case left as they are.
    ['अर्जुन क्षत्रिय', 'अर्जुन क्षत्रिय'],
    ['અંગે પટેલ', 'અંગે પટેલ'],
  ])('writes %j as %j', (name, capitalised) => expect(capitaliseName(name)).toBe(capitalised));
});

describe('certificateFileName', () => {
  it.each([
    // The product, the word certificate and the capitalised name...
    ['asha patel', 'Saathi-certificate-Asha-Patel.jpg'],
    ['अर्जुन क्षत्रिय', 'Saathi-certificate-अर्जुन-क्षत्रिय.jpg'],
    // ...without the characters file systems refuse.
    ['a/b:c*d?"e"<f>|g\\h', 'Saathi-certificate-A-B-C-D-E-F-G-H.jpg'],
    ['..hidden', 'Saathi-certificate-Hidden.jpg'],
    [' / ', 'Saathi-certificate.jpg'],
  ])('names the file for %j %s', (name, fileName) => expect(certificateFileName(name)).toBe(fileName));

  it('keeps long names to 80 characters', () => {
    const name = certificateFileName('a'.repeat(200));
    expect(name).toBe(`Saathi-certificate-A${'a'.repeat(79)}.jpg`);
  });
});

describe('fitFontSize', () => {
  const tenPerPoint = (size: number) => size * 10;
  it('keeps the preferred size when the text fits', () => {
    expect(fitFontSize(tenPerPoint, 90, 1000)).toBe(90);
  });
  it('shrinks a long text until it fits, but not below half', () => {
    expect(fitFontSize(tenPerPoint, 90, 700)).toBe(70);
    expect(fitFontSize(tenPerPoint, 90, 100)).toBe(45);
  });
});

describe('wrapLines', () => {
  const byLength = (line: string) => line.length;
  it('breaks at spaces within the width', () => {
    expect(wrapLines('one two three four', 9, byLength)).toEqual(['one two', 'three', 'four']);
    expect(wrapLines('short', 100, byLength)).toEqual(['short']);
    expect(wrapLines('unbreakableword x', 5, byLength)).toEqual(['unbreakableword', 'x']);
  });

  it('evens out the lines instead of leaving one word alone', () => {
    const sentence = 'is a member of the safety network, standing with everyone';
    expect(wrapLines(sentence, 52, byLength)).toEqual(['is a member of the safety network, standing with', 'everyone']);
    expect(balancedLines(sentence, 52, byLength)).toEqual(['is a member of the safety', 'network, standing with everyone']);
    expect(balancedLines('short', 52, byLength)).toEqual(['short']);
  });
});

describe('shortUrl and the fonts to load', () => {
  it('prints the address without the scheme', () => {
    expect(shortUrl('https://saathi.example.in/certificates/ABCDEFGH2345')).toBe('saathi.example.in/certificates/ABCDEFGH2345');
    expect(shortUrl('http://localhost:3000/')).toBe('localhost:3000');
  });

  it('loads the name face with the letters of the name', () => {
    const requests = certificateFontRequests({
      name: 'અંગે પટેલ',
      referralId: 'K7M2Q9XA',
      verifyUrl: 'https://saathi.example.in/certificates/ABCDEFGH2345',
      appName: 'સાથી',
      title: 'સભ્યપદ પ્રમાણપત્ર',
      intro: 'આથી',
      recognition: 'સભ્ય',
      issuedDate: '12 માર્ચ 2026',
      issuedLabel: 'તારીખ',
      scanToVerify: 'સ્કેન',
    });
    expect(requests[0]).toEqual({ font: '700 64px "Noto Sans Gujarati", sans-serif', text: 'અંગે પટેલ' });
    expect(requests.map((request) => request.font).every((font) => font.length > 0)).toBe(true);
  });
});
