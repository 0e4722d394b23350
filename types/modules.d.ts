// SQL migrations are imported as text so they ship inside a compiled binary.
declare module '*.sql' {
  const text: string;
  export default text;
}

// PGlite's runtime files, imported as file paths so a compiled binary embeds them.
declare module '@electric-sql/pglite/pglite.wasm' {
  const path: string;
  export default path;
}
declare module '@electric-sql/pglite/initdb.wasm' {
  const path: string;
  export default path;
}
declare module '@electric-sql/pglite/pglite.data' {
  const path: string;
  export default path;
}
