import { expect, test } from 'bun:test';
import { sendAndRecord } from './claimed-email.ts';

// The try of one claimed digest row: what is recorded, and when the claim is said to be lost.

const sent = { state: 'sent', detail: '250 OK' } as const;

test('what the send says is recorded, and its state answered', async () => {
  const recorded: unknown[] = [];
  let lost = 0;
  const state = await sendAndRecord(
    async () => sent,
    async (outcome) => recorded.push(outcome) > 0,
    () => lost++,
  );
  expect(state).toBe('sent');
  expect(recorded).toEqual([sent]);
  expect(lost).toBe(0);
});

test('a send the database cut short is recorded as a failed try the next look takes again', async () => {
  const recorded: unknown[] = [];
  const state = await sendAndRecord(
    async (): Promise<typeof sent> => {
      throw new Error(`connection closed ${'x'.repeat(300)}`);
    },
    async (outcome) => recorded.push(outcome) > 0,
    () => {
      throw new Error('not lost: it was recorded');
    },
  );
  expect(state).toBe('failed');
  expect(recorded).toEqual([
    { state: 'failed', detail: `Not sent: connection closed ${'x'.repeat(300)}`.slice(0, 'Not sent: '.length + 200), final: false, attempts: 0 },
  ]);
});

test('an outcome that cannot be recorded, or whose claim another process took, is said to be lost', async () => {
  for (const record of [async () => false, async () => Promise.reject(new Error('database down'))]) {
    let lost = 0;
    expect(
      await sendAndRecord(
        async () => sent,
        record,
        () => lost++,
      ),
    ).toBe('sent');
    expect(lost).toBe(1);
  }
});
