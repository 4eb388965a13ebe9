import { useCallback, useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { bandTones, soundGraph, type SoundGraph } from "../audio/graph";
import { claimSound } from "../audio/exclusive";
import { PlayerControls, useOneSound } from "../components/Player";
import { volumeToGain } from "../audio/volume";
import type { SampleBand, SampleContent } from "../content/sample";
import { fillSlots } from "../lib/slots";

type Playing = { kind: "band"; band: SampleBand } | { kind: "check"; ear: "left" | "right" };

/** A steady tone's waveform: even bars, as a preview's are drawn (src/lib/preview.ts), at half height. */
const STEADY = "4".repeat(40);

/** Spoken updates come at these intervals while a band plays, not every second. */
const ANNOUNCE_EVERY_SECONDS = 15;

/** A binaural beat made live with Web Audio, and a headphone check; the stylesheet shows it only with JavaScript. */
export function SamplePlayer({ sample }: { sample: SampleContent }) {
  const [supported, setSupported] = useState(true);
  const [band, setBand] = useState<SampleBand>(sample.bands[0]!);
  const [volume, setVolume] = useState<number>(sample.startVolume);
  const { playing, secondsLeft, start, stop, setGain } = useSampleSound(sample, volume);

  useEffect(() => {
    if (typeof AudioContext === "undefined") setSupported(false);
  }, []);

  const bandPlaying = playing?.kind === "band";
  const { labels } = sample;
  const announced = statusOf(labels, playing, Math.ceil(secondsLeft / ANNOUNCE_EVERY_SECONDS) * ANNOUNCE_EVERY_SECONDS);

  const chooseBand = (next: SampleBand) => {
    setBand(next);
    if (bandPlaying) start({ kind: "band", band: next });
  };
  const changeVolume = (value: number) => {
    setVolume(value);
    setGain(value);
  };

  return (
    <div className="sample panel" data-unsupported={supported ? undefined : ""}>
      <p className="sample__fallback">{sample.noScript}</p>
      <div className="sample__controls">
        <BandChoice sample={sample} chosen={band} onChoose={chooseBand} />
        {/* The previews' player: the same controls, its waveform a steady tone's even bars. */}
        <PlayerControls
          playing={bandPlaying}
          playLabel={bandPlaying ? labels.stop : labels.play}
          onToggle={() => (bandPlaying ? stop() : start({ kind: "band", band }))}
          wave={STEADY}
          time={bandPlaying ? sample.seconds - secondsLeft : 0}
          seconds={sample.seconds}
          volume={volume}
          volumeLabel={labels.volume}
          volumeText={fillSlots(labels.volumeValue, { volume })}
          onVolume={changeVolume}
          icon="M4.5 4.5h11v11h-11z"
        />
        <p className="sample__status" aria-hidden="true">
          {statusOf(labels, playing, secondsLeft)}
        </p>
        <p className="visually-hidden" role="status">
          {announced}
        </p>
        {/* biome-ignore lint/a11y/useSemanticElements: buttons, not a form's fields: a fieldset would draw a box and a legend */}
        <div className="sample__check" role="group" aria-labelledby="sample-check-label">
          <span className="eyebrow sample__label" id="sample-check-label">
            {labels.check}
          </span>
          {(["left", "right"] as const).map((ear) => (
            <button
              type="button"
              className="button button--secondary sample__ear"
              key={ear}
              onClick={() => start({ kind: "check", ear })}
            >
              {ear === "left" ? labels.left : labels.right}
            </button>
          ))}
        </div>
        <p className="sample__note">{sample.note}</p>
      </div>
    </div>
  );
}

function BandChoice({
  sample,
  chosen,
  onChoose,
}: {
  sample: SampleContent;
  chosen: SampleBand;
  onChoose(band: SampleBand): void;
}) {
  const { labels } = sample;
  return (
    <fieldset className="sample__bands">
      <legend className="eyebrow sample__label">{labels.chooseBand}</legend>
      {sample.bands.map((b) => (
        <label className="sample__band" key={b.id}>
          <input type="radio" name="sample-band" value={b.id} checked={b === chosen} onChange={() => onChoose(b)} />
          <span className="sample__band-name">{b.name}</span>
          <span className="sample__band-detail">
            {fillSlots(labels.beat, { beat: b.beatHz })}
            <br />
            {b.feeling}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** What is sounding, in words: the band, its beat and the time left, the ear being checked, or nothing. */
function statusOf(labels: SampleContent["labels"], playing: Playing | null, seconds: number): string {
  if (playing?.kind === "band")
    return fillSlots(labels.playing, {
      band: playing.band.name,
      beat: playing.band.beatHz,
      seconds: fillSlots(seconds === 1 ? labels.second : labels.seconds, { seconds }),
    });
  if (playing?.kind === "check")
    return fillSlots(labels.checking, { ear: (playing.ear === "left" ? labels.left : labels.right).toLowerCase() });
  return labels.stopped;
}

/** One sound at a time across the page, faded in and out, and ended at once when the page is left. */
function useSampleSound(sample: SampleContent, volume: number) {
  const [playing, setPlaying] = useState<Playing | null>(null);
  const [secondsLeft, setSecondsLeft] = useState<number>(sample.seconds);
  const sound = useRef<{ context: AudioContext; graph?: SoundGraph; timer?: ReturnType<typeof setInterval> }>(null);

  const stop = useCallback(() => {
    const current = sound.current;
    if (!current?.graph) return;
    clearInterval(current.timer);
    const silentAt = current.graph.fadeOut();
    current.graph = undefined;
    setPlaying(null);
    // Let the fade finish, then release the audio device (unless something new has started meanwhile).
    setTimeout(
      () => {
        if (!current.graph) void current.context.suspend();
      },
      (silentAt - current.context.currentTime) * 1000 + 50,
    );
  }, []);

  const owner = useRef({}).current;
  useOneSound(owner, stop);

  const start = (next: Playing) => {
    stop();
    claimSound(owner);
    // iOS plays Web Audio as ambient sound, which the ring switch mutes; as "playback" it sounds as a media
    // element does (Safari 16.4 and later; elsewhere there is no such session).
    const session = (navigator as Navigator & { audioSession?: { type: string } }).audioSession;
    if (session) session.type = "playback";
    sound.current ??= { context: new AudioContext() };
    const current = sound.current;
    void current.context.resume();
    const isBand = next.kind === "band";
    const seconds = isBand ? sample.seconds : sample.check.seconds;
    current.graph = soundGraph(current.context, isBand ? bandTones(next.band) : { [next.ear]: sample.check.hz }, {
      startAt: current.context.currentTime,
      volume: volumeToGain(volume),
      fadeSeconds: isBand ? sample.fadeSeconds : Math.min(sample.fadeSeconds, seconds / 4),
      seconds,
    });
    const startedAt = Date.now();
    setPlaying(next);
    setSecondsLeft(seconds);
    current.timer = setInterval(() => {
      const left = Math.max(0, seconds - Math.floor((Date.now() - startedAt) / 1000));
      setSecondsLeft(left);
      if (left === 0) stop();
    }, 250);
  };

  // Leaving the page ends the sound at once, since there may be no later to render in.
  useEffect(() => {
    const onPageHide = () => {
      flushSync(stop);
      void sound.current?.context.suspend();
    };
    addEventListener("pagehide", onPageHide);
    return () => {
      removeEventListener("pagehide", onPageHide);
      stop();
    };
  }, [stop]);

  const setGain = (value: number) => sound.current?.graph?.setVolume(volumeToGain(value));
  return { playing, secondsLeft, start, stop, setGain };
}
