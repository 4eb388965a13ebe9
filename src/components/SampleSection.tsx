import { sample } from "../content/sample";
import { Island } from "./Island";
import { Section } from "./Section";

/** Where the in-page sample sits: a short introduction, then the player island. */
export function SampleSection({ tone = "plain" }: { tone?: "plain" | "raised" }) {
  return (
    <Section
      id="hear-it"
      tone={tone}
      eyebrow="Hear it first"
      title="Play a binaural sample"
      lead="A one-minute sample, made live in your browser: a pure tone in each ear, a few hertz apart. Put your headphones on first, and start quietly."
      split
    >
      <Island name="SamplePlayer" props={{ sample }} />
    </Section>
  );
}
