import { type AuditFormFields, DEFAULT_SLOT_FIELDS } from '../content/slots.ts';

// The contact section's audit form as the A/B test contact-form-optimization varies it: the fields of
// the `audit-form` content slot (lib/content/slots.ts holds their shape, limits and default, once);
// islands import only the type from here.
//   formTitle, submitButtonText: the form's heading (the contact section's heading, right above the
//   form: components/home/ContactSection.tsx) and its submit label.
//   showPhone: ask for a phone number (optional) on step 1.
//   showCompany: ask for the company website (optional) on step 1. The business name itself is the
//   subject of the audit and is always asked.

export type ContactFormConfig = AuditFormFields;

/** The control: title 'Get Your Free Business Audit', phone and company shown. */
export const defaultContactFormConfig: ContactFormConfig = DEFAULT_SLOT_FIELDS['audit-form'];
