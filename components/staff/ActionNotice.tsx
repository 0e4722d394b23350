/**
 * What the action a staff page came back from did, at the top of the page: a status line when it was
 * done, an alert naming the field (data-error-field) when it was refused. The content editor and the
 * experiment pages.
 */
export function ActionNotice({ notice, error }: { notice?: string; error?: { field?: string; message: string } }) {
  return (
    <>
      {notice ? (
        <p role="status" className="mt-4 rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800">
          {notice}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" data-error-field={error.field}>
          {error.message}
        </p>
      ) : null}
    </>
  );
}
