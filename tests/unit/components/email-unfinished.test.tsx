import { describe, expect, it } from 'vitest';
import { EmailSection } from '@/components/review/email-section';
import { describeReadNote } from '@/components/review/email-text';
import type { EmailEntry } from '@/components/review/use-emails';
import type { EmailReadNote, EmailUnfinished } from '@/utils/email/email-types';
import { mailbox, messageOf } from '../email/message';
import { useDomWindow } from './dom';

// What the review window says of an email it could not read to the end
// (issue 38): what it did read, and a sentence on what is missing; and of
// the attached emails it listed without reading them.

const { mount } = useDomWindow('chrome-extension://test/review.html');

/** An email entry read as far as `unfinished` says. */
function entryCutShort(unfinished: EmailUnfinished): EmailEntry {
  const message = messageOf({ subject: 'Your account is locked', from: mailbox('alerts@examplebank-secure.example', 'Example Bank') });
  return { key: 'k1', file: new File(['x'], 'locked.eml'), reading: { ok: true, analysis: { message, auth: [], received: { hops: [] }, warnings: [], findings: [] }, unfinished } };
}

describe('an email read in part', () => {
  it.each<[EmailUnfinished, string]>([
    [{ why: 'timeout', missing: 'text' }, 'Reading this email took longer than 20 seconds: the indicators in its text could not all be found. Those below are the ones found before it was stopped.'],
    [{ why: 'timeout', missing: 'analysis' }, 'Reading this email took longer than 20 seconds: its headers were read, but its warnings and indicators could not be found.'],
    [
      { why: 'failed', missing: 'text' },
      'Reading this email stopped before its end (it may be built to exhaust mail readers): the indicators in its text could not all be found. Those below are the ones found before it stopped.',
    ],
  ])('shows its headers and says what is missing (%o)', (unfinished, sentence) => {
    const root = mount(<EmailSection emails={[entryCutShort(unfinished)]} locked={false} onRemove={() => undefined} />);
    expect(root.querySelector('h2')?.textContent).toBe('Your account is locked');
    expect(root.querySelector('.email-headers dd')?.textContent).toBe('Example Bank <alerts@examplebank-secure.example>');
    expect(root.querySelector('.email-unfinished')?.textContent).toBe(sentence);
  });

  it('says nothing is missing of an email read to the end', () => {
    const { reading, ...entry } = entryCutShort({ why: 'timeout', missing: 'text' });
    const whole = { ...entry, reading: reading?.ok ? { ok: true as const, analysis: reading.analysis } : undefined } as EmailEntry;
    expect(mount(<EmailSection emails={[whole]} locked={false} onRemove={() => undefined} />).querySelector('.email-unfinished')).toBeNull();
  });
});

describe('attached emails listed, not read', () => {
  it.each<[EmailReadNote, string]>([
    [
      { kind: 'attached_not_read', count: 1, why: 'depth' },
      '1 email attached more than 3 levels below the email you opened is listed with its SHA-256, not read. To read it, save it and open it on its own.',
    ],
    [
      { kind: 'attached_not_read', count: 2, why: 'bytes' },
      '2 attached emails are listed with their SHA-256, not read: the emails attached to one email you open are read up to 26.2 MB together. To read one, save it and open it on its own.',
    ],
    [{ kind: 'attached_not_read', count: 3, why: 'count' }, '3 attached emails more are listed with their SHA-256, not read: at most 5 attached emails are read per email.'],
  ])('%o', (note, sentence) => {
    expect(describeReadNote(note)).toBe(sentence);
  });
});
