/** A field's preview as the build made it: what its card and player need. */
export interface Preview {
  /** The MP3's site path ("/assets/preview-field-booster-….mp3"). */
  path: string;
  seconds: number;
  /** The waveform: a bar's height, 0 to 1, for each stretch of the preview. */
  peaks: number[];
  /** An excerpt of the field itself, or its beat synthesized from a recipe (until there is an excerpt). */
  kind: "excerpt" | "beat";
  /** The binaural beats measured in the MP3, in Hz, slowest first. */
  beats: number[];
}
