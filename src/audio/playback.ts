// The preview player's decisions, apart from the element and React, so each host's and engine's case can be tested.

export interface SourceState {
  /** The host has answered: it serves ranges, or the whole file is held in memory. Before that, a seek waits. */
  seekable: boolean;
  /** Playback has begun (WebKitGTK can stall on a seek made while it is still starting). */
  started?: boolean;
  /** A seek asked for and not yet applied, in seconds. */
  wanted?: number;
  /** The file the host has been asked about (whether it serves ranges), once per file, on its first Play. */
  asked?: string;
  /** The object URL of the whole file, when the host sent it all. */
  held?: string;
  /** The source is being swapped for the held file: a pause then is the swap's, not the visitor's. */
  swapping?: boolean;
}

interface Position {
  seeking: boolean;
  /** NaN until known; it can grow as a stream plays (WebKitGTK learns a held file's length only as it plays). */
  duration: number;
  currentTime: number;
}

/** How near a kept seek the element must report itself to count as there. */
export const LANDED_WITHIN_SECONDS = 1;

/**
 * A kept seek: applied only once the file can be seeked and playback has begun, within the length the element knows
 * (WebKitGTK ends playback at a seek past it), and again until the element reports itself there (an engine can drop
 * a seek made as playback starts). True: seek now; false: it has landed, forget it; undefined: wait.
 */
export function keptSeek({ wanted, seekable, started }: SourceState, element: Position): boolean | undefined {
  if (wanted === undefined || !seekable || !started || element.seeking || !(element.duration > wanted))
    return undefined;
  return Math.abs(element.currentTime - wanted) >= LANDED_WITHIN_SECONDS;
}

type SwappableElement = Position &
  Pick<HTMLMediaElement, "currentSrc" | "paused" | "error" | "preload" | "src" | "play" | "addEventListener">;

/** Resolves when the element knows its file's length, or fails: there is nothing more to wait for then. */
const measured = (element: SwappableElement) =>
  new Promise((resolve) => {
    element.addEventListener("loadedmetadata", resolve, { once: true });
    element.addEventListener("error", resolve, { once: true });
  });

/**
 * Asks the host for one byte. A host that answers a range request with the whole file (Cloudflare Pages) lets an
 * element play but not seek, and Safari not even play: then the file is played from memory, at the position it had
 * (or was asked for), resuming if it was playing. Either way the file can be seeked afterwards (`state.seekable`).
 * `refused` is called when the held file may not play (a browser's autoplay rule).
 */
export async function askHost(
  element: SwappableElement,
  src: string,
  state: SourceState,
  refused: () => void,
  get: typeof fetch = fetch,
): Promise<void> {
  try {
    // Past the browser's cache, which can answer a range from a whole file it holds, whatever the host does.
    const response = await get(element.currentSrc || src, { headers: { range: "bytes=0-0" }, cache: "no-store" });
    if (response.status === 206) void response.body?.cancel();
    else if (response.ok) {
      state.held = URL.createObjectURL(await response.blob());
      const resume = !element.paused || element.error !== null;
      const at = state.wanted ?? element.currentTime;
      // Loaded before it is played or seeked: WebKitGTK, asked to play a file from memory at once, takes it for a
      // stream of unknown length and ends playback at the first seek.
      state.swapping = true;
      element.preload = "auto";
      element.src = state.held;
      await measured(element);
      if (at > 0 && element.duration > at) element.currentTime = at;
      // Unless the visitor paused meanwhile (which ends the swap).
      if (resume && state.swapping) await element.play().catch(refused);
      state.swapping = false;
    }
  } catch {
    // Offline, or refused: the element is left to do what it can by itself.
  }
  state.seekable = true;
}
