// The contact section's audit form, as an A/B test can vary it (test name contact-form-optimization).

export const CONTACT_FORM_TEST_NAME = 'contact-form-optimization';

export type ContactFormConfig = {
  formTitle: string;
  submitButtonText: string;
  /** Ask for a phone number (optional field) on step 1. */
  showPhone: boolean;
  /**
   * Ask for the company website (optional field) on step 1. The business name itself is the subject
   * of the audit and is always asked.
   */
  showCompany: boolean;
};

export const defaultContactFormConfig: ContactFormConfig = {
  formTitle: 'Get Your Free Business Audit',
  submitButtonText: 'Get My Free Audit',
  showPhone: true,
  showCompany: true,
};
