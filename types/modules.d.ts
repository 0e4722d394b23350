// SQL migrations are imported as text so they ship inside a compiled binary.
declare module '*.sql' {
  const text: string;
  export default text;
}
