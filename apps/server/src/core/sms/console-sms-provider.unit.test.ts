import { describe, expect, it } from 'vitest';
import { loginCodeSms, sosContactSms } from '../../../test/sms-messages';
import { consoleSmsProvider } from './console-sms-provider';

describe('console SMS provider', () => {
  it('prints exactly one line in the agreed form, and the message is sent', async () => {
    const lines: string[] = [];
    const accepted = await consoleSmsProvider((line) => lines.push(line)).send(loginCodeSms('en-US'));
    expect(accepted).toEqual({ providerMessageId: null, status: 'sent' });
    expect(lines).toEqual(['[sms] to=+919876543210 text=Your Saathi login code is 042917. It expires in 5 minutes. Do not share it with anyone.\n']);
    // Readers take the first 6-digit run after `text=`.
    expect(/\d{6}/.exec(lines[0]!.split('text=')[1]!)?.[0]).toBe('042917');
  });

  it('prints Hindi and Gujarati as they are, the code first among the digits', async () => {
    const lines: string[] = [];
    const print = consoleSmsProvider((line) => lines.push(line));
    await print.send(loginCodeSms('hi-IN'));
    await print.send(sosContactSms('gu-IN'));
    expect(lines[0]).toBe('[sms] to=+919876543210 text=आपका Saathi लॉगिन कोड 042917 है। यह 5 मिनट में समाप्त होगा। इसे किसी से साझा न करें।\n');
    expect(lines[1]).toBe('[sms] to=+919876543210 text=પ્રિયા તરફથી SOS (fire). લાઇવ લોકેશન: saathi.in/t/abcDEF123456 જવાબ ન મળે તો 112 પર કૉલ કરો.\n');
  });

  it('keeps a multi-line text on one line', async () => {
    const lines: string[] = [];
    await consoleSmsProvider((line) => lines.push(line)).send({ ...loginCodeSms('en-US'), text: 'a\nb' });
    expect(lines).toEqual(['[sms] to=+919876543210 text=a b\n']);
  });
});
