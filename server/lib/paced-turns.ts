// Heavy work that must not crowd out the rest of the process takes turns: one at a time, in order of arrival,
// and after each turn the next waits long enough that such work fills at most `share` of the time. A turn that
// took t ms is followed by a pause of t × (1 / share − 1) ms, in which whatever the caller still does with the
// turn's result (serialising, sending) runs beside the other requests instead of beside another turn.
type PacedTurns = <T>(work: () => Promise<T>) => Promise<T>;

export function pacedTurns(share: number): PacedTurns {
  if (!(share > 0 && share <= 1)) throw new Error('share must be in (0, 1]');
  let previous: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    let pauseMs = 0;
    const run = async () => {
      const started = performance.now();
      try {
        return await work();
      } finally {
        pauseMs = (performance.now() - started) * (1 / share - 1);
      }
    };
    const turn = previous.then(run, run);
    const pause = () => new Promise<void>((resolve) => setTimeout(resolve, pauseMs));
    previous = turn.then(pause, pause);
    return turn;
  };
}
