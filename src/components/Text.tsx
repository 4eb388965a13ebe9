import { createContext, useContext, type ReactNode } from "react";
import { fillSlots, plainText, textRuns, type LocalSlots, type Slots } from "../lib/slots";

/** What every content text on a page needs: the site's slots, and how to write a link to one of its pages. */
export const TextContext = createContext<{ slots: Slots; url: (path: string) => string } | undefined>(undefined);

function useSetting() {
  const setting = useContext(TextContext);
  if (!setting) throw new Error("content text rendered outside a page (no TextContext)");
  return setting;
}

/** A content text; [[words still to write]] are marked, so no visitor mistakes an outline for the studio's terms. */
export function Text({
  text,
  local = {},
  label = false,
}: {
  text: string;
  local?: LocalSlots;
  label?: boolean;
}): ReactNode {
  const { slots, url } = useSetting();
  return textRuns(fillSlots(fillSlots(text, local), slots)).map((run, i) =>
    run.toWrite ? (
      <mark className="to-write" key={i}>
        <span className="to-write__label">Still to be written: </span>
        {run.text}
      </mark>
    ) : run.href ? (
      <a className="text-link" href={url(run.href)} key={i}>
        {run.text}
      </a>
    ) : label ? (
      <HyphenatedKept text={run.text} key={i} />
    ) : (
      run.text
    ),
  );
}

/** A paragraph of one content text. */
export const Paragraph = ({ text, className, id }: { text: string; className?: string; id?: string }) => (
  <p className={className} id={id}>
    <Text text={text} />
  </p>
);

/** Hyphenated words kept whole: a button reading "Browse Ready- / Made Fields" reads as two broken words. */
function HyphenatedKept({ text }: { text: string }): ReactNode {
  return text.split(/(\S+[-\u2010]\S+)/).map((part, i) =>
    i % 2 ? (
      <span className="nowrap" key={i}>
        {part}
      </span>
    ) : (
      part
    ),
  );
}

/** A content text as plain words, for an attribute or a label: slots filled, markup gone. */
export function usePlain(): (text: string) => string {
  const { slots } = useSetting();
  return (text) => plainText(text, slots);
}

/** Turns a site path into the URL to write in the page (adds the base path): the page's own `url`. */
export const useUrl = () => useSetting().url;

/** A link on a line of its own to where the site says more: as tall a target as a button. */
export function MoreLink({ label, path }: { label: string; path: string }) {
  const url = useUrl();
  return (
    <a className="text-link more-link" href={url(path)}>
      <Text text={label} />
    </a>
  );
}
