import fc from 'fast-check';
import { AB_TEST_IDS, AB_VARIANT_IDS } from '../../lib/ab-tests.ts';
import { platforms } from '../../lib/story-schema.ts';
import { shortText } from './arbitraries.ts';

/** A POST endpoint to fuzz: a generator of valid bodies, the tables it writes, rows per answer. */
export type FuzzedEndpoint = {
  path: string;
  valid: fc.Arbitrary<Record<string, unknown>>;
  tables: string[];
  rowsFor: (status: number) => number;
};

const storyInput = fc.record({ title: shortText(100), content: shortText(400), link: fc.constantFrom('', 'https://northlinedigital.ca/blog/post') });

export const fuzzedEndpoints: FuzzedEndpoint[] = [
  {
    path: '/api/ab-test/event',
    // The fuzz visitor is assigned to the hero test before the run; only its own variant is accepted.
    valid: fc.record({
      testId: fc.constant(AB_TEST_IDS.hero),
      variantId: fc.constantFrom(...Object.values(AB_VARIANT_IDS.hero)),
      eventType: fc.constantFrom('view', 'click', 'conversion'),
      eventData: fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 30 }), { maxKeys: 3 }),
      userId: fc.constant('fuzz-visitor'),
    }),
    tables: ['ab_test_events'],
    rowsFor: (status) => (status === 201 ? 1 : 0),
  },
  {
    path: '/api/social-stories/generate',
    valid: storyInput,
    tables: [],
    rowsFor: () => 0,
  },
  {
    path: '/api/social-stories/quick-generate',
    valid: fc.record({ blogPost: storyInput, platform: fc.constantFrom(...platforms) }),
    tables: [],
    rowsFor: () => 0,
  },
];
