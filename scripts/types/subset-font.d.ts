// subset-font ships no types; these are the parts scripts/static-build/media/web-fonts.ts uses (see its README).
declare module "subset-font" {
  interface SubsetOptions {
    targetFormat?: "sfnt" | "woff" | "woff2";
    keepFeatures?: string[];
    noHinting?: boolean;
  }
  export default function subsetFont(font: Uint8Array, text: string, options?: SubsetOptions): Promise<Uint8Array>;
}
