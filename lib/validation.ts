export type FieldErrors = Record<string, string>;

/** The 400 body every API answers for invalid input: a message naming each bad field, and per-field messages. */
type IssueList = { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> };

export function validationErrorBody(error: IssueList): { error: string; fields: FieldErrors } {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '(body)';
    fields[key] ??= issue.message;
  }
  return { error: `Invalid fields: ${Object.keys(fields).join(', ')}`, fields };
}
