import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { claimSound, onOtherSound } from "../audio/exclusive";
import { volumeToLevel } from "../audio/graph";

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
  return levels.map((level, i) => (i === 0 ? `M1 ${9 - level}v${2 + 2 * level}` : `m2-${level + levels[i - 1]! + 2}v${2 + 2 * level}`)).join("");
}

/**
 * A field's preview. Without JavaScript it is the browser's own <audio controls preload="none">, which plays and
 * fetches nothing before Play. With it, a player in the site's style drives that same element: play and pause,
 * the waveform showing what has played and seeking by pointer or arrow keys, the time, a volume that starts low;
 * one sound at a time across the page; it stops when the page is hidden, and names itself to the lock screen.
 */
export function PreviewPlayer({ title, studio, src, seconds, wave, artwork, startVolume }: PreviewPlayerProps) {
  const audio = useRef<HTMLAudioElement>(null);
  const owner = useRef({});
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [volume, setVolume] = useState(startVolume);
  // The waveform is drawn once the player is live: its bars are not in the page's HTML, which stays small however
  // many fields there are; until then the stylesheet draws a quiet row of even bars in the same place.
  const [drawn, setDrawn] = useState(false);
  useEffect(() => setDrawn(true), []);

  useEffect(() => {
    const pause = () => audio.current?.pause();
    const hidden = () => document.visibilityState === "hidden" && pause();
    document.addEventListener("visibilitychange", hidden);
    const stopListening = onOtherSound(owner.current, pause);
    return () => {
      document.removeEventListener("visibilitychange", hidden);
      stopListening();
    };
  }, []);

  useEffect(() => {
    if (audio.current) audio.current.volume = volumeToLevel(volume);
  }, [volume]);

  const toggle = () => {
    const element = audio.current!;
    if (!element.paused) return element.pause();
    claimSound(owner.current);
    if ("mediaSession" in navigator) {
      navigator.mediaSession.metadata = new MediaMetadata({ title, artist: studio, album: "Preview", artwork: [{ src: artwork, sizes: "512x512", type: "image/png" }] });
      navigator.mediaSession.setActionHandler("play", toggle);
      navigator.mediaSession.setActionHandler("pause", () => element.pause());
    }
    void element.play();
  };
  const seek = (to: number) => {
    const at = Math.min(Math.max(to, 0), seconds);
    audio.current!.currentTime = at;
    setTime(at);
  };
  const fromPointer = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    seek(((event.clientX - box.left) / box.width) * seconds);
  };
  const fromKey = (event: KeyboardEvent) => {
    const to = { ArrowRight: time + STEP_SECONDS, ArrowUp: time + STEP_SECONDS, ArrowLeft: time - STEP_SECONDS, ArrowDown: time - STEP_SECONDS, Home: 0, End: seconds }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    seek(to);
  };
  const path = wavePath(wave);
  const waveId = useId();
  const played = `${((time / seconds) * 100).toFixed(2)}%`;

  return (
    <div className="preview" data-playing={playing ? "" : undefined}>
      <audio
        ref={audio}
        className="preview__native"
        controls
        preload="none"
        src={src}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onTimeUpdate={(event) => setTime(event.currentTarget.currentTime)}
      />
      <div className="preview__player">
        <button type="button" className="preview__play" aria-label={`${playing ? "Pause" : "Play"} the preview of ${title}`} onClick={toggle}>
          <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false">
            <path d={playing ? "M5 4h3.5v12H5zM11.5 4H15v12h-3.5z" : "M6 3.5v13l11-6.5z"} />
          </svg>
        </button>
        <div
          className="preview__wave"
          data-drawn={drawn ? "" : undefined}
          role="slider"
          tabIndex={0}
          aria-label={`Position in the preview of ${title}`}
          aria-valuemin={0}
          aria-valuemax={Math.round(seconds)}
          aria-valuenow={Math.round(time)}
          aria-valuetext={`${clock(time)} of ${clock(seconds)}`}
          onPointerDown={fromPointer}
          onKeyDown={fromKey}
          style={time > 0 ? ({ "--played": played } as object) : undefined}
        >
          <svg viewBox={`0 0 ${wave.length * 2} 20`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
            {/* The bars once, and the part that has played drawn over them from the same path. */}
            <g className="preview__bars">
              <path id={waveId} d={drawn ? path : undefined} />
            </g>
            <use href={`#${waveId}`} className="preview__bars--played" />
          </svg>
        </div>
        <span className="preview__time">
          {clock(time)} / {clock(seconds)}
        </span>
        <label className="preview__volume">
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4zM15.5 9a4 4 0 0 1 0 6M18 6.5a7.5 7.5 0 0 1 0 11" />
          </svg>
          <span className="visually-hidden">Volume of the preview of {title}</span>
          <input type="range" min={0} max={100} value={volume} aria-valuetext={`${volume} percent`} onChange={(event) => setVolume(Number(event.target.value))} />
        </label>
      </div>
    </div>
  );
}
