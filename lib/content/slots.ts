import * as z from 'zod/mini';
import { heroVariants } from '../ab/hero-variants.ts';
import { oneLine } from '../forms/plain-text.ts';

// Content slots: the parts of the site staff change without a developer (issue 33). Each slot's
// fields keep the spec's names (the hero variant's and the contact form configuration's). One place
// for their shapes, limits and defaults, shared by the server (publishing, rendering) and the forms.

export const SLOT_NAMES = ['hero', 'audit-form'] as const;
export type SlotName = (typeof SLOT_NAMES)[number];
export const isSlotName = (name: unknown): name is SlotName => SLOT_NAMES.includes(name as SlotName);

export const heroFieldsSchema = z.object({
  headline: z.string().check(z.minLength(1), z.maxLength(120), oneLine()),
  subheadline: z.string().check(z.minLength(1), z.maxLength(400), oneLine()),
  ctaText: z.string().check(z.minLength(1), z.maxLength(40), oneLine()),
  ctaStyle: z.enum(['default', 'gradient']),
  /** Shown above the headline when not empty. */
  brandName: z.string().check(z.maxLength(60), oneLine()),
  highlightBrand: z.boolean(),
  separateTagline: z.boolean(),
});
export type HeroFields = z.infer<typeof heroFieldsSchema>;

export const auditFormFieldsSchema = z.object({
  formTitle: z.string().check(z.minLength(1), z.maxLength(100), oneLine()),
  submitButtonText: z.string().check(z.minLength(1), z.maxLength(40), oneLine()),
  showPhone: z.boolean(),
  showCompany: z.boolean(),
});
export type AuditFormFields = z.infer<typeof auditFormFieldsSchema>;

export type SlotFields = { hero: HeroFields; 'audit-form': AuditFormFields };
export type AnySlotFields = HeroFields | AuditFormFields;

type FieldKind =
  | { kind: 'text'; label: string; max: number; required: boolean; hint?: string }
  | { kind: 'choice'; label: string; options: readonly string[]; optionLabels: Record<string, string> }
  | { kind: 'flag'; label: string };

/** Each slot's fields in the order the editor shows them, with what a person reads. */
export const SLOT_FIELDS: { [S in SlotName]: Record<keyof SlotFields[S], FieldKind> } = {
  hero: {
    headline: { kind: 'text', label: 'Headline', max: 120, required: true },
    subheadline: { kind: 'text', label: 'Subheadline', max: 400, required: true },
    ctaText: { kind: 'text', label: 'Button text', max: 40, required: true },
    ctaStyle: { kind: 'choice', label: 'Button style', options: ['default', 'gradient'], optionLabels: { default: 'Plain blue', gradient: 'Blue gradient' } },
    brandName: { kind: 'text', label: 'Brand name above the headline', hint: 'Leave it empty for none.', max: 60, required: false },
    highlightBrand: { kind: 'flag', label: 'Brand name in colour' },
    separateTagline: { kind: 'flag', label: 'Headline on its own line under the brand' },
  },
  'audit-form': {
    formTitle: { kind: 'text', label: 'Form title', max: 100, required: true },
    submitButtonText: { kind: 'text', label: 'Submit button text', max: 40, required: true },
    showPhone: { kind: 'flag', label: 'Ask for a phone number' },
    showCompany: { kind: 'flag', label: 'Ask for the company website' },
  },
};

export const SLOT_TITLES: Record<SlotName, { title: string; where: string }> = {
  hero: { title: 'Home page hero', where: 'The top of the home page: headline, subheadline and the main button.' },
  'audit-form': { title: 'Free audit form', where: 'The form at the bottom of the home page: its title, button and which fields it asks for.' },
};

const SCHEMAS = { hero: heroFieldsSchema, 'audit-form': auditFormFieldsSchema } as const;

const control = heroVariants.control;

/** What each slot shows before anyone publishes: the spec's control copy (migration 0018 stores it as version 1). */
export const DEFAULT_SLOT_FIELDS: SlotFields = {
  hero: {
    headline: control.headline,
    subheadline: control.subheadline,
    ctaText: control.ctaText,
    ctaStyle: control.ctaStyle,
    brandName: '',
    highlightBrand: false,
    separateTagline: false,
  },
  'audit-form': { formTitle: 'Get Your Free Business Audit', submitButtonText: 'Get My Free Audit', showPhone: true, showCompany: true },
};

