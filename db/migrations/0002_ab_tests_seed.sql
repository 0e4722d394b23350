-- The two A/B tests the site runs from day one, with fixed ids so tests and code can name them
-- (lib/ab-tests.ts holds the same ids and the control configurations). Both take all traffic.

insert into ab_tests (id, name, description, is_active, traffic_allocation) values
  ('a8b7c6d5-0000-4000-8000-000000000001', 'contact-form-optimization',
   'Does a shorter, outcome-led audit form get more Toronto owners to finish it than the standard form?', true, 100),
  ('a8b7c6d5-0000-4000-8000-000000000002', 'hero-variant',
   'Three home-page hero treatments: the standard promise, an urgency angle, and the original brand tagline.', true, 100)
on conflict (id) do nothing;

insert into ab_test_variants (id, test_id, name, is_control, weight, configuration) values
  ('a8b7c6d5-0000-4000-8000-000000000011', 'a8b7c6d5-0000-4000-8000-000000000001', 'Control', true, 1,
   '{"formTitle": "Get Your Free Business Audit", "submitButtonText": "Get My Free Audit", "showPhone": true, "showCompany": true}'),
  ('a8b7c6d5-0000-4000-8000-000000000012', 'a8b7c6d5-0000-4000-8000-000000000001', 'Short Form', false, 1,
   '{"formTitle": "See Where Your Next 20 Customers Are Hiding", "submitButtonText": "Show Me My Growth Plan", "showPhone": false, "showCompany": true}'),
  ('a8b7c6d5-0000-4000-8000-000000000021', 'a8b7c6d5-0000-4000-8000-000000000002', 'Control', true, 1, '{"heroVariant": "control"}'),
  ('a8b7c6d5-0000-4000-8000-000000000022', 'a8b7c6d5-0000-4000-8000-000000000002', 'Variant A', false, 1, '{"heroVariant": "variant-a"}'),
  ('a8b7c6d5-0000-4000-8000-000000000023', 'a8b7c6d5-0000-4000-8000-000000000002', 'Variant B', false, 1, '{"heroVariant": "variant-b"}')
on conflict (id) do nothing;
