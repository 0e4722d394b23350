import type { JobState } from '../leads/notifications.ts';
import type { LeadKind, LeadStatus } from '../leads/pipeline.ts';

// A person as the back office reads them (db/queries/people.ts writes and reads them; the person's page,
// components/staff/PersonPage.tsx, shows them): the record, their leads, what staff did, the merges.

export type Person = {
  id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  createdAt: Date;
  latestAt: Date;
  bestScore: number | null;
  nextActionDue: Date | null;
  nextActionWhat: string | null;
  nextActionByEmail: string | null;
  erasedAt: Date | null;
};

export type PersonLead = {
  kind: LeadKind;
  id: string;
  createdAt: Date;
  replyBy: Date;
  firstReachedAt: Date | null;
  status: LeadStatus;
  name: string | null;
  business: string | null;
  email: string | null;
  phone: string | null;
  score: number | null;
  tier: string | null;
  budget: string | null;
  ownerId: string | null;
  ownerEmail: string | null;
  isSpam: boolean;
  erasedAt: Date | null;
  source: string | null;
  personId: string;
};

export type PersonActivity = {
  id: string;
  personId: string;
  kind: 'call' | 'email' | 'next-action' | 'merge' | 'unmerge';
  outcome: string | null;
  subject: string | null;
  body: string | null;
  note: string | null;
  leadKind: LeadKind | null;
  leadId: string | null;
  actorEmail: string | null;
  at: Date;
  /** An email's delivery, from its job: queued, running, delivered, skipped or dead, with what the mail server said. */
  deliveryState: JobState | null;
  deliveryDetail: string | null;
  deliveryError: string | null;
};

export type PersonMerge = {
  id: string;
  intoId: string;
  fromId: string;
  fromName: string | null;
  fromEmail: string | null;
  actorEmail: string | null;
  at: Date;
};
