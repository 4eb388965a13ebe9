import type { QuestionGroup } from "../content/questions";
import type { Slots } from "../lib/slots";
import { ContentText } from "./ContentText";
import { Section } from "./Section";

/**
 * Questions and answers as <details>: each opens with a click or Enter and no JavaScript, prints open, and has
 * an id, so a link (or the browser's find) can lead straight to its answer.
 */
export function Questions({
  group,
  slots,
  url,
  tone,
}: {
  group: QuestionGroup;
  slots: Slots;
  url: (path: string) => string;
  tone?: "plain" | "raised";
}) {
  return (
    <Section id={group.id} eyebrow={group.eyebrow} title={group.title} tone={tone} split>
      <div className="questions">
        {group.questions.map((q) => (
          <details className="question" id={q.id} key={q.id}>
            <summary className="question__summary">{q.question}</summary>
            <div className="question__answer">
              {q.answer.map((paragraph, i) => (
                <p key={i}>
                  <ContentText text={paragraph} slots={slots} />
                </p>
              ))}
              {q.more && (
                <p>
                  <a className="text-link more-link" href={url(q.more.path)}>
                    {q.more.label}
                  </a>
                </p>
              )}
            </div>
          </details>
        ))}
      </div>
    </Section>
  );
}
