// Heavy work that must not crowd out the rest of the process takes turns: one at a time, in order of arrival,
// and after each turn the next waits long enough that such work fills at most `share` of the time. A turn that
// took t ms is followed by a pause of t × (1 / share − 1) ms, in which whatever the caller still does with the
// turn's result (serialising, sending) runs beside the other requests instead of beside another turn.
// `weigh` scales the pause by how heavy the result turned out (0: light, no pause; 1: the whole pause), so
// that light turns (a small feed page) are not slowed for the sake of heavy ones; a failed turn pauses fully.
type PacedTurns = <T>(work: () => Promise<T>, weigh?: (result: T) => number) => Promise<T>;

export function pacedTurns(share: number): PacedTurns {
  if (!(share > 0 && share <= 1)) throw new Error('share must be in (0, 1]');
  let previous: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>, weigh: (result: T) => number = () => 1): Promise<T> => {
    let pauseMs = 0;
    const run = async () => {
      const started = performance.now();
      let weight = 1;
      try {
        const result = await work();
        weight = Math.min(1, Math.max(0, weigh(result)));
        return result;
      } finally {
        pauseMs = (performance.now() - started) * (1 / share - 1) * weight;
      }
    };
    const turn = previous.then(run, run);
    const pause = () => new Promise<void>((resolve) => setTimeout(resolve, pauseMs));
    previous = turn.then(pause, pause);
    return turn;
  };
}
