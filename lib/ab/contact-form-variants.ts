import { type ContactFormConfig, DEFAULT_CONTACT_FORM } from './definitions.ts';

// The contact section's audit form as the A/B test contact-form-optimization varies it. The type and
// the control's configuration live in lib/ab/definitions.ts; islands import only the type from here.
//   formTitle, submitButtonText: the form's heading (the contact section's heading, right above the
//   form: components/home/ContactSection.tsx) and its submit label.
//   showPhone: ask for a phone number (optional) on step 1.
//   showCompany: ask for the company website (optional) on step 1. The business name itself is the
//   subject of the audit and is always asked.

export type { ContactFormConfig };

/** The control: title 'Get Your Free Business Audit', phone and company shown. */
export const defaultContactFormConfig = DEFAULT_CONTACT_FORM;
