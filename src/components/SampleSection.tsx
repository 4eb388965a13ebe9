import { sample } from "../content/sample";
import { Island } from "./Island";
import { Section } from "./Section";

export function SampleSection({ tone = "plain" }: { tone?: "plain" | "raised" }) {
  return (
    <Section id="hear-it" tone={tone} {...sample.section} split>
      <Island name="SamplePlayer" props={{ sample }} />
    </Section>
  );
}
