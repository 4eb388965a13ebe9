import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { claimSound, onOtherSound } from "../audio/exclusive";
import { askHost, keptSeek, type SourceState } from "../audio/playback";
import { volumeToLevel } from "../audio/volume";
import { player } from "../content/player";
import { fillSlots } from "../lib/slots";

export interface PreviewPlayerProps {
  /** The field's title, for labels and the lock screen. */
  title: string;
  /** The studio's name, shown as the artist on the lock screen. */
  studio: string;
  src: string;
  seconds: number;
  /** The waveform: a digit per bar, its height (computed by the build; src/lib/preview.ts). */
  wave: string;
  /** A square picture for the lock screen. */
  artwork: string;
  /** Where the volume slider starts, out of 100: low, as the band sample's does. */
  startVolume: number;
}

const STEP_SECONDS = 5;

const clock = (s: number) => `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, "0")}`;

/**
 * The waveform as one path of bars, each a line one unit wide (the stylesheet's stroke) on a 2-unit grid, 20 units
 * tall and centred, 2 units for the quietest level and 2 more for each above: drawn the same on the server and in
 * the browser. Each bar moves from the end of the last, so the path is a few characters a bar.
 */
function wavePath(wave: string): string {
  const levels = [...wave].map(Number);
  return levels
    .map((level, i) =>
      i === 0 ? `M1 ${9 - level}v${2 + 2 * level}` : `m2-${level + levels[i - 1]! + 2}v${2 + 2 * level}`,
    )
    .join("");
}

/**
 * A field's preview. Without JavaScript it is the browser's own <audio controls preload="none">, which plays and
 * fetches nothing before Play. With it, a player in the site's style drives that same element: play and pause,
 * the waveform showing what has played and seeking by pointer or arrow keys, the time, a volume that starts low;
 * one sound at a time across the page; it stops when the page is hidden, and names itself to the lock screen.
 *
 * Its waveform is drawn once the player is live: the bars are not in the page's HTML, which stays small however many
 * fields there are (until then the stylesheet draws a quiet row of even bars in the same place), and the part that
 * has played is drawn over them. The lock screen is named on every start, since WebKit clears it then. The time is
 * one text: React would write its parts with comments between, and a page painted as it arrives could show the
 * first part alone, then widen.
 */