export type FieldsResult<F> = { ok: true; fields: F } | { ok: false; field: string; message: string };

/**
 * `current` with the fields of `patch` changed (the others stay), checked whole: an unknown field or a
 * wrong type or size is refused, naming the field.
 */
export function applyFields<S extends SlotName>(slot: S, current: SlotFields[S], patch: unknown): FieldsResult<SlotFields[S]> {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) return { ok: false, field: 'fields', message: 'fields must be an object' };
  const known = SLOT_FIELDS[slot] as Record<string, FieldKind>;
  for (const name of Object.keys(patch)) {
    if (!Object.hasOwn(known, name)) return { ok: false, field: name, message: `${name} is not a field of the ${slot} slot` };
  }
  const merged = { ...current, ...(patch as Record<string, unknown>) };
  const parsed = SCHEMAS[slot].safeParse(merged);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? 'fields');
    return { ok: false, field, message: `${field}: ${describe(known[field])}` };
  }
  return { ok: true, fields: parsed.data as SlotFields[S] };
}

function describe(kind: FieldKind | undefined): string {
  if (!kind) return 'invalid';
  if (kind.kind === 'flag') return 'must be true or false';
  if (kind.kind === 'choice') return `must be one of ${kind.options.join(', ')}`;
  return kind.required ? `must be text of 1 to ${kind.max} characters` : `must be text of at most ${kind.max} characters`;
}

/**
 * A slot's fields from a plain form (JavaScript off): text as typed (trimmed), a flag on when its box
 * was sent ticked. Every field of the slot is read, so an unticked box is false.
 */
export function fieldsFromForm(slot: SlotName, body: Record<string, unknown>, prefix = ''): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, kind] of Object.entries(SLOT_FIELDS[slot] as Record<string, FieldKind>)) {
    const value = body[prefix + name];
    if (kind.kind === 'flag') out[name] = value === 'on' || value === 'true' || value === true;
    else if (typeof value === 'string') out[name] = value.trim();
  }
  return out;
}

/** The fields that differ between two versions, for the history's before → after. */
export function changedFields(before: Record<string, unknown> | null, after: Record<string, unknown>): { field: string; before: unknown; after: unknown }[] {
  return Object.keys(after)
    .filter((name) => before === null || JSON.stringify(before[name]) !== JSON.stringify(after[name]))
    .map((field) => ({ field, before: before?.[field], after: after[field] }));
}

/** What a person reads for a slot's field (its label in the editor), or the field's own name when the slot has no such field. */
export const fieldLabel = (slot: SlotName, field: string): string => (SLOT_FIELDS[slot] as Record<string, FieldKind>)[field]?.label ?? field;

/** A field's value as the history and the experiment pages show it: text in quotes, a choice by its label, flags as yes/no. */
export function showValue(slot: SlotName, field: string, value: unknown): string {
  const kind = (SLOT_FIELDS[slot] as Record<string, FieldKind>)[field];
  if (kind?.kind === 'choice' && typeof value === 'string') return kind.optionLabels[value] ?? value;
  if (typeof value === 'string') return value === '' ? '(empty)' : `“${value}”`;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return value === undefined ? '(none)' : String(value);
}

/** The hero's background, worked out from its fields (not a field: the spec's variants each have theirs). */
export function heroBackground(fields: HeroFields): string {
  if (fields.brandName && fields.separateTagline) return heroVariants['variant-b'].backgroundClass;
  if (fields.ctaStyle === 'gradient') return heroVariants['variant-a'].backgroundClass;
  return control.backgroundClass;
}

/** The fixed copy of one of the spec's hero variants, as slot fields. */
export function heroFieldsOfVariant(name: keyof typeof heroVariants): HeroFields {
  const v = heroVariants[name];
  return {
    headline: v.headline,
    subheadline: v.subheadline,
    ctaText: v.ctaText,
    ctaStyle: v.ctaStyle,
    brandName: v.brandName ?? '',
    highlightBrand: v.highlightBrand ?? false,
    separateTagline: v.separateTagline ?? false,
  };
}
