// The build manifest: which hashed files serve each island and the stylesheet.

export type IslandAsset = { file: string; imports: string[] };

export type Assets = {
  css: string;
  /** The stylesheet's text, inlined into every page (it is small) so it never blocks first paint. */
  cssText?: string;
  /** The dependency-free script that hydrates below-the-fold islands on demand. */
  loader: string;
  islands: Record<string, IslandAsset>;
  fingerprint: string;
};

export const BUILD_DIR = 'static/build';
export const MANIFEST_PATH = `${BUILD_DIR}/manifest.json`;

/**
 * The embedded database's data folder, created and migrated by the build (db/prepared-data.ts) and
 * copied into an empty DATA_DIR at the first start. Outside static/: it is not for the web.
 */
export const PREPARED_DATA_FILE = 'dist/embedded-db.tar.gz';