export function PreviewPlayer({ title, studio, src, seconds, wave, artwork, startVolume }: PreviewPlayerProps) {
  const audio = useRef<HTMLAudioElement>(null);
  const owner = useRef({});
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [volume, setVolume] = useState(startVolume);
  const [drawn, setDrawn] = useState(false);
  useEffect(() => setDrawn(true), []);
  // Where the file can be seeked, and a seek kept until it can (src/audio/playback.ts).
  const source = useRef<SourceState>({ seekable: false });

  // A pause the visitor (or the page) asks for, which also ends a swap of the source under way.
  const pause = () => {
    source.current.swapping = false;
    audio.current?.pause();
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: pause reads only refs, so the first one serves for good.
  useEffect(() => {
    const hidden = () => document.visibilityState === "hidden" && pause();
    document.addEventListener("visibilitychange", hidden);
    const stopListening = onOtherSound(owner.current, pause);
    return () => {
      document.removeEventListener("visibilitychange", hidden);
      stopListening();
      if (source.current.held) URL.revokeObjectURL(source.current.held);
    };
  }, []);
  useEffect(() => {
    if (audio.current) audio.current.volume = volumeToLevel(volume);
  }, [volume]);
  // A kept seek, applied when the element can take it (src/audio/playback.ts says when).
  const applyWanted = () => {
    const element = audio.current!;
    const now = keptSeek(source.current, element);
    if (now) element.currentTime = source.current.wanted!;
    else if (now === false) source.current.wanted = undefined;
  };

  const nameOnLockScreen = () => {
    const lock = navigator.mediaSession;
    if (!lock) return;
    const { album } = player;
    lock.metadata = new MediaMetadata({ title, artist: studio, album, artwork: [{ src: artwork, sizes: "512x512" }] });
    lock.setActionHandler("play", () => void audio.current?.play());
    lock.setActionHandler("pause", pause);
  };
  const toggle = () => {
    const element = audio.current!;
    if (!element.paused) return pause();
    claimSound(owner.current);
    nameOnLockScreen();
    // Played at once, within the click, as browsers require; the host is asked meanwhile.
    void element.play().catch(() => {});
    if (!source.current.asked) {
      source.current.asked = true;
      void askHost(audio.current!, src, source.current, () => setPlaying(false)).then(applyWanted);
    }
  };
  const seek = (to: number) => {
    const at = Math.min(Math.max(to, 0), seconds);
    // Made at once where the file can take it (src/audio/playback.ts, keptSeek), or kept until it can.
    if (source.current.seekable && source.current.started) audio.current!.currentTime = at;
    else source.current.wanted = at;
    setTime(at);
  };
  const fromPointer = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    seek(((event.clientX - box.left) / box.width) * seconds);
  };
  const fromKey = (event: KeyboardEvent) => {
    const to = {
      ArrowRight: time + STEP_SECONDS,
      ArrowUp: time + STEP_SECONDS,
      ArrowLeft: time - STEP_SECONDS,
      ArrowDown: time - STEP_SECONDS,
      Home: 0,
      End: seconds,
    }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    seek(to);
  };
  const path = drawn ? wavePath(wave) : undefined;
  const played = `${((time / seconds) * 100).toFixed(2)}%`;

  return (
    <div className="preview" data-playing={playing ? "" : undefined}>
      {/* biome-ignore lint/a11y/useMediaCaption: a field's sound has no words to caption; its caption says what it is */}
      <audio
        ref={audio}
        className="preview__native"
        controls
        preload="none"
        src={src}
        onPlay={() => setPlaying(true)}
        onPause={() => source.current.swapping || setPlaying(false)}
        onDurationChange={applyWanted}
        onPlaying={() => {
          source.current.started = true;
          nameOnLockScreen();
          applyWanted();
        }}
        onTimeUpdate={(event) => {
          applyWanted();
          // Until a kept seek is applied, the bar stays where the visitor put it.
          if (source.current.wanted === undefined) setTime(event.currentTarget.currentTime);
        }}
      />
      <div className="preview__player">
        <button
          type="button"
          className="preview__play"
          aria-label={fillSlots(playing ? player.pause : player.play, { title })}
          onClick={toggle}
        >
          <svg viewBox="0 0 20 20" aria-hidden="true">
            <path d={playing ? "M5 4h3.5v12H5zM11.5 4H15v12h-3.5z" : "M6 3.5v13l11-6.5z"} />
          </svg>
        </button>
        <div
          className="preview__wave"
          data-drawn={drawn ? "" : undefined}
          role="slider"
          tabIndex={0}
          aria-label={fillSlots(player.position, { title })}
          aria-valuemin={0}
          aria-valuemax={Math.round(seconds)}
          aria-valuenow={Math.round(time)}
          aria-valuetext={fillSlots(player.time, { now: clock(time), length: clock(seconds) })}
          onPointerDown={fromPointer}
          onKeyDown={fromKey}
          style={time > 0 ? ({ "--played": played } as object) : undefined}
        >
          <svg viewBox={`0 0 ${wave.length * 2} 20`} preserveAspectRatio="none" aria-hidden="true">
            <path className="preview__bars" d={path} />
            <path className="preview__bars preview__bars--played" d={path} />
          </svg>
        </div>
        <span className="preview__time">{`${clock(time)} / ${clock(seconds)}`}</span>
        <label className="preview__volume">
          <span className="volume-icon" aria-hidden="true" />
          <span className="visually-hidden">{fillSlots(player.volume, { title })}</span>
          <input
            type="range"
            min={0}
            max={100}
            value={volume}
            aria-valuetext={fillSlots(player.volumeValue, { volume })}
            onChange={(event) => setVolume(Number(event.target.value))}
          />
        </label>
      </div>
    </div>
  );
}
