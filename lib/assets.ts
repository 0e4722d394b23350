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
