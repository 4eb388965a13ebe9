import type { Field } from "../../src/content/types";

// Twelve fields' copy, as long and varied as an owner's, to prove budgets and layouts on; recipe previews: no audio.
const ENTRIES: [title: string, tuning: string, minutes: number, description: string][] = [
  [
    "Deep Theta Drift",
    "Theta wave entrainment",
    45,
    "Forty-five minutes of slow theta pulses under a soft piano pad and distant rain, for the hour before sleep when the mind will not settle.",
  ],
  [
    "Morning Clarity by the Harbour",
    "Alpha wave entrainment",
    30,
    "A bright, even alpha session to start the day: warm strings, a steady pulse, and nothing that asks for your attention until you are ready.",
  ],
  [
    "Study Hall",
    "Beta wave entrainment",
    60,
    "An hour of low beta under brown noise and a muted organ drone, shaped for reading, revision and the long middle of a piece of work.",
  ],
  [
    "Harbour Evening",
    "Theta wave entrainment",
    90,
    "Gulls far off, slow water against stone, and a theta beat that deepens as the light goes: a long unwinding for the end of a week.",
  ],
  [
    "Quiet Focus",
    "Alpha wave entrainment",
    60,
    "Sparse felt piano and a soft alpha pulse, mixed low so that it sits under your thoughts rather than over them while you write or draw.",
  ],
  [
    "Night Garden",
    "Delta wave entrainment",
    90,
    "Crickets, wind in tall grass and a delta beat that slows over the first twenty minutes, for listeners who fall asleep with headphones on.",
  ],
  [
    "Creative Flow",
    "Alpha and theta layering",
    45,
    "Alpha and theta beats woven through a warm synth bed, for sketching, composing or any work that wants a loose, wandering attention.",
  ],
  [
    "Breath Space",
    "Theta wave entrainment",
    30,
    "A half-hour guided by a slow swell in the bed, six breaths a minute, with a theta pulse underneath to sit with after a stressful day.",
  ],
  [
    "Long Haul",
    "Beta wave entrainment",
    90,
    "Ninety minutes of steady beta under rain on a tin roof, for the stretches of work that do not end when you hoped they would.",
  ],
  [
    "Still Water",
    "Alpha wave entrainment",
    60,
    "A calm alpha field over a single sustained cello note and faint birdsong, made to play in the background of a slow Sunday morning.",
  ],
];

export function twelveFields(base: Field): Field[] {
  return [
    base,
    ...ENTRIES.map(
      ([title, tuning, durationMinutes, description], i): Field => ({
        ...base,
        title,
        tuning,
        durationMinutes,
        description,
        bands: undefined,
        url: `https://example.gumroad.com/l/${title.toLowerCase().replace(/\W+/g, "-")}`,
        preview: { recipe: { carrierHz: 150 + 15 * i, beatHz: 4 + (i % 8), noise: 0.35, seconds: 5 } },
      }),
    ),
    {
      ...base,
      title: "Sunrise Walk",
      url: "https://example.gumroad.com/l/sunrise-walk",
      durationMinutes: 30,
      tuning: "Alpha wave entrainment",
      description:
        "Thirty minutes of light alpha pulses over a gentle guitar loop and early birds, timed for a walk before the day begins in earnest.",
    },
  ];
}

/** A catalogue of any size, grown from the twelve: the copy again with a volume number ("Deep Theta Drift 2"). */
export function catalogueOf(count: number, base: Field): Field[] {
  const twelve = twelveFields(base);
  return Array.from({ length: count }, (_, i) => {
    const field = twelve[i % twelve.length]!;
    const volume = Math.floor(i / twelve.length) + 1;
    if (volume === 1) return field;
    const title = `${field.title} ${volume}`;
    return { ...field, title, url: `https://example.gumroad.com/l/${title.toLowerCase().replace(/\W+/g, "-")}` };
  });
}
