import type { StepCopy } from "../content/types";
import { Text } from "./Text";

/** A short numbered sequence; the numbers come from the list itself, so they stay right when steps change. */
export function Steps({ steps }: { steps: readonly StepCopy[] }) {
  return (
    <ol className="steps">
      {steps.map((step) => (
        <li className="steps__item" key={step.title}>
          <h3 className="steps__title">
            <Text text={step.title} />
          </h3>
          <p className="steps__text">
            <Text text={step.text} />
          </p>
        </li>
      ))}
    </ol>
  );
}
