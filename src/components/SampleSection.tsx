import { IslandMarkup, type RenderedIsland } from "./Island";
import { Section } from "./Section";

/** Where the in-page sample sits: a short introduction, then the player island. */
export function SampleSection({ island, tone = "plain" }: { island: RenderedIsland; tone?: "plain" | "raised" }) {
  return (
    <Section
      id="hear-it"
      tone={tone}
      eyebrow="Hear it first"
      title="Play a binaural sample"
      lead="A one-minute sample, made live in your browser: a pure tone in each ear, a few hertz apart. Put your headphones on first, and start quietly."
      split
    >
      <IslandMarkup island={island} />
    </Section>
  );
}
