import { useEffect, type HTMLAttributes } from "react";
import { onOtherSound } from "../audio/exclusive";

/** "1:05": a time in minutes and seconds. */
export const clock = (s: number) => `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, "0")}`;

/** The waveform as one path of bars on a 2-unit grid; each bar moves from the last, so it is a few characters a bar. */
export function wavePath(wave: string): string {
  const levels = [...wave].map(Number);
  return levels
    .map((level, i) =>
      i === 0 ? `M1 ${9 - level}v${2 + 2 * level}` : `m2-${level + levels[i - 1]! + 2}v${2 + 2 * level}`,
    )
    .join("");
}

/** One sound at a time, and none from a hidden page. `owner`: what the player claims the sound with (claimSound). */
export function useOneSound(owner: object, stop: () => void): void {
  useEffect(() => {
    const hidden = () => document.visibilityState === "hidden" && stop();
    document.addEventListener("visibilitychange", hidden);
    const stopListening = onOtherSound(owner, stop);
    return () => {
      document.removeEventListener("visibilitychange", hidden);
      stopListening();
    };
  }, [owner, stop]);
}

/** Every player's controls; the waveform is drawn by the build, so it is whole before any script runs. */
export function PlayerControls({
  playing,
  playLabel,
  onToggle,
  wave,
  time,
  seconds,
  seek,
  volume,
  volumeLabel,
  volumeText,
  onVolume,
  icon,
  compact = false,
}: {
  playing: boolean;
  /** What the button does now, for a screen reader (and, hidden, its text). */
  playLabel: string;
  onToggle: () => void;
  /** A digit per bar, its height (src/lib/preview.ts). */
  wave: string;
  time: number;
  seconds: number;
  /** A preview's waveform is a slider to seek with (its role, names and handlers); the sample's only shows how far it has played. */
  seek?: HTMLAttributes<HTMLDivElement>;
  volume: number;
  volumeLabel: string;
  volumeText: string;
  onVolume: (volume: number) => void;
  /** The button's shape while playing (a path on a 20-unit square): pause, where the sound goes on from there, or stop. */
  icon: string;
  compact?: boolean;
}) {
  const path = wavePath(wave);
  return (
    <div className={compact ? "player player--compact" : "player"} data-playing={playing ? "" : undefined}>
      {/* Both shapes drawn, the stylesheet showing one: a Play the loader answers before React has taken over
          (src/client/loader.ts) shows its sound playing too. */}
      <button type="button" className="player__play" onClick={onToggle}>
        <svg viewBox="0 0 20 20" aria-hidden="true">
          <path className="player__icon-play" d="M6 3.5v13l11-6.5z" />
          <path className="player__icon-playing" d={icon} />
        </svg>
        <span className="visually-hidden">{playLabel}</span>
      </button>
      <div
        className="player__wave"
        style={time > 0 ? ({ "--played": `${(100 * time) / seconds}%` } as object) : undefined}
        {...seek}
      >
        <svg viewBox={`0 0 ${wave.length * 2} 20`} preserveAspectRatio="none" aria-hidden="true">
          <path className="player__bars" d={path} />
          <path className="player__bars player__bars--played" d={path} />
        </svg>
      </div>
      <span className="player__time">{`${clock(time)} / ${clock(seconds)}`}</span>
      {!compact && (
        <label className="player__volume">
          <span className="volume-icon" aria-hidden="true" />
          <span className="visually-hidden">{volumeLabel}</span>
          <input
            type="range"
            min={0}
            max={100}
            value={volume}
            aria-valuetext={volumeText}
            onChange={(event) => onVolume(Number(event.target.value))}
          />
        </label>
      )}
    </div>
  );
}
