import type { ListenerWords, SiteContent } from "../content/types";
import type { Cover } from "../lib/cover";
import { CoverImage } from "./FieldCard";
import { Section } from "./Section";

/** What listeners said, each with who said it and where: a quote a reader can trace, never one made up. */
export function ListenerQuotes({
  quotes,
  copy,
}: {
  quotes: readonly ListenerWords[];
  copy: { eyebrow: string; title: string };
}) {
  return (
    <Section id="listeners" eyebrow={copy.eyebrow} title={copy.title}>
      <ul className="quotes">
        {quotes.map((quote) => (
          <li key={`${quote.who}: ${quote.words}`}>
            <figure className="quote">
              <blockquote className="quote__words" cite={quote.url}>
                <p>{quote.words}</p>
              </blockquote>
              <figcaption className="quote__source">
                {quote.who},{" "}
                {quote.url ? (
                  <a className="text-link" href={quote.url}>
                    <cite>{quote.source}</cite>
                  </a>
                ) : (
                  <cite>{quote.source}</cite>
                )}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function Maker({
  maker,
  photo,
  copy,
}: {
  maker: NonNullable<SiteContent["maker"]>;
  photo?: Cover;
  copy: { eyebrow: string; title: string };
}) {
  return (
    <Section id="maker" eyebrow={copy.eyebrow} title={copy.title}>
      <figure className="maker">
        <blockquote className="maker__words">
          <p>{maker.text}</p>
        </blockquote>
        <figcaption className="maker__name">
          {photo && <CoverImage cover={photo} className="maker__photo" shownAs="photo" />}
          {maker.name}
        </figcaption>
      </figure>
    </Section>
  );
}
