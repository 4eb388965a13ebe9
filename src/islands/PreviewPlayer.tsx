import { useEffect, useLayoutEffect, useRef, useState, type AudioHTMLAttributes, type HTMLAttributes } from "react";
import { claimSound } from "../audio/exclusive";
import { clock, PlayerControls, useOneSound } from "../components/Player";
import { askHost, keptSeek, type SourceState } from "../audio/playback";
import { volumeToLevel } from "../audio/volume";
import { player } from "../content/player";
import { fillSlots } from "../lib/slots";

export interface PreviewPlayerProps {
  /** The field's slug: what names its preview in any build of the page (src/client/loader.ts finds it so). */
  field: string;
  title: string;
  /** The studio's name, shown as the artist on the lock screen. */
  studio: string;
  src: string;
  seconds: number;
  /** The waveform: a digit per bar, its height (computed by the build; src/lib/preview.ts). */
  wave: string;
  artwork: string;
  /** Where the volume slider starts, out of 100: low, as the band sample's does. */
  startVolume: number;
  /** A card's player: without the volume slider (the field's own page has it). */
  compact?: boolean;
}

const STEP_SECONDS = 5;

/**
 * A field's preview: without JavaScript the browser's own <audio controls preload="none">; with it, the site's player
 * drives that same element, and names itself to the lock screen on every start (WebKit clears it then).
 */
export function PreviewPlayer(props: PreviewPlayerProps) {
  const { field, title, src, seconds, wave, compact } = props;
  const { audio, playing, time, volume, setVolume, toggle, seek, events } = usePreview(props);
  return (
    <div className="preview">
      <audio ref={audio} className="preview__native" controls preload="none" src={src} data-field={field} {...events} />
      <PlayerControls
        playing={playing}
        playLabel={fillSlots(playing ? player.pause : player.play, { title })}
        onToggle={toggle}
        wave={wave}
        time={time}
        seconds={seconds}
        seek={seekSlider(title, time, seconds, seek)}
        volume={volume}
        volumeLabel={fillSlots(player.volume, { title })}
        volumeText={fillSlots(player.volumeValue, { volume })}
        onVolume={setVolume}
        icon="M5 4h3.5v12H5zM11.5 4H15v12h-3.5z"
        compact={compact}
      />
    </div>
  );
}

function usePreview({ title, studio, src, seconds, artwork, startVolume }: PreviewPlayerProps) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [volume, setVolume] = useState(startVolume);
  // Where the file can be seeked, and a seek kept until it can (src/audio/playback.ts).
  const source = useRef<SourceState>({ seekable: false });

  // A pause the visitor (or the page) asks for, which also ends a swap of the source under way.
  const pause = () => {
    source.current.swapping = false;
    audio.current?.pause();
  };

  const owner = useRef({}).current;
  useOneSound(owner, pause);
  useEffect(
    () => () => {
      if (source.current.held) URL.revokeObjectURL(source.current.held);
    },
    [],
  );
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
  // A sound starting: the others stop, the lock screen names it, and the host is asked (once a file: a preview a
  // deploy replaced is another) how it serves the file.
  const started = () => {
    claimSound(owner);
    nameOnLockScreen();
    const file = audio.current!.currentSrc || src;
    if (source.current.asked !== file && !file.startsWith("blob:")) {
      source.current.asked = file;
      void askHost(audio.current!, src, source.current, () => setPlaying(false)).then(applyWanted);
    }
  };
  const toggle = () => {
    const element = audio.current!;
    if (!element.paused) return pause();
    // Played at once, within the click, as browsers require; the host is asked meanwhile.
    void element.play().catch(() => {});
    started();
  };
  // The same element a Play tapped before React arrived has started (src/client/loader.ts): taken over as it is,
  // before the first paint of the island (Pause stays drawn).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the island is taken over
  useLayoutEffect(() => {
    const element = audio.current!;
    if (element.paused) return;
    setPlaying(true);
    setTime(element.currentTime);
    started();
  }, []);
  const seek = (to: number) => {
    const at = Math.min(Math.max(to, 0), seconds);
    // Made at once where the file can take it (src/audio/playback.ts, keptSeek), or kept until it can.
    if (source.current.seekable && source.current.started) audio.current!.currentTime = at;
    else source.current.wanted = at;
    setTime(at);
  };
  const events: AudioHTMLAttributes<HTMLAudioElement> = {
    onPlay: () => setPlaying(true),
    onPause: () => source.current.swapping || setPlaying(false),
    onDurationChange: applyWanted,
    onPlaying: () => {
      source.current.started = true;
      // A file the page put in place of one a deploy removed is asked about too (src/client/loader.ts).
      started();
      applyWanted();
    },
    onTimeUpdate: (event) => {
      applyWanted();
      // Until a kept seek is applied, the bar stays where the visitor put it.
      if (source.current.wanted === undefined) setTime(event.currentTarget.currentTime);
    },
  };
  return { audio, playing, time, volume, setVolume, toggle, seek, events };
}

/** The waveform as a slider to seek with, by pointer or keys. */
function seekSlider(
  title: string,
  time: number,
  seconds: number,
  seek: (to: number) => void,
): HTMLAttributes<HTMLDivElement> {
  return {
    role: "slider",
    tabIndex: 0,
    "aria-label": fillSlots(player.position, { title }),
    "aria-valuemax": Math.round(seconds),
    "aria-valuenow": Math.round(time),
    "aria-valuetext": fillSlots(player.time, { now: clock(time), length: clock(seconds) }),
    onPointerDown: (event) => {
      const box = event.currentTarget.getBoundingClientRect();
      seek(((event.clientX - box.left) / box.width) * seconds);
    },
    onKeyDown: (event) => {
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
    },
  };
}
