import { describe, expect, test } from 'bun:test';
import { deliveryWords, failureReason } from './delivery-words.ts';

describe('deliveryWords', () => {
  test('a delivered email names the mail server, never its raw reply', () => {
    const words = deliveryWords({ state: 'delivered', detail: 'Accepted by the mail server for the prospect: 250 queued as 1A2B', lastError: null });
    expect(words).toEqual({ text: 'Delivered to the mail server', tone: 'done' });
    expect(deliveryWords({ state: 'delivered', detail: 'Accepted by the receiver (200)', lastError: null }).text).toBe('Delivered to the receiver');
  });

  test('waiting, sending and retrying say why', () => {
    expect(deliveryWords({ state: 'queued', attempts: 0, detail: null, lastError: null }).text).toBe('Waiting to send');
    expect(deliveryWords({ state: 'running', detail: null, lastError: null }).text).toBe('Sending now');
    expect(deliveryWords({ state: 'queued', attempts: 2, detail: null, lastError: 'SMTP EMESSAGE 451: 4.3.0 Try again later' }).text).toBe(
      'Trying again: the mail server asked us to wait',
    );
    expect(deliveryWords({ state: 'queued', attempts: 1, detail: null, lastError: 'SMTP ECONNECTION: connect ECONNREFUSED 127.0.0.1:25' }).text).toBe(
      'Trying again: could not reach the mail server',
    );
  });

  test('a mailbox that does not exist, a full one, a refusal', () => {
    const nobody = "SMTP EENVELOPE 550: Can't send mail - all recipients were rejected: 550 5.1.1 <…@example.com>: Recipient address rejected: User unknown";
    expect(deliveryWords({ state: 'dead', detail: null, lastError: nobody })).toEqual({ text: 'Failed: mailbox does not exist', tone: 'failed' });
    expect(failureReason('SMTP EENVELOPE 552: 5.2.2 Mailbox full')).toBe('mailbox is full');
    expect(failureReason('SMTP EMESSAGE 554: 5.7.1 Message rejected as spam')).toBe('the mail server refused the message');
    expect(failureReason('SMTP EENVELOPE: No recipients defined')).toBe('the address is not valid');
    expect(failureReason(null)).toBe('no reason was given');
  });

  test('skipped: no mail server, erased first', () => {
    expect(deliveryWords({ state: 'skipped', detail: 'SMTP_URL is not set: written to the log instead of sent to the prospect', lastError: null }).text).toBe(
      'Not sent: no mail server is set up (SMTP_URL), so it was written to the log',
    );
    expect(deliveryWords({ state: 'skipped', detail: 'Erased before it was sent: nothing was sent', lastError: null }).text).toBe(
      'Not sent: the person was erased first',
    );
  });
});
