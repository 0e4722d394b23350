import type { FieldErrors } from '../forms/validation.ts';
import { AUDIT_STEPS, type AuditField, auditQuestions } from './schema.ts';

// What the audit's error summary lists after a failed submit: every field with a message, by step, in
// the order the form asks them, so the visitor sees all of them at once, not one step's. Pure.

export type StepErrors = {
  /** 1-based. */
  step: number;
  title: string;
  /**
   * `text`: the summary's words for it: its message, with its question first when the message does not
   * say what it is about ("Please keep this under 200 characters", "Please select an option") or another
   * field has the same message.
   */
  fields: { field: AuditField; question: string; message: string; text: string }[];
};

/** The steps holding an error, in order, each with its fields' messages; messages for fields the form does not ask are left out. */
export function errorsByStep(errors: FieldErrors): StepErrors[] {
  const asked = AUDIT_STEPS.flatMap((s) => s.fields as readonly AuditField[]);
  const shared = (message: string) => asked.filter((f) => errors[f] === message).length > 1;
  const unnamed = (message: string) => /\b(this|an option)\b/i.test(message) || shared(message);
  return AUDIT_STEPS.flatMap(({ title, fields }, i) => {
    const wrong = fields.flatMap((field) => {
      const message = errors[field];
      if (!message) return [];
      const question = auditQuestions[field];
      const text = !unnamed(message) ? message : question.endsWith('?') ? `${question} ${message}` : `${question}: ${message}`;
      return [{ field, question, message, text }];
    });
    return wrong.length > 0 ? [{ step: i + 1, title, fields: wrong }] : [];
  });
}

/** The summary's title: how many answers need a look. */
export function errorSummaryTitle(count: number): string {
  return count === 1 ? 'One answer needs a fix before we can prepare your audit' : `${count} answers need a fix before we can prepare your audit`;
}
