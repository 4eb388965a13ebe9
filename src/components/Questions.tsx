import type { QuestionGroup } from "../content/questions";
import { Section } from "./Section";
import { MoreLink, Paragraph, Text } from "./Text";

/** As <details>: each opens without JavaScript, prints open, and a link or the browser's find leads to its answer. */
export function Questions({ group, tone }: { group: QuestionGroup; tone?: "plain" | "raised" }) {
  return (
    <Section id={group.id} eyebrow={group.eyebrow} title={group.title} tone={tone} split>
      <div className="questions">
        {group.questions.map((q) => (
          <details className="question" id={q.id} key={q.id}>
            <summary className="question__summary">
              <Text text={q.question} />
            </summary>
            <div className="question__answer">
              {q.answer.map((paragraph, i) => (
                <Paragraph key={i} text={paragraph} />
              ))}
              {q.more && (
                <p>
                  <MoreLink {...q.more} />
                </p>
              )}
            </div>
          </details>
        ))}
      </div>
    </Section>
  );
}
