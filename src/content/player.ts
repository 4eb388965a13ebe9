/**
 * What a field's preview player says: its controls' names, which a screen reader speaks, and the album a phone's
 * lock screen shows under the field's title. {title} is the field's title; {now} and {length} are times such as
 * 0:30; {volume} is out of 100.
 */
export const player = {
  play: "Play the preview of {title}",
  pause: "Pause the preview of {title}",
  position: "Position in the preview of {title}",
  time: "{now} of {length}",
  volume: "Volume of the preview of {title}",
  volumeValue: "{volume} percent",
  album: "Preview",
};
