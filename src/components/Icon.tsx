/** Line icons drawn on a 24-unit grid; decorative, so hidden from assistive technology. */
const paths = {
  wave: "M2 12c1.7-5 3.3-5 5 0s3.3 5 5 0 3.3-5 5 0 2.2 3.4 5 3",
  rings: "M12 9a3 3 0 1 1 0 6 3 3 0 0 1 0-6ZM12 5.5a6.5 6.5 0 1 1 0 13 6.5 6.5 0 0 1 0-13ZM12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Z",
  layers: "M12 3 2.5 8l9.5 5 9.5-5L12 3ZM2.5 12.5l9.5 5 9.5-5M2.5 16.5l9.5 5 9.5-5",
  shield: "M12 3 4 6v6c0 4.5 3.4 8.3 8 9 4.6-.7 8-4.5 8-9V6l-8-3ZM8.5 12l2.5 2.5 4.5-5",
  spark: "M12 3v5M12 16v5M3 12h5M16 12h5M5.6 5.6l2.9 2.9M15.5 15.5l2.9 2.9M5.6 18.4l2.9-2.9M15.5 8.5l2.9-2.9",
  headphones: "M4 16v-4a8 8 0 0 1 16 0v4M4 15.5A2.5 2.5 0 0 1 6.5 13H8v8H6.5A2.5 2.5 0 0 1 4 18.5v-3ZM20 15.5a2.5 2.5 0 0 0-2.5-2.5H16v8h1.5a2.5 2.5 0 0 0 2.5-2.5v-3Z",
  download: "M12 4v11M7.5 10.5 12 15l4.5-4.5M5 19.5h14",
  gem: "M6.5 4h11L21 9l-9 11.5L3 9l3.5-5ZM3 9h18M12 20.5 8.5 9 12 4l3.5 5L12 20.5",
  beaker: "M9 3h6M10 3v6.5L4.8 18.8A1.5 1.5 0 0 0 6.1 21h11.8a1.5 1.5 0 0 0 1.3-2.2L14 9.5V3M7.3 15h9.4",
  mail: "M5 5h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2ZM3.5 7.5 12 13l8.5-5.5",
  question: "M12 2.5a9.5 9.5 0 1 1 0 19 9.5 9.5 0 0 1 0-19ZM9.5 9.3a2.6 2.6 0 1 1 3.6 2.4c-.7.3-1.1.9-1.1 1.7v.6M12 17h.01",
  handshake: "M8 7H5l-3 5 4 4M16 7h3l3 5-4 4M8 7l4-1 4 1-4.5 3.5a1.8 1.8 0 0 0 2.4 2.6L16 12l2 4M6 16l2.5 2.5a1.4 1.4 0 0 0 2-2M9 15l2.5 2.5a1.4 1.4 0 0 0 2-2L12 14",
  news: "M4 5h13v14H6.5A2.5 2.5 0 0 1 4 16.5V5ZM17 9h3v8a2 2 0 0 1-2 2h-1M7.5 9h6M7.5 12.5h6M7.5 16h3.5",
  clock: "M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18ZM12 7v5l3.5 2",
  external: "M7 17 17 7M9 7h8v8",
  arrow: "M5 12h14M13 6l6 6-6 6",
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name, className = "icon" }: { name: IconName; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={paths[name]} />
    </svg>
  );
}
