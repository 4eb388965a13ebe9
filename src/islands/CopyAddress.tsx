import { useEffect, useRef, useState } from "react";

export interface CopyAddressProps {
  address: string;
  labels: { copy: string; copied: string; failed: string };
}

/** How long the word "Copied" stays beside the button. */
const SAID_FOR_MS = 4000;

/** The clipboard API where the page may use it (https, a recent browser); else the older copy of a selection. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const field = Object.assign(document.createElement("textarea"), { value: text, readOnly: true });
    Object.assign(field.style, { position: "fixed", opacity: "0" });
    document.body.append(field);
    field.select();
    try {
      return document.execCommand("copy");
    } catch {
      return false;
    } finally {
      field.remove();
    }
  }
}

/** For a visitor with no mail app (webmail); without JavaScript the stylesheet hides it. */
export function CopyAddress({ address, labels }: CopyAddressProps) {
  const [said, setSaid] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    setSaid((await copyText(address)) ? labels.copied : labels.failed);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setSaid(""), SAID_FOR_MS);
  };

  return (
    <span className="copy-address">
      <button type="button" className="copy-address__button" onClick={() => void copy()}>
        <svg viewBox="0 0 20 20" aria-hidden="true">
          <path d="M7 7h9v10H7zM4 13V3h9" />
        </svg>
        {labels.copy}
      </button>
      <span className="copy-address__said" role="status">
        {said}
      </span>
    </span>
  );
}
