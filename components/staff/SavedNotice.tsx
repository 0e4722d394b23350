/**
 * What a staff form just saved, said in place beside the form it came from (the form posts, the page
 * comes back at `?saved={what}#{form}`): a status message a screen reader announces, where the eye
 * already is, instead of the top of a reloaded page.
 */
export function SavedNotice({ message, saved }: { message: string; saved: string }) {
  return (
    <p role="status" data-saved={saved} className="mt-3 rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800">
      {message}
    </p>
  );
}
