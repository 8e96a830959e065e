// Clocks that count down by the second to a time the server set (a game's or a round's ends_at).

// Seconds as the clock shows them: 125 -> "2:05".
export const minutesSeconds = (seconds) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

// Whole seconds left until `endsAt` (a timestamp in ms), with `offset` the server's clock minus this phone's.
export const secondsLeft = (endsAt, offset = 0) => Math.ceil((endsAt - Date.now() - offset) / 1000);

// Call `tick()` now and every second; returns a function that stops it.
export function everySecond(tick) {
  tick();
  const timer = setInterval(tick, 1000);
  return () => clearInterval(timer);
}
