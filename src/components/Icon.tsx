import { ICON_PATHS, type IconName } from "../lib/icons";

/** A line icon (see lib/icons.ts); decorative, so hidden from assistive technology. */
export function Icon({ name, className = "icon" }: { name: IconName; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true">
      <path d={ICON_PATHS[name]} />
    </svg>
  );
}
