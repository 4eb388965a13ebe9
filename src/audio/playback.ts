/**
 * The preview player's decisions, apart from the element and React (src/islands/PreviewPlayer.tsx renders them),
 * so that each host's and engine's case can be tested on its own.
 */

/** What the player knows of where its file can be seeked. */
export interface SeekState {
  /** The host has answered: it serves ranges, or the whole file is held in memory. Before that, a seek waits. */
  seekable: boolean;
  /** Playback has begun (WebKitGTK can stall on a seek made while it is still starting). */
  started?: boolean;
  /** A seek asked for and not yet applied, in seconds. */
  wanted?: number;
}

/** What an element reports of its position. */
export interface Position {
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
export function keptSeek({ wanted, seekable, started }: SeekState, element: Position): boolean | undefined {
  if (wanted === undefined || !seekable || !started || element.seeking || !(element.duration > wanted))
    return undefined;
  return Math.abs(element.currentTime - wanted) >= LANDED_WITHIN_SECONDS;
}
