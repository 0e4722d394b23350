/**
 * JSON that is safe inside an HTML <script> element: `<`, `>`, `&` and the two JavaScript line
 * separators are written as \u escapes, so a value holding `</script>` cannot end the element.
 * JSON.parse gives back exactly the original data.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
