import type { StepCopy } from "../content/types";
import { Paragraph, Text } from "./Text";

/** A short numbered sequence; the numbers come from the list itself, so they stay right when steps change. */
export function Steps({ steps }: { steps: readonly StepCopy[] }) {
  return (
    <ol className="steps">
      {steps.map((step) => (
        <li className="steps__item" key={step.title}>
          <h3 className="steps__title">
            <Text text={step.title} />
          </h3>
          <Paragraph className="steps__text" text={step.text} />
        </li>
      ))}
    </ol>
  );
}
