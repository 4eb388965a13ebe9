import { fillSlots, textRuns, type Slots } from "../lib/slots";

/**
 * A text from content: its slots filled, and any [[words still to write]] marked as such, so the owner sees
 * at a glance what is missing and no visitor mistakes an outline for the studio's terms.
 */
export function ContentText({ text, slots }: { text: string; slots: Slots }) {
  return textRuns(fillSlots(text, slots)).map((run, i) =>
    run.toWrite ? (
      <mark className="to-write" key={i}>
        <span className="to-write__label">Still to be written: </span>
        {run.text}
      </mark>
    ) : (
      run.text
    ),
  );
}
