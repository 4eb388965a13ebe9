import { safety } from "../content/safety";
import { Icon } from "./Icon";
import { Text } from "./Text";

/** The listening-safety note; `binaural={false}` on the page of a field with no binaural beat, which needs no headphones. */
export function SafetyNote({ binaural = true }: { binaural?: boolean }) {
  return (
    <div className="container section">
      <aside className="safety-note" id={safety.id} aria-labelledby={`${safety.id}-title`}>
        <div className="safety-note__icon">
          <Icon name="headphones" />
        </div>
        <div>
          <h2 className="safety-note__title" id={`${safety.id}-title`}>
            {safety.title}
          </h2>
          <ul className="safety-note__list">
            {[...(binaural ? [safety.headphones] : []), ...safety.points].map((point) => (
              <li key={point}>
                <Text text={point} />
              </li>
            ))}
          </ul>
        </div>
      </aside>
    </div>
  );
}
