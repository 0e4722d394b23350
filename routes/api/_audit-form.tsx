import { ContactSection } from '../../components/home/ContactSection.tsx';
import { defaultContactFormConfig } from '../../lib/ab/contact-form-variants.ts';
import { contactIntro } from '../../lib/content/home.ts';
import type { FieldErrors } from '../../lib/forms/validation.ts';
import { definePage } from '../../server/page.tsx';

type Sent = { values: Record<string, unknown>; errors: FieldErrors };

/**
 * The audit form again, for a plain (no-JavaScript) post with errors (routes/api/business-audit.ts):
 * every answer kept, each message under its field, all four steps on the page. Rendered for that one
 * request, never kept.
 */
export const auditFormPage = definePage<Sent>({
  meta: {
    title: 'Check your answers: free business audit | Northline Digital',
    description: 'A few answers of your free business growth audit need another look.',
    path: '/',
    noindex: true,
  },
  Component: (sent) => (
    <div className="pt-6">
      <ContactSection heading="Check your answers" intro={contactIntro} contactForm={defaultContactFormConfig} tracking={null} sent={sent} />
    </div>
  ),
});
