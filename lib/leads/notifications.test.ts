import { describe, expect, test } from 'bun:test';
import { channelLabel, channelsFor, nextAttemptAt, RETRY_WINDOW_MS } from './notifications.ts';

const start = new Date('2026-11-24T15:00:00Z');
const giveUpAt = new Date(start.getTime() + RETRY_WINDOW_MS);
const seconds = (from: Date, to: Date | null) => (to ? (to.getTime() - from.getTime()) / 1000 : null);

describe('nextAttemptAt', () => {
  test('waits double from 5 s up to an hour, each between half and all of it', () => {
    const full = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 30].map((attempts) =>
      seconds(start, nextAttemptAt({ attempts, now: start, giveUpAt, random: 0.999999 })),
    );
    expect(full.map((s) => Math.round(s ?? -1))).toEqual([5, 10, 20, 40, 80, 160, 320, 640, 1280, 2560, 3600, 3600, 3600]);
    const half = [1, 2, 11, 30].map((attempts) => seconds(start, nextAttemptAt({ attempts, now: start, giveUpAt, random: 0 })));
    expect(half).toEqual([2.5, 5, 1800, 1800]);
  });

  test('the last try is at the end of the 24 hours; a failure then is final', () => {
    const late = new Date(giveUpAt.getTime() - 60_000);
    expect(nextAttemptAt({ attempts: 20, now: late, giveUpAt, random: 0.5 })).toEqual(giveUpAt);
    expect(nextAttemptAt({ attempts: 21, now: giveUpAt, giveUpAt, random: 0.5 })).toBeNull();
    expect(nextAttemptAt({ attempts: 21, now: new Date(giveUpAt.getTime() + 1), giveUpAt, random: 0.5 })).toBeNull();
  });

  test('a permanent failure is final at once; odd inputs stay in range', () => {
    expect(nextAttemptAt({ attempts: 1, now: start, giveUpAt, permanent: true, random: 0.5 })).toBeNull();
    expect(seconds(start, nextAttemptAt({ attempts: 0, now: start, giveUpAt, random: 2 }))).toBe(5);
    expect(seconds(start, nextAttemptAt({ attempts: 10_000, now: start, giveUpAt, random: -1 }))).toBe(1800);
  });

  test('30 to 60 tries fit in the 24 hours, and the schedule never runs past them', () => {
    for (const random of [0, 0.5, 0.999]) {
      let now = start;
      let tries = 1;
      for (let next = nextAttemptAt({ attempts: tries, now, giveUpAt, random }); next; next = nextAttemptAt({ attempts: tries, now, giveUpAt, random })) {
        expect(next.getTime()).toBeGreaterThan(now.getTime());
        expect(next.getTime()).toBeLessThanOrEqual(giveUpAt.getTime());
        now = next;
        tries++;
      }
      expect(now).toEqual(giveUpAt);
      expect(tries).toBeGreaterThanOrEqual(30);
      expect(tries).toBeLessThanOrEqual(60);
    }
  });
});

describe('channels', () => {
  test('both emails always, the webhook when configured', () => {
    expect(channelsFor({ webhookConfigured: false })).toEqual(['staff-email', 'prospect-email']);
    expect(channelsFor({ webhookConfigured: true })).toEqual(['staff-email', 'prospect-email', 'webhook']);
  });

  test('each has a name staff understand', () => {
    expect(channelLabel('prospect-email', 'audit')).toBe('Audit results email to the prospect');
    expect(channelLabel('prospect-email', 'intake')).toBe('Application receipt to the applicant');
    expect(channelLabel('staff-email', 'intake')).toBe('New-lead email to the team');
    expect(channelLabel('erased-webhook', 'audit')).toBe('Erasure notice (webhook)');
  });
});
