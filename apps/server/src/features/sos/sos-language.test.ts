import type { Language } from '@saathi/shared';
import { describe, expect, it } from 'vitest';
import { addContact, buildWithPushPeer, freshPlace, makeVolunteer, offset, post, raiseSos, subscribePush } from '../../../test/sos-fixtures';
import { snapToCell } from '../../domain/volunteer-grid';

/**
 * Every SOS text (push, SMS, in-app) is written in the language of whoever reads it: a user
 * in theirs (users.language), a contact who is not a user in the sender's (the `alerts`
 * catalog of packages/shared).
 */
const sos = buildWithPushPeer();
const { t } = sos;

const speaks = (userId: number, language: Language) => t.db.updateTable('users').set({ language }).where('id', '=', userId).execute();
const pushesTo = (subscriptionId: string) =>
  sos.peer.received.filter((p) => p.subscriptionId === subscriptionId).map((p) => p.payload as { type: string; title: string; body: string });
const eventIdOf = (res: { json(): unknown }) => (res.json() as { id: number }).id;
const inAppOf = (userId: number, eventId: number) =>
  t.db.selectFrom('notifications').select(['type', 'title', 'body']).where('user_id', '=', userId).where('sos_event_id', '=', eventId).orderBy('id').execute();

describe('SOS texts in the recipient language', () => {
  it("reaches a Gujarati volunteer in Gujarati and a Hindi contact in Hindi; a contact who is not a user reads the English sender's language", async () => {
    const here = snapToCell(freshPlace());
    const victim = await t.factory.user({ name: 'Meera Shah' });
    await speaks(victim.id, 'en-US');
    const volunteer = await makeVolunteer(t, { at: offset(here, 60, 40), via: 'live', name: 'Jignesh Patel' });
    await speaks(volunteer.id, 'gu-IN');
    const sister = await t.factory.user({ name: 'Pooja Shah' });
    await speaks(sister.id, 'hi-IN');
    await addContact(t, victim.id, { name: 'Didi', phoneNumber: sister.phoneNumber });
    await addContact(t, victim.id, { name: 'Papa', phoneNumber: '9822000101' });
    const volunteerSub = await subscribePush(t, sos.peer, volunteer.id);
    const sisterSub = await subscribePush(t, sos.peer, sister.id);

    const token = await t.loginAs(victim);
    const eventId = eventIdOf(await raiseSos(t, token, { ...here, threat: 'medical', contactsOnly: false }));
    await t.app.outbox.drain();

    const gujaratiAlert = { type: 'sos.alert', title: 'નજીકમાં SOS: તબીબી કટોકટી', body: 'Meeraને તમારાથી 500 મીટરની અંદર મદદની જરૂર છે. શું તમે જઈ શકો?' };
    expect(pushesTo(volunteerSub)).toEqual([expect.objectContaining({ ...gujaratiAlert, actions: [{ action: 'open-sos', title: 'SOS પર જાઓ' }] })]);
    expect(await inAppOf(volunteer.id, eventId)).toEqual([gujaratiAlert]);

    const hindiAlert = { type: 'sos.contact_alert', title: 'Meera की ओर से SOS', body: 'चिकित्सा आपातकाल। उनका लाइव स्थान देखने के लिए खोलें।' };
    expect(pushesTo(sisterSub)).toEqual([expect.objectContaining({ ...hindiAlert, actions: [{ action: 'open-sos', title: 'SOS पर जाएँ' }] })]);
    expect(await inAppOf(sister.id, eventId)).toEqual([hindiAlert]);
    // A contact who uses the app reads the SMS in their own language too.
    const sisterSms = t.sms.messages.filter((m) => m.to === sister.phoneNumber).map((m) => m.text);
    expect(sisterSms).toEqual([
      expect.stringMatching(/^Meera का SOS \(चिकित्सा आपातकाल\)। लाइव लोकेशन: saathi\.example\/t\/[A-Za-z0-9]{12} जवाब न मिले तो 112 पर कॉल करें।$/),
    ]);
    const papaSms = t.sms.messages.filter((m) => m.to === '9822000101').map((m) => m.text);
    expect(papaSms).toEqual([
      expect.stringMatching(/^SOS from Meera \(Medical emergency\)\. Live location: saathi\.example\/t\/[A-Za-z0-9]{12} No answer\? Call 112\.$/),
    ]);

    // The victim reads the volunteer's answer in English; the volunteer and the sister, the all clear in theirs.
    expect((await post(t, await t.loginAs(volunteer), `/api/sos/${eventId}/accept`, here)).statusCode).toBe(200);
    await t.app.outbox.drain();
    expect(await inAppOf(victim.id, eventId)).toEqual([
      { type: 'sos.accepted', title: 'A volunteer is coming', body: 'Jignesh accepted your SOS (0 m away).' },
    ]);

    expect((await post(t, token, `/api/sos/${eventId}/cancel`)).statusCode).toBe(200);
    await t.app.outbox.drain();
    expect((await inAppOf(volunteer.id, eventId)).at(-1)).toEqual({
      type: 'sos.all_clear',
      title: 'બધું બરાબર છે',
      body: 'Meera દ્વારા SOS ચેતવણી રદ કરવામાં આવી છે. હવે કોઈ મદદની જરૂર નથી.',
    });
    expect((await inAppOf(sister.id, eventId)).at(-1)).toEqual({
      type: 'sos.all_clear',
      title: 'सब ठीक है',
      body: 'Meera ने SOS अलर्ट रद्द कर दिया है। अब किसी मदद की ज़रूरत नहीं है।',
    });
    expect(t.sms.messages.filter((m) => m.to === '9822000101').at(-1)?.text).toBe('All clear: Meera cancelled the SOS alert. No help is needed now. -Saathi');
    expect(t.sms.messages.filter((m) => m.to === sister.phoneNumber).at(-1)?.text).toBe(
      'सब ठीक है: Meera ने SOS अलर्ट रद्द कर दिया। अब मदद की ज़रूरत नहीं है। -Saathi',
    );
  });

  it("texts a contact who is not a user in the sender's language, and tells a Hindi sender the distance in Hindi units", async () => {
    const here = snapToCell(freshPlace());
    const victim = await t.factory.user({ name: 'Kiran' });
    await speaks(victim.id, 'hi-IN');
    await addContact(t, victim.id, { name: 'Bhai', phoneNumber: '9822000102' });
    const volunteer = await makeVolunteer(t, { at: offset(here, 300), name: 'Asha Verma' });
    await speaks(volunteer.id, 'en-US');

    const token = await t.loginAs(victim);
    const eventId = eventIdOf(await raiseSos(t, token, { ...here, contactsOnly: false }));
    await t.app.outbox.drain();
    expect(t.sms.messages.filter((m) => m.to === '9822000102').map((m) => m.text)).toEqual([
      expect.stringMatching(/^Kiran का SOS \(आपातकालीन अलर्ट\)। लाइव लोकेशन: saathi\.example\/t\/[A-Za-z0-9]{12} जवाब न मिले तो 112 पर कॉल करें।$/),
    ]);
    const [alert, ...more] = await inAppOf(volunteer.id, eventId);
    expect(more).toEqual([]);
    expect(alert).toMatchObject({ type: 'sos.alert', title: 'SOS nearby: Emergency Alert' });
    expect(alert?.body).toMatch(/^Kiran needs help (within 500 m of you|500 m–1 km from you)\. Can you go\?$/);

    expect((await post(t, await t.loginAs(volunteer), `/api/sos/${eventId}/accept`, offset(here, 1500))).statusCode).toBe(200);
    await t.app.outbox.drain();
    expect(await inAppOf(victim.id, eventId)).toEqual([
      { type: 'sos.accepted', title: 'एक स्वयंसेवक आ रहा है', body: 'Asha ने आपका SOS स्वीकार किया (1.5 किमी दूर)।' },
    ]);
  });
});
