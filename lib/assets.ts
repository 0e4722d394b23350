// The build manifest: which hashed files serve each island and the stylesheet.

export type IslandAsset = { file: string; imports: string[] };

export type Assets = {
  css: string;
  islands: Record<string, IslandAsset>;
  fingerprint: string;
};

export const BUILD_DIR = 'static/build';
export const MANIFEST_PATH = `${BUILD_DIR}/manifest.json`;
